/// A failure of a command that it reports on standard error and ends with an
/// ``ExitStatus`` (sysexits): 64 usage, 65 bad input data, 73 cannot create output,
/// 74 I/O error, 75 temporary failure.
///
/// ```swift
/// throw CommandFailure(.usage, "--html \(path): is the scenario file; give another path")
/// ```
struct CommandFailure: Error, CustomStringConvertible {
    var status: ExitStatus
    var message: String

    init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { message }
}
