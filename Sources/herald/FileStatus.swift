#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a path names, following symbolic links: the kind of file and its identity
/// (device and inode), so that two spellings of one file are seen to be one.
///
/// ```swift
/// let status = FileStatus(path: "report.html")
/// if status.kind == .folder { ... }
/// FileStatus(path: "a.sqlite").isSameFile(as: FileStatus(path: "link-to-a.sqlite"))  // true
/// ```
struct FileStatus: Equatable {
    enum Kind: Equatable {
        case missing, regular, folder, pipe, characterDevice, blockDevice, socket, other
    }

    var kind: Kind
    var device: UInt64 = 0
    var inode: UInt64 = 0

    init(path: String) {
        var info = stat()
        self.init(stat(path, &info) == 0 ? info : nil)
    }

    init(descriptor: Int32) {
        var info = stat()
        self.init(fstat(descriptor, &info) == 0 ? info : nil)
    }

    private init(_ found: stat?) {
        guard let info = found else {
            kind = .missing
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .folder
        case S_IFIFO: kind = .pipe
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// Both name one existing file.
    func isSameFile(as other: FileStatus) -> Bool {
        kind != .missing && other.kind != .missing && device == other.device && inode == other.inode
    }

    /// `a folder`, `a character device`, ...: how messages name the kind.
    var kindText: String {
        switch kind {
        case .missing: "missing"
        case .regular: "a file"
        case .folder: "a folder"
        case .pipe: "a pipe"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .other: "not a regular file"
        }
    }

    /// `path` with its folder's symbolic links resolved (and its own, when it names
    /// one that exists): two spellings of a file that does not exist yet compare equal.
    static func resolvedPath(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        guard let resolved = realpath(folder, nil) else { return url.standardizedFileURL.path }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + url.lastPathComponent
    }

    /// The file system holding `path` (or its folder) has no free block left for this
    /// user.
    static func isOnFullDisk(_ path: String) -> Bool {
        var info = statvfs()
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard statvfs(path, &info) == 0 || statvfs(folder, &info) == 0 else { return false }
        return info.f_bavail == 0
    }
}
