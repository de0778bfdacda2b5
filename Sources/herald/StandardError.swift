import Foundation

/// Writes a diagnostic line to standard error: an error, after which the commands
/// exit non-zero, or a warning about a run that still succeeded.
enum StandardError {
    static func write(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data("warning: \(message)\n".utf8))
    }
}
