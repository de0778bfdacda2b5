import Foundation

/// One occurrence that made the plan: which rule, when, and its badge.
public struct PlannedReminder: Hashable, Sendable {
    public var rule: ReminderRule
    public var occurrence: Occurrence
    /// The badge the notification sets when delivered, or `nil` for none.
    public var badge: Int?
    /// The device-local day the reminder fires on (what "done today" refers to).
    public var day: LocalDate
    /// The local date-time the platform trigger should match: the occurrence's
    /// instant read in the schedule's zone (03:30 for a 02:30 that does not exist).
    public var triggerTime: LocalDateTime

    public init(rule: ReminderRule, occurrence: Occurrence, badge: Int?, day: LocalDate, triggerTime: LocalDateTime) {
        self.rule = rule
        self.occurrence = occurrence
        self.badge = badge
        self.day = day
        self.triggerTime = triggerTime
    }

    public var identifier: NotificationIdentifier { rule.identifier(for: occurrence.local) }
    public var date: Date { occurrence.date }

    /// The platform trigger: a one-shot calendar trigger in the rule's pinned zone, or
    /// floating with the device's zone.
    public var trigger: NotificationTrigger {
        .calendar(CalendarTrigger(at: triggerTime, timeZone: rule.schedule.timeZone))
    }

    /// The request for this reminder with the app's content: Herald sets the badge and
    /// adds its payload to `userInfo`.
    public func request(with content: NotificationContent) -> NotificationRequest {
        var content = content
        content.badge = badge
        let identifier = identifier
        content.userInfo = HeraldPayload(identifier: identifier).userInfo(merging: content.userInfo)
        return NotificationRequest(identifier: identifier.description, content: content, trigger: trigger)
    }
}
