#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A pipe for a child process's standard output that the test reads only when it
/// chooses. Once the pipe's buffer is full (64 KiB on Linux), the child waits in its
/// next write, so a run that prints more than the test has read plus that buffer is
/// still running when the test acts, however late a loaded machine schedules the
/// test itself. Tests that stop a run half way use it instead of a run "long enough".
///
/// ```swift
/// let output = try GatedOutput()
/// let process = try startHerald(arguments, output: output)
/// let first = await output.read(atLeast: 20_000)    // the run is past its start...
/// kill(process.processIdentifier, SIGTERM)            // ...and cannot have ended
/// let rest = await output.readToEnd()                 // lets it write while it exits
/// process.waitUntilExit()
/// ```
public final class GatedOutput: Sendable {
    /// The pipe's end the child writes to: its standard output.
    public let childEnd: FileHandle
    private let readEnd: Int32
    private let writeEnd: Int32

    /// Linux's default pipe buffer: how much a child can write before the test reads.
    public static let pipeBuffer = 65_536

    public init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        // Neither end leaks into other children started meanwhile (tests run in
        // parallel): only the child given `childEnd` holds the write end, so the read
        // end sees the output's end when that child exits.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        writeEnd = ends[1]
        childEnd = FileHandle(fileDescriptor: ends[1], closeOnDealloc: false)
    }

    deinit {
        close(readEnd)
    }

    /// Closes the test's own copy of the write end: call once the child has started.
    public func childStarted() {
        close(writeEnd)
    }

    /// Reads until `count` bytes have come or the output ended (the child exited).
    public func read(atLeast count: Int) async -> Data {
        await onThreadOfItsOwn { self.readBlocking(upTo: count) }
    }

    /// Reads everything the child still writes, until it exits.
    public func readToEnd() async -> Data {
        await onThreadOfItsOwn { self.readBlocking(upTo: .max) }
    }

    private func readBlocking(upTo count: Int) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while data.count < count {
            let wanted = min(buffer.count, count - data.count)
            let got = buffer.withUnsafeMutableBytes { systemRead(readEnd, $0.baseAddress, wanted) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            data.append(contentsOf: buffer[0..<got])
        }
        return data
    }

    /// A blocking read on a thread of its own, so that it never holds one of the few
    /// threads the tests' tasks share.
    private func onThreadOfItsOwn(_ body: @escaping @Sendable () -> Data) async -> Data {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }
}

/// The C library's `read(2)`, out of reach of ``GatedOutput``'s own `read` methods.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
