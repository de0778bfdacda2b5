import Foundation
import Herald

/// A scenario event, as it was applied during the run.
///
/// ```swift
/// if case .event(let event) = entry { print(event.local, event.action) }  // 2026-11-21T09:05 complete habit/stretch
/// ```
public struct TimelineEvent: Hashable, Sendable {
    public var date: Date
    public var local: LocalDateTime
    package var action: ScenarioEvent.Action
    /// What became of it when that is not obvious: saved while the app was not running,
    /// a post the engine refused, a `ready` when the app already was.
    public var note: String?

    package init(date: Date, local: LocalDateTime, action: ScenarioEvent.Action, note: String? = nil) {
        self.date = date
        self.local = local
        self.action = action
        self.note = note
    }
}
