import Foundation

/// One planned notification that stands for several reminders: those the quiet hours
/// deferred to one end (``PlannerConfiguration/quietHours``), and those due within
/// ``PlannerConfiguration/groupWithin`` of the first. It takes one slot of the center
/// for all of them, fires at ``date``, and its payload names every member
/// (`HeraldPayload.members`), so "Done all" completes each and a tap opens the list.
///
/// Members are the reminders each occurrence would have been, with the group's
/// ``date`` and ``day``: ``ReminderSource/content(for:)`` is asked for each, and
/// ``ReminderSource/groupContent(for:members:)`` makes the group's text from them
/// ("3 habits due: Water, Stretch, Pills" by default).
///
/// ```swift
/// for group in plan.groups {
///     print(group.identifier, group.date, group.members.map(\.rule.entity.id))
///     // herald:group:quiet:20261122T0600 2026-11-22 06:00:00 +0000 ["water", "stretch", "pills"]
/// }
/// ```
public struct PlannedGroup: Hashable, Sendable {
    /// The reminders it stands for, in due order (by occurrence), each at most once.
    public var members: [PlannedReminder]
    /// When it fires: the end of the quiet hours for deferred members, else the first
    /// member's instant.
    public var date: Date
    /// The device-local day it fires on.
    public var day: LocalDate
    /// Whether some member was deferred by the quiet hours.
    public var isDeferred: Bool
    /// The badge it sets: what is outstanding once it is delivered, each member that
    /// counts toward the badge counted (`nil` leaves the badge).
    public var badge: Int?
    /// Which part of the group at ``date`` it is, from 1: more members than
    /// ``memberLimit`` (or than ``memberPayloadLimit`` holds) go on in a second part at
    /// the same instant, and so on, each named `…#<part>` from the second on.
    public var part = 1

    /// The most members one group holds: past it, the group goes on in another part.
    /// It bounds the work each plan does per group (content, payload, badge).
    public static let memberLimit = 50
    /// The most occurrences a plan that groups reminders stands for, in groups and
    /// alone: past it, the plan's coverage ends. With ``memberLimit`` it bounds each
    /// plan's work (a reminder every minute grouped within hours would otherwise put
    /// thousands of members in the budget's groups), and leaves 28 groups of 30 habits.
    public static let planMemberLimit = 1_000
    /// The most bytes the members may take in a group's payload (three quarters of the
    /// 4 KB a payload may have, the rest left to Herald's own fields and the app's),
    /// as `payloadBytes(of:)` counts them.
    public static let memberPayloadLimit = 3072

    /// What one member adds to a group's payload: its identifier's text, quoted, and
    /// again with its zone when its rule is pinned to one.
    package static func payloadBytes(of identifier: NotificationIdentifier, zone: TimeZone?) -> Int {
        payloadBytes(identifierBytes: identifier.description.utf8.count, zone: zone)
    }

    /// ``payloadBytes(of:zone:)`` of the reminder of `rule` at `occurrence`, counted
    /// without making or formatting its identifier
    /// (`NotificationIdentifier.reminderDescriptionByteCount(entity:rule:occurrence:)`):
    /// the grouping planner counts one for every occurrence it takes.
    ///
    /// ```swift
    /// PlannedGroup.payloadBytes(ofReminderOf: water, at: nine)
    /// // == PlannedGroup.payloadBytes(of: water.identifier(for: nine), zone: water.schedule.timeZone)
    /// ```
    static func payloadBytes(ofReminderOf rule: ReminderRule, at occurrence: LocalDateTime) -> Int {
        let identifierBytes = NotificationIdentifier.reminderDescriptionByteCount(
            entity: rule.entity, rule: rule.ruleID, occurrence: occurrence)
        return payloadBytes(identifierBytes: identifierBytes, zone: rule.schedule.timeZone)
    }

