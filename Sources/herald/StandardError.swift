import Foundation

/// Writes a diagnostic line to standard error; the commands then exit non-zero.
enum StandardError {
    static func write(_ message: String) {
        FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    }
}
