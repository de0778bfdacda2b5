import Foundation
import Herald

/// One run of the engine's reconcile during a scenario: why it ran and what it did.
///
/// ```swift
/// let launch = result.reconciles.first!
/// print(launch.reasons, launch.added)   // ["launch"] 6
/// ```
public struct TimelineReconcile: Hashable, Sendable {
    public var date: Date
    public var local: LocalDateTime
    /// The reasons that asked for it (`EngineEvent` descriptions).
    public var reasons: [String]
    /// Pending requests added (new or changed), removed, and left as they were: the
    /// run's whole difference, whatever event asked for it (the event itself writes
    /// nothing to the center).
    public var added: Int
    public var removed: Int
    public var unchanged: Int
    public var failedAdds: Int
    /// Delivered notifications removed because they no longer ask anything of the user
    /// (done, snoozed, deferred, paused, deleted).
    public var clearedDelivered: Int
    /// Reminders that gave their slot to snoozes and posted events above the reserve.
    public var displaced: Int
    /// How many reminders (location reminders and groups included, a group once) the
    /// plan holds; `nil` when planning failed.
    public var planned: Int?
    /// The app badge the engine set, when it set one.
    public var badgeSet: Int?
    /// Until when every due reminder is scheduled; `nil` when planning failed.
    public var coverageHorizon: Date?
    /// Until when every due reminder fires if the app never runs again; `nil` when
    /// planning failed.
    package var guaranteedCoverage: GuaranteedCoverage?
    /// By when the plan must be re-planned to keep that coverage; `nil` when planning
    /// failed or the plan needs no refresh.
    public var refreshDeadline: Date?
    /// Why planning failed, when it did.
    public var failure: String?
    /// Whether notifications were turned off, so the run left the center alone
    /// (`ReconcileReport.heldWhileNotificationsOff`).
    public var heldWhileNotificationsOff = false
    /// Whether badges were turned off in Settings, so the run set no badge and handed
    /// the center none (`ReconcileReport.badgesOff`).
    public var badgesOff = false
    /// What the plan forecasts for rules whose urgency the settings change (a level
    /// passed over, or held by the summary), one per rule, when that differs from the
    /// last run's: `habit/pills/evening: time-sensitive (alarm: no alarms; critical: not allowed)`
    /// (`Plan.delivery(of:)`). Empty when nothing changed.
    public var urgency: [String] = []
    /// What the run did to the alarm service (`ReconcileReport.alarms`): `nil`
    /// when it scheduled, cancelled and was refused nothing.
    package var alarms: AlarmOutcome?

    package init(date: Date, local: LocalDateTime, reasons: [String], added: Int, removed: Int, unchanged: Int,
                failedAdds: Int, clearedDelivered: Int = 0, displaced: Int = 0, planned: Int?, badgeSet: Int?,
                coverageHorizon: Date?, failure: String?, guaranteedCoverage: GuaranteedCoverage? = nil,
                refreshDeadline: Date? = nil, heldWhileNotificationsOff: Bool = false) {
        self.date = date
        self.local = local
        self.reasons = reasons
        self.added = added
        self.removed = removed
        self.unchanged = unchanged
        self.failedAdds = failedAdds
        self.clearedDelivered = clearedDelivered
        self.displaced = displaced
        self.planned = planned
        self.badgeSet = badgeSet
        self.coverageHorizon = coverageHorizon
        self.guaranteedCoverage = guaranteedCoverage
        self.refreshDeadline = refreshDeadline
        self.failure = failure
        self.heldWhileNotificationsOff = heldWhileNotificationsOff
    }
}

extension TimelineReconcile {
    /// How many reasons a timeline line names; the others are counted
    /// (``moreReasons``): a batch of 2,000 edits planned once names 5 of them.
    package static let namedReasonLimit = 5

    /// The reasons a timeline line names: the first ``namedReasonLimit``.
    package var namedReasons: ArraySlice<String> { reasons.prefix(Self.namedReasonLimit) }

    /// How many reasons a timeline line does not name (0 when it names them all).
    package var moreReasons: Int { reasons.count - namedReasons.count }

    /// The reasons as the timeline writes them, bounded:
    /// `entity changed habit/e0, …, entity changed habit/e4 and 1995 more`.
    package var reasonsText: String {
        let named = namedReasons.joined(separator: ", ")
        return moreReasons > 0 ? "\(named) and \(moreReasons) more" : named
    }

    /// What the run changed, as the timeline writes it after the reasons:
    /// `+3 -0 =0, cleared 1 delivered, planned 3, app badge set to 0`.
    package var changeText: String {
        var text = "+\(added) -\(removed) =\(unchanged)"
        if failedAdds > 0 { text += " (\(failedAdds) failed)" }
        if clearedDelivered > 0 { text += ", cleared \(clearedDelivered) delivered" }
        if let planned { text += ", planned \(planned)" }
        if displaced > 0 { text += " (\(displaced) displaced by snoozes and events)" }
        if let badgeSet { text += ", app badge set to \(badgeSet)" }
        if heldWhileNotificationsOff { text += ", notifications off: the center is left as it is" }
        if badgesOff { text += ", badges off: no badge set" }
        if let failure { text += ", planning failed: \(failure)" }
        if let alarms { text += "; " + Self.alarmsText(alarms) }
        if !urgency.isEmpty { text += "; urgency: " + urgency.joined(separator: "; ") }
        return text
    }

    /// `alarms +1 -0 =2 (1 refused: herald:reminder:...)`: alarms scheduled, cancelled
    /// and left as they were, and those the service refused.
    package static func alarmsText(_ alarms: AlarmOutcome) -> String {
        var text = "alarms +\(alarms.scheduled) -\(alarms.cancelled) =\(alarms.unchanged)"
        if !alarms.refused.isEmpty {
            text += " (\(alarms.refused.count) refused: \(alarms.refused.map(\.description).joined(separator: ", ")))"
        }
        return text
    }
}
