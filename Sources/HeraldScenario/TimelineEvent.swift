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
    public var action: ScenarioEvent.Action

    public init(date: Date, local: LocalDateTime, action: ScenarioEvent.Action) {
        self.date = date
        self.local = local
        self.action = action
    }
}
