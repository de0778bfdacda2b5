import Foundation
import Herald

/// Where the platform's time signals come from, as `TimeChange` values:
/// ``FoundationTimeSignals`` on a device; any stream in tests.
///
/// ```swift
/// struct ScriptedSignals: TimeSignalSource {
///     let changes: [TimeChange]
///     func timeChanges() -> AsyncStream<TimeChange> {
///         AsyncStream { continuation in
///             changes.forEach { continuation.yield($0) }
///             continuation.finish()
///         }
///     }
/// }
/// ```
public protocol TimeSignalSource: Sendable {
    /// The signals from now on, in the order they arrive; the stream ends when the
    /// source stops.
    func timeChanges() -> AsyncStream<TimeChange>
}
