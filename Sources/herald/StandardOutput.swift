import Foundation
import Synchronization

/// Writes text to standard output as a run streams it, in blocks of about 64 KB so a
/// year-long timeline costs a few thousand writes, not one per line; ``flush()`` writes
/// the rest.
///
/// ```swift
/// let output = StandardOutput()
/// let sink = ScenarioFormattingSink(ScenarioJSONLinesFormatter(), write: output.write)
/// ...
/// output.flush()
/// ```
final class StandardOutput: Sendable {
    private let buffer = Mutex(Data())
    private static let blockSize = 1 << 16

    func write(_ text: String) {
        buffer.withLock { buffer in
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= Self.blockSize {
                FileHandle.standardOutput.write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    func flush() {
        buffer.withLock { buffer in
            if !buffer.isEmpty { FileHandle.standardOutput.write(buffer) }
            buffer.removeAll()
        }
    }
}
