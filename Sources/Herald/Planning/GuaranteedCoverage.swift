import Foundation

/// How far a plan reaches if the app never runs again: every due reminder before this
/// point fires with no further re-plan.
///
/// A plan of one-shot requests covers until its coverage horizon (the first occurrence
/// the budget left out, or the end of the planning horizon). A rule covered by a
/// repeating trigger keeps firing with no re-plan, so a plan whose every due rule is
/// covered that way is ``unbounded``, unless a daylight-saving change skips or repeats
/// one of their times: the platform's handling of that is not confirmed, so coverage
/// ends there (see ``PlannerConfiguration/RepeatingTriggerPolicy``).
///
/// ```swift
/// switch plan.guaranteedCoverage {
/// case .until(let end): print("reminders stop at \(end) unless the app runs")
/// case .unbounded: print("every reminder keeps firing without the app")
/// }
/// plan.guaranteedCoverage.date     // nil when unbounded
/// ```
package enum GuaranteedCoverage: Hashable, Sendable, Comparable {
    /// Every due reminder before this instant fires with no further re-plan.
    case until(Date)
    /// Every due reminder fires with no further re-plan, however long the app stays closed.
    case unbounded

    /// The instant coverage ends, or `nil` when it is unbounded.
    public var date: Date? {
        switch self {
        case .until(let date): date
        case .unbounded: nil
        }
    }

    /// Whether this coverage includes `instant`: it ends after it, or never ends.
    public func covers(_ instant: Date) -> Bool {
        guard let date else { return true }
        return instant < date
    }

    /// Shorter coverage first; ``unbounded`` is the longest.
    public static func < (lhs: GuaranteedCoverage, rhs: GuaranteedCoverage) -> Bool {
        switch (lhs, rhs) {
        case (.until(let left), .until(let right)): left < right
        case (.until, .unbounded): true
        case (.unbounded, _): false
        }
    }
}
