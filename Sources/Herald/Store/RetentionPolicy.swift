import Foundation

/// How long Herald keeps its history (the fired log, completions, acknowledgements,
/// handled responses, past snoozes and deferred days) before pruning it, so that the
/// database stays bounded however long the app is used.
///
/// Smart timing learns from the last 30 days, so the window is never shorter than
/// that; the default keeps 90.
///
/// ```swift
/// let store = try SQLiteEngineStore(path: path, retention: RetentionPolicy(days: 120))
/// try store.applyRetention(now: clock.now)   // once a day, or at launch
/// ```
public struct RetentionPolicy: Hashable, Sendable, CustomStringConvertible {
    /// The shortest window allowed: smart timing needs 30 days of history.
    public static let minimumDays = 30
    /// Keeps 90 days.
    public static let standard = RetentionPolicy(days: 90)

    /// How many days of history are kept.
    public let days: Int

    /// - Precondition: `days` is at least ``minimumDays``.
    public init(days: Int) {
        precondition(
            days >= Self.minimumDays,
            "RetentionPolicy(days: \(days)) is shorter than the \(Self.minimumDays) days smart timing needs"
        )
        self.days = days
    }

    /// The instant before which history is dropped: `days` × 24 hours before `now`.
    public func cutoff(now: Date) -> Date {
        now.addingTimeInterval(-Double(days) * 86_400)
    }

    /// The change that applies this policy at `now`: commit it alone, or with an
    /// event's other changes.
    public func pruneChange(now: Date) -> EngineStateChange {
        .prune(before: cutoff(now: now))
    }

    public var description: String { "keep \(days) days" }
}