    /// A member's payload bytes from its identifier's: the text quoted, and again with
    /// the zone when its rule is pinned to one.
    private static func payloadBytes(identifierBytes: Int, zone: TimeZone?) -> Int {
        let text = identifierBytes + 8
        guard let zone else { return text }
        return 2 * text + zone.identifier.utf8.count
    }

    public init(members: [PlannedReminder], date: Date, day: LocalDate, isDeferred: Bool, badge: Int? = nil) {
        self.members = members
        self.date = date
        self.day = day
        self.isDeferred = isDeferred
        self.badge = badge
    }

    /// `herald:group:<quiet|due>:<instant in UTC>`, with `#<part>` from the second part
    /// on (`NotificationIdentifier.group(at:reason:part:)`).
    public var identifier: NotificationIdentifier { .group(at: date, reason: isDeferred ? .quiet : .due, part: part) }

    /// A one-shot trigger at ``date``, pinned to UTC: the instant stays when the device
    /// changes zone (the next run plans again for the new zone's quiet hours).
    public var trigger: NotificationTrigger {
        .calendar(CalendarTrigger(at: ZoneConverter.utc.local(for: date), timeZone: TimeZone(identifier: "UTC")))
    }

    /// The members as the payload names them: each reminder's identifier, with its
    /// rule's pinned zone.
    package var payloadMembers: [GroupMember] {
        members.map { GroupMember(identifier: $0.identifier, zone: $0.rule.schedule.timeZone?.identifier) }
    }

    /// The group's request with `content`: Herald sets the badge, and adds its payload
    /// naming every member to `userInfo`.
    ///
    /// - Throws: ``DeclarationError`` when `userInfo` holds a number that is not finite,
    ///   or is too large with Herald's payload (a group of very many members).
    public func request(with content: NotificationContent) throws(DeclarationError) -> NotificationRequest {
        let identifier = identifier
        var content = content
        content.badge = badge
        var payload = HeraldPayload(identifier: identifier)
        payload.members = payloadMembers
        content.userInfo = payload.userInfo(merging: content.userInfo)
        try Declaration.checkUserInfo(content.userInfo, of: "the content of \(identifier)")
        return NotificationRequest(identifier: identifier.description, content: content, trigger: trigger)
    }

    /// The default content of a group: "3 habits due: Water, Stretch, Pills" from the
    /// members' content titles, each entity counted and named once (its first member's
    /// title: a habit due twice in the group is one habit due), with the namespace's
    /// noun when they share one ("1 habit", "2 habits"; "reminders" otherwise), the
    /// ``ReminderCategory/group`` category ("Done all") and the highest interruption
    /// level among the members.
    ///
    /// ```swift
    /// PlannedGroup.defaultContent(for: group, members: [water, stretch, pills]).title
    /// // "3 habits due: Water, Stretch, Pills"
    /// ```
    public static func defaultContent(for group: PlannedGroup, members: [NotificationContent]) -> NotificationContent {
        var seen: Set<EntityReference> = []
        var titles: [String] = []
        var bodies: [String] = []
        for (member, content) in zip(group.members, members) where seen.insert(member.rule.entity).inserted {
            if !content.title.isEmpty { titles.append(content.title) }
            if !content.body.isEmpty { bodies.append(content.body) }
        }
        let namespaces = Set(group.members.map(\.rule.entity.namespace))
        let noun = namespaces.count == 1 ? namespaces.first! + (seen.count == 1 ? "" : "s")
            : (seen.count == 1 ? "reminder" : "reminders")
        let title = titles.isEmpty ? "\(seen.count) \(noun) due"
            : "\(seen.count) \(noun) due: \(titles.joined(separator: ", "))"
        var content = NotificationContent(title: title, body: bodies.joined(separator: "\n"),
                                          categoryIdentifier: ReminderCategory.group.identifier)
        let levels = NotificationContent.InterruptionLevel.allCases
        if let highest = members.map(\.interruptionLevel).max(by: {
            levels.firstIndex(of: $0)! < levels.firstIndex(of: $1)!
        }) { content.interruptionLevel = highest }
        return content
    }
}
