/// A failure of a command that it reports on standard error and ends with an exit
/// status (sysexits): 64 usage, 65 bad input data, 73 cannot create output, 74 I/O
/// error, 75 temporary failure.
///
/// ```swift
/// throw CommandFailure(status: 64, "--html \(path): is the scenario file; give another path")
/// ```
struct CommandFailure: Error, CustomStringConvertible {
    var status: Int32
    var message: String

    init(status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { message }
}
