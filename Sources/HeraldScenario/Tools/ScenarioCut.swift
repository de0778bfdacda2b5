import Foundation
import Herald

/// An occurrence the last plan of a run did not schedule, and why: what the summary,
/// `herald plan` and the HTML report list as the plan's cuts.
///
/// ```swift
/// for cut in result.summary.cutList {
///     print(cut.local, cut.entity, cut.rule, cut.reason)   // 2026-12-03T13:00 habit/water sips over budget
/// }
/// ```
public struct ScenarioCut: Hashable, Sendable, Codable {
    public enum Reason: String, Hashable, Sendable, Codable, CustomStringConvertible {
        /// Sooner (or, at one instant, higher-priority) occurrences filled the budget.
        case overBudget = "over budget"
        /// Snoozes and posted events outgrew the reserve and took its slot.
        case displaced
        /// It asks for an alarm, and the alarm channel's limit was reached by sooner ones.
        case alarmLimitReached = "the alarm limit is reached"

        public var description: String { rawValue }
    }

    public var entity: EntityReference
    public var rule: String
    /// When it would have fired.
    public var date: Date
    /// Its local date-time as the rule names it.
    public var local: LocalDateTime
    public var reason: Reason

    package init(entity: EntityReference, rule: String, date: Date, local: LocalDateTime, reason: Reason) {
        self.entity = entity
        self.rule = rule
        self.date = date
        self.local = local
        self.reason = reason
    }

    init(_ cut: PlanCut) {
        self.init(entity: cut.rule.entity, rule: cut.rule.rule, date: cut.occurrence.date,
                  local: cut.occurrence.local, reason: Self.reason(cut.reason))
    }

    private static func reason(_ reason: PlanCut.Reason) -> Reason {
        switch reason {
        case .overBudget: .overBudget
        case .displaced: .displaced
        case .alarmLimitReached: .alarmLimitReached
        }
    }
}
