#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// An exclusive lock on a state file for the whole of a `simulate` run, so that two
/// runs never play on one file at once: `flock` on the file itself, taken without
/// waiting. Every spelling of the file (a symbolic link, a hard link, `./s.sqlite`)
/// meets the same lock, and nothing is created beside it. The kernel releases the lock
/// when the process ends, however it ends (SIGKILL too).
///
/// SQLite's own locks are POSIX record locks, which are separate from `flock` and are
/// all dropped when the process closes any descriptor of the file: ``release()`` is
/// called once SQLite closed its connections to the file.
///
/// ```swift
/// let lock = try StateFileLock(path: "s.sqlite")  // throws StateFileLock.Busy when another run holds it
/// defer { lock.release() }
/// ```
final class StateFileLock: Sendable {
    let path: String
    /// The locked descriptor until ``release()``.
    private let descriptor: Mutex<Int32?>

    /// Another run holds the lock.
    struct Busy: Error, CustomStringConvertible {
        var path: String

        var description: String {
            "\(path): another herald run is using this state file; wait for it to end and run again, or give another --state path"
        }
    }

    /// The file does not exist (it was removed or replaced while being locked).
    struct Missing: Error {}

    /// Takes the lock on the file `path` names (following symbolic links), or throws
    /// ``Busy`` at once, ``Missing``, or ``CommandFailure`` for a file that is not a
    /// regular one (73) or cannot be opened (74).
    init(path: String) throws {
        self.path = path
        // The path may be renamed or replaced while it is locked: check that it still
        // names the locked file.
        for _ in 0..<100 {
            let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else {
                let code = errno
                if code == ENOENT { throw Missing() }
                throw CommandFailure(.ioError, "\(path): cannot open the state file (\(String(cString: strerror(code))))")
            }
            let status = FileStatus(descriptor: descriptor)
            guard status.kind == .regular else {
                close(descriptor)
                throw CommandFailure(.cannotCreate, "\(path): is \(status.kindText), not a state file; give a file path for --state")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                close(descriptor)
                if code == EWOULDBLOCK { throw Busy(path: path) }
                throw CommandFailure(.ioError, "\(path): cannot lock the state file (\(String(cString: strerror(code))))")
            }
            if status.isSameFile(as: FileStatus(path: path)) {
                self.descriptor = Mutex(descriptor)
                return
            }
            close(descriptor)
        }
        throw Busy(path: path)
    }

    /// Releases the lock; later calls do nothing.
    func release() {
        descriptor.withLock { descriptor in
            guard let held = descriptor else { return }
            close(held)
            descriptor = nil
        }
    }
}
