#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// An exclusive lock on a state file for the whole of a `simulate` run, so that two
/// runs never play on one file at once: `flock` on the sidecar file `<path>.lock`,
/// taken without waiting. The sidecar is removed when the lock is released; a killed
/// run (SIGKILL) may leave it behind, which is harmless: the kernel released the lock.
///
/// ```swift
/// let lock = try StateFileLock(path: "s.sqlite")  // throws StateFileLock.Busy when another run holds it
/// defer { lock.release() }
/// ```
final class StateFileLock: Sendable {
    /// The sidecar file that is locked.
    let lockPath: String
    /// The locked descriptor until ``release()``.
    private let descriptor: Mutex<Int32?>

    /// Another run holds the lock.
    struct Busy: Error, CustomStringConvertible {
        var path: String
        var lockPath: String

        var description: String {
            "\(path): another herald run is using this state file (it holds the lock \(lockPath)); "
                + "wait for it to end and run again, or give another --state path"
        }
    }

    /// The lock file cannot be created or locked (a read-only folder, say).
    struct Unavailable: Error, CustomStringConvertible {
        var lockPath: String
        var reason: String

        var description: String {
            "\(lockPath): cannot lock the state file (\(reason)); check that its folder exists and is writable"
        }
    }

    /// Takes the lock on `path` or throws ``Busy`` at once.
    init(path: String) throws {
        let lockPath = path + ".lock"
        self.lockPath = lockPath
        // A run that ends removes the sidecar while it still holds it: a descriptor
        // locked on a removed file is stale, so check the path still names it.
        for _ in 0..<100 {
            let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw Unavailable(lockPath: lockPath, reason: String(cString: strerror(errno)))
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK { throw Busy(path: path, lockPath: lockPath) }
                throw Unavailable(lockPath: lockPath, reason: String(cString: strerror(code)))
            }
            var opened = stat()
            var named = stat()
            if fstat(descriptor, &opened) == 0, stat(lockPath, &named) == 0,
               opened.st_dev == named.st_dev, opened.st_ino == named.st_ino {
                self.descriptor = Mutex(descriptor)
                return
            }
            close(descriptor)
        }
        throw Busy(path: path, lockPath: lockPath)
    }

    /// Removes the sidecar and releases the lock; later calls do nothing.
    func release() {
        descriptor.withLock { descriptor in
            guard let held = descriptor else { return }
            unlink(lockPath)
            close(held)
            descriptor = nil
        }
    }
}
