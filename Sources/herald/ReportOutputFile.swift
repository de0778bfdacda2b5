#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The file `herald simulate --html FILE` writes its page to. It is checked before the
/// run (``refuseClash(_:with:)``: not the scenario, not the state file, not a folder),
/// opened before the run starts without changing it (``open(_:)``: a missing folder or
/// a file it may not write stops the run before anything is played or saved), and
/// written through the path at the end (``write(_:)``): a symbolic link keeps pointing
/// at the file it names, a pipe or `/dev/null` is written to, an existing file keeps
/// its owner and permissions. A folder, a block device or a socket is refused.
///
/// ```swift
/// try ReportOutputFile.refuseClash("run.html", with: [("s.yaml", "the scenario file")])
/// let output = try ReportOutputFile.open("run.html")
/// defer { output.close() }
/// try output.write(page)
/// ```
final class ReportOutputFile {
    let path: String
    private var descriptor: Int32
    /// The run made the file (it did not exist): one never written is removed again.
    private let created: Bool
    private var written = false

    private init(path: String, descriptor: Int32, created: Bool) {
        self.path = path
        self.descriptor = descriptor
        self.created = created
    }

    /// Refuses (64) an `--html` path that names one of `files` (the scenario file, the
    /// state file and its companions), however spelled, or is empty; refuses (73) a
    /// folder or a file that cannot take a page. Nothing is opened or created.
    static func refuseClash(_ path: String, with files: [(path: String, role: String)]) throws {
        guard !path.isEmpty else {
            throw CommandFailure(.usage, "--html: the path is empty; give the file to write the report to")
        }
        let status = FileStatus(path: path)
        let resolved = FileStatus.resolvedPath(path)
        for file in files where status.isSameFile(as: FileStatus(path: file.path))
            || (status.kind == .missing && resolved == FileStatus.resolvedPath(file.path)) {
            throw CommandFailure(.usage, "--html \(path): is \(file.role) (\(file.path)); give another file for the report")
        }
        try refuseKind(status, path: path)
    }

    private static func refuseKind(_ status: FileStatus, path: String) throws {
        switch status.kind {
        case .missing, .regular, .pipe, .characterDevice:
            return
        case .folder:
            throw CommandFailure(.cannotCreate, "--html \(path): is a folder; give a file path for the report")
        default:
            throw CommandFailure(.cannotCreate, "--html \(path): is \(status.kindText), not a file the report can be written to")
        }
    }

    /// Opens the file for writing without changing it (creating it when missing): 73
    /// when it cannot be, as for a missing folder, a file it may not write, or a pipe
    /// no process reads.
    static func open(_ path: String) throws -> ReportOutputFile {
        let flags = O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY
        var created = true
        var descriptor = systemOpen(path, flags | O_CREAT | O_EXCL, 0o666)
        if descriptor < 0, errno == EEXIST {
            created = false
            descriptor = systemOpen(path, flags)
        }
        guard descriptor >= 0 else {
            let code = errno
            let reason = switch code {
            case ENOENT: "its folder does not exist"
            case EISDIR: "it is a folder"
            case ENXIO: "it is a pipe that no process reads"
            default: String(cString: strerror(code))
            }
            throw CommandFailure(.cannotCreate, "--html \(path): cannot write the report (\(reason))")
        }
        let file = ReportOutputFile(path: path, descriptor: descriptor, created: created)
        do {
            try refuseKind(FileStatus(descriptor: descriptor), path: path)
        } catch {
            file.close()
            throw error
        }
        // Writes wait for a slow reader of a pipe.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return file
    }

    /// Writes `page` as the file's whole content (74 when the writing fails).
    func write(_ page: String) throws {
        let isRegular = FileStatus(descriptor: descriptor).kind == .regular
        var bytes = Array(page.utf8)
        let total = bytes.count
        var offset = 0
        let failure: Int32? = bytes.withUnsafeMutableBytes { buffer in
            while offset < buffer.count {
                let count = isRegular
                    ? pwrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset, off_t(offset))
                    : systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }
        if failure == nil, isRegular, ftruncate(descriptor, off_t(total)) != 0 {
            throw CommandFailure(.ioError, "--html \(path): cannot write the report (\(String(cString: strerror(errno))))")
        }
        if let failure {
            throw CommandFailure(.ioError, "--html \(path): cannot write the report (\(String(cString: strerror(failure))))")
        }
        written = true
    }

    /// Closes the file; one the run created and never wrote is removed.
    func close() {
        guard descriptor >= 0 else { return }
        if created, !written, FileStatus(descriptor: descriptor).isSameFile(as: FileStatus(path: path)) {
            unlink(path)
        }
        systemClose(descriptor)
        descriptor = -1
    }
}

// The C functions, which the type's own `open`, `write` and `close` hide inside it.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 { open(path, flags, mode) }
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int { write(descriptor, bytes, count) }
private func systemClose(_ descriptor: Int32) { close(descriptor) }
