#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A new folder of the run's own, removed with everything in it at the end, or by a
/// signal stopping the run (``SignalCleanup``). A database kept in it cannot leave a
/// file behind: once the folder is gone, SQLite cannot create a `-wal`, `-shm` or
/// `-journal` beside the database any more.
///
/// ```swift
/// let folder = try TemporaryFolder(in: NSTemporaryDirectory(), prefix: "herald-simulate-")
/// defer { folder.remove() }
/// let store = try SQLiteEngineStore(path: folder.path + "/state.sqlite")
/// ```
struct TemporaryFolder: Sendable {
    let path: String

    /// The folder cannot be made; `reason` says why (`its folder does not exist`).
    struct CannotCreate: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    /// Makes the folder; throws ``CannotCreate`` when `parent` does not exist or is
    /// not writable.
    init(in parent: String, prefix: String) throws {
        let path = (parent.hasSuffix("/") ? parent : parent + "/") + prefix + UUID().uuidString
        self.path = path
        let made = SignalCleanup.create({ mkdir(path, 0o700) == 0 ? 0 : errno }, cleanup: { Self.remove(path) })
        guard made == 0 else {
            throw CannotCreate(reason: made == ENOENT ? "its folder does not exist" : String(cString: strerror(made)))
        }
    }

    /// Removes the folder and everything in it (also what appears while removing).
    func remove() {
        Self.remove(path)
    }

    private static func remove(_ path: String) {
        for _ in 0..<1000 {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                unlink(path + "/" + name)
            }
            if rmdir(path) == 0 || errno == ENOENT || errno == ENOTDIR { return }
        }
    }
}
