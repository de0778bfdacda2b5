import Foundation

/// Identifies a scenario file's exact text, so a saved state is only resumed by the
/// file that made it: 64-bit FNV-1a over the bytes, as 16 hex digits. Not a security
/// measure; the same on every platform and every run.
///
/// ```swift
/// let fingerprint = ScenarioFingerprint(of: try Data(contentsOf: url))
/// fingerprint.description   // "a3f1c0de12345678"
/// ```
package struct ScenarioFingerprint: Hashable, Sendable, CustomStringConvertible {
    package let value: UInt64

    package init(of data: Data) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        value = hash
    }

    package init(of text: String) {
        self.init(of: Data(text.utf8))
    }

    package var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
