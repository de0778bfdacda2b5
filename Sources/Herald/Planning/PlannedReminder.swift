import Foundation

/// One request that made the plan: a rule's occurrence as a reminder, or a snooze or
/// follow-up of one, with when it fires and its badge.
public struct PlannedReminder: Hashable, Sendable {
    public var rule: ReminderRule
    /// The occurrence this request stands for (for a snooze or follow-up, the
    /// original occurrence).
    public var occurrence: Occurrence
    /// `reminder`, `snooze` or `followUp`.
    public var kind: NotificationKind
    /// When the request fires: the occurrence's instant for a reminder, later for a
    /// snooze or follow-up.
    public var date: Date
    /// The badge the notification sets when delivered, or `nil` to leave it.
    public var badge: Int?
    /// The device-local day the request fires on (what "today" refers to).
    public var day: LocalDate
    /// The local date-time the platform trigger matches: for a reminder, its instant
    /// read in the schedule's zone (03:30 for a 02:30 that does not exist); for a
    /// snooze or follow-up, its instant in UTC.
    public var triggerTime: LocalDateTime
    /// For a request with a repeating trigger, which stands for every occurrence of its
    /// rule at one time of day (and weekday): that slot. Its ``occurrence`` and ``date``
    /// are the first one it fires for. `nil` for a one-shot request.
    package var repeating: RepeatingSlot?
    /// For a follow-up, which repeat of its rule's ``Nag`` it is, from 1 (the first,
    /// which a single follow-up is); 1 for every other kind.
    public var nagRepeat: Int = 1

    public init(rule: ReminderRule, occurrence: Occurrence, kind: NotificationKind = .reminder, date: Date? = nil,
                badge: Int?, day: LocalDate, triggerTime: LocalDateTime) {
        self.rule = rule
        self.occurrence = occurrence
        self.kind = kind
        self.date = date ?? occurrence.date
        self.badge = badge
        self.day = day
        self.triggerTime = triggerTime
    }

    public var identifier: NotificationIdentifier {
        NotificationIdentifier(entity: rule.entity, rule: rule.ruleID,
                               occurrence: repeating?.occurrenceKey ?? OccurrenceKey(occurrence.local), kind: kind,
                               repeat: nagRepeat)
    }

    /// The platform trigger: a one-shot calendar trigger, or a repeating one for a
    /// `repeating` slot. Reminders float with the device's zone or keep the rule's
    /// pinned zone; snoozes and follow-ups are a fixed instant after something that
    /// happened, so they are pinned to UTC.
    public var trigger: NotificationTrigger {
        if let repeating { return .calendar(repeating.trigger(timeZone: rule.schedule.timeZone)) }
        if kind == .location, let location = rule.location {
            return .location(location.region, repeats: location.repeats)
        }
        let zone = kind == .reminder ? rule.schedule.timeZone : TimeZone(identifier: "UTC")
        return .calendar(CalendarTrigger(at: triggerTime, timeZone: zone))
    }

    /// The request for this reminder with the app's content: Herald sets the badge and
    /// adds its payload to `userInfo`.
    ///
    /// - Throws: ``DeclarationError`` when the content's `userInfo` holds a number that
    ///   is not finite, or is too large with Herald's payload.
    public func request(with content: NotificationContent) throws(DeclarationError) -> NotificationRequest {
        try request(with: content, identifier: identifier)
    }

    /// ``request(with:)`` with this reminder's ``identifier``, computed by the caller.
    func request(with content: NotificationContent, identifier: NotificationIdentifier) throws(DeclarationError)
        -> NotificationRequest {
        var content = content
        content.badge = badge
        content.userInfo = HeraldPayload(identifier: identifier, occurrenceZone: rule.schedule.timeZone?.identifier)
            .userInfo(merging: content.userInfo)
        try Declaration.checkUserInfo(content.userInfo, of: "the content of \(identifier)")
        return NotificationRequest(identifier: identifier.description, content: content, trigger: trigger)
    }
}
