import Foundation

/// The one definition of what a delivered notification still asks of the user, used by
/// the badge count and by the removal of delivered notifications that no longer ask
/// anything, so that the two can never disagree.
///
/// A delivered reminder, snooze, follow-up or location reminder **still asks** while
/// - its entity is neither paused nor deleted since it was delivered,
/// - its rule is still declared (for a location reminder, its entity),
/// - its occurrence's day (the device-local day of the occurrence's instant) is neither
///   completed nor deferred, and
/// - it was not snoozed after it was delivered (the snooze asks instead),
/// - its occurrence was not answered since it was delivered (here the system removes
///   it; a copy on another device, told by ``HeraldSync``, asks nothing more), and
/// - for an alarm's backstop (``AlarmBackstop``), its occurrence was not answered since
///   (the alarm stopped after the backstop came: the backstop asks nothing more).
///
/// A delivered **group** (``PlannedGroup``) counts each of its members that still asks
/// (by the rules above, each member as the reminder it stands for), and is removed once
/// none does.
///
/// The **outstanding count** is the number of distinct occurrences among today's
/// delivered notifications that still ask, of rules that count toward the badge (a
/// follow-up and its original count once; earlier days' are stale), plus one while the
/// route's completion (``PlanningInput/routeCompletion``) is delivered, whatever the
/// day: it asks to be opened until the user responds to it, clears it, or the route is
/// stopped or replaced. It is never stale (spot notifications never count). Notifications that
/// **no longer ask** are removed; so is anything delivered of a paused entity, or of an
/// entity deleted after it was delivered, whatever its kind.
///
/// ```swift
/// let outstanding = OutstandingNotifications(input)
/// outstanding.count(on: today)   // the app badge under the outstanding policy
/// outstanding.stale              // identifiers of delivered notifications to remove
/// ```
package struct OutstandingNotifications: Sendable {
    /// What the judge holds, in one immutable box: the planner hands the judge to the
    /// engine, and a copy is one reference rather than a copy of the planning input.
    private final class Storage: Sendable {
        let input: PlanningInput
        let deviceConverter: ZoneConverter
        /// The declared rules that delivered notifications name, with their zone's converter.
        let rules: [ReminderRule.ID: (rule: ReminderRule, converter: ZoneConverter)]
        /// The declared entities that delivered location reminders name.
        let declaredEntities: Set<EntityReference>
        /// The latest snooze of each original occurrence.
        let snoozedUntil: [NotificationIdentifier: Date]
        /// Each delivered notification's Herald identifier (`nil`: not Herald's), parsed
        /// once, in the order of `input.delivered`.
        let identifiers: [NotificationIdentifier?]
        /// The members each delivered group names, by its position in `input.delivered`.
        let groupMembers: [Int: [NotificationIdentifier]]

        init(input: PlanningInput, deviceConverter: ZoneConverter,
             rules: [ReminderRule.ID: (rule: ReminderRule, converter: ZoneConverter)],
             declaredEntities: Set<EntityReference>, snoozedUntil: [NotificationIdentifier: Date],
             identifiers: [NotificationIdentifier?], groupMembers: [Int: [NotificationIdentifier]]) {
            self.input = input
            self.deviceConverter = deviceConverter
            self.rules = rules
            self.declaredEntities = declaredEntities
            self.snoozedUntil = snoozedUntil
            self.identifiers = identifiers
            self.groupMembers = groupMembers
        }
    }

    private let storage: Storage
    private var input: PlanningInput { _read { yield storage.input } }
    private var deviceConverter: ZoneConverter { storage.deviceConverter }
    private var rules: [ReminderRule.ID: (rule: ReminderRule, converter: ZoneConverter)] { _read { yield storage.rules } }
    private var declaredEntities: Set<EntityReference> { _read { yield storage.declaredEntities } }
    private var snoozedUntil: [NotificationIdentifier: Date] { _read { yield storage.snoozedUntil } }
    private var identifiers: [NotificationIdentifier?] { _read { yield storage.identifiers } }
    private var groupMembers: [Int: [NotificationIdentifier]] { _read { yield storage.groupMembers } }

    public init(_ input: PlanningInput) {
        let device = ZoneConverter.for(input.deviceZone)
        self.init(input, converters: input.rules.map { $0.schedule.timeZone.map(ZoneConverter.for) ?? device })
    }

    /// - Parameter converters: the converter of each rule's zone, in the order of
    ///   `input.rules` (the planner has them already).
    init(_ input: PlanningInput, converters: [ZoneConverter]) {
        let snoozedUntil = input.snoozes.isEmpty ? [:]
            : Dictionary(input.snoozes.map { ($0.original, $0.until) }, uniquingKeysWith: max)
        // Only the rules and entities that delivered notifications name: planning
        // thousands of rules with an empty list costs nothing here.
        var named: Set<ReminderRule.ID> = []
        var locationEntities: Set<EntityReference> = []
        let identifiers = input.delivered.map { $0.heraldIdentifier(deviceZone: input.deviceZone) }
        let groupMembers = Self.groupMembers(of: input.delivered, identifiers: identifiers)
        for case let identifier? in identifiers + groupMembers.values.joined().map(Optional.some) {
            guard Self.badgedKinds.contains(identifier.kind) else { continue }
            if identifier.kind == .location {
                locationEntities.insert(identifier.entity)
            } else {
                named.insert(ReminderRule.ID(entity: identifier.entity, rule: identifier.rule))
            }
        }
        var rules: [ReminderRule.ID: (ReminderRule, ZoneConverter)] = [:]
        var declared: Set<EntityReference> = []
        if !named.isEmpty || !locationEntities.isEmpty {
            for (index, rule) in input.rules.enumerated() {
                if !named.isEmpty, named.contains(rule.id) { rules[rule.id] = (rule, converters[index]) }
                if !locationEntities.isEmpty, locationEntities.contains(rule.entity) { declared.insert(rule.entity) }
            }
        }
        storage = Storage(input: input, deviceConverter: ZoneConverter.for(input.deviceZone), rules: rules,
                          declaredEntities: declared, snoozedUntil: snoozedUntil, identifiers: identifiers,
                          groupMembers: groupMembers)
    }

    /// The members of each delivered group (``HeraldPayload/members``), by position.
    private static func groupMembers(of delivered: [DeliveredNotification], identifiers: [NotificationIdentifier?])
        -> [Int: [NotificationIdentifier]] {
        var result: [Int: [NotificationIdentifier]] = [:]
        for (index, identifier) in identifiers.enumerated() where identifier?.kind == .group {
            result[index] = PayloadDecoder().decode(delivered[index].request.content.userInfo).payload?
                .members.map(\.identifier) ?? []
        }
        return result
    }

    /// The members of the delivered group at `index` that still ask something of the
    /// user and count toward the badge.
    private func countedMembers(at index: Int) -> [NotificationIdentifier] {
        let date = input.delivered[index].date
        return (groupMembers[index] ?? []).filter { member in
            stillAsks(member, deliveredAt: date)
                && rules[ReminderRule.ID(entity: member.entity, rule: member.rule)]?.rule.countsTowardBadge ?? true
        }
    }

    /// The kinds that stand for something the user still has to do.
    public static let badgedKinds: Set<NotificationKind> = [.reminder, .snooze, .followUp, .location, .backstop]

    /// Whether a delivered Herald notification still asks something of the user.
    public func stillAsks(_ identifier: NotificationIdentifier, deliveredAt date: Date) -> Bool {
        guard Self.badgedKinds.contains(identifier.kind), !isGone(identifier.entity, deliveredAt: date) else {
            return false
        }
        let original = identifier.original
        if identifier.kind == .location {
            guard declaredEntities.contains(identifier.entity) else { return false }
        } else {
            guard rules[ReminderRule.ID(entity: identifier.entity, rule: identifier.rule)] != nil else { return false }
        }
        let day = occurrenceDay(of: identifier) ?? deviceConverter.local(for: date).date
        if input.satisfied.contains(EntityDay(identifier.entity, day)) { return false }
        if identifier.kind != .snooze, let until = snoozedUntil[original], until > date { return false }
        if identifier.kind == .backstop, input.acknowledged[original] != nil { return false }
        // Answered since it was delivered: the system removes what the user answers, and
        // a copy on another device (HeraldSync) asks nothing more. A snooze delivered
        // after the answer that made it still asks.
        if let answered = input.acknowledged[original], answered >= date { return false }
        return true
    }

    /// The device-local day of the occurrence an identifier names (for a snooze or a
    /// follow-up, of the original occurrence): `nil` when its rule is not declared or
    /// its occurrence key is not a date-time. Only for identifiers the delivered list
    /// names (their rules are the ones looked up).
    private func occurrenceDay(of identifier: NotificationIdentifier) -> LocalDate? {
        guard let entry = rules[ReminderRule.ID(entity: identifier.entity, rule: identifier.rule)],
              let local = identifier.occurrence.localDateTime else { return nil }
        return OccurrenceDay.day(of: local, in: entry.converter, device: deviceConverter)
    }

    /// How many occurrences still ask something of the user among the notifications
    /// delivered on `today`, counting those of rules that count toward the badge.
    /// Occurrences counted by ``PlanningInput/settledOutstanding`` (on its day) are counted
    /// once with those of the list.
    public func count(on today: LocalDate) -> Int {
        var occurrences: Set<NotificationIdentifier> = []
        for (index, notification) in input.delivered.enumerated()
        where deviceConverter.local(for: notification.date).date == today {
            // A group counts each member that still asks.
            if identifiers[index]?.kind == .group {
                occurrences.formUnion(countedMembers(at: index))
                continue
            }
            guard let original = countedOccurrence(at: index) else { continue }
            occurrences.insert(original)
        }
        let settled = input.settledOutstanding
        var count = occurrences.count
        if settled.day == today {
            count = settled.count + occurrences.lazy.filter { !settled.contains($0) }.count
        }
        return count + (routeCompletionDelivered ? 1 : 0)
    }

    /// Whether the occurrence `identifier` stands for is among those ``count(on:)``
    /// counts for `today`: a repeating location reminder delivered again that day is
    /// the same occurrence, so its next delivery adds nothing to the badge.
    func counts(_ identifier: NotificationIdentifier, on today: LocalDate) -> Bool {
        let original = identifier.original
        if input.settledOutstanding.day == today, input.settledOutstanding.contains(original) { return true }
        return input.delivered.indices.contains { index in
            identifiers[index] == identifier && deviceConverter.local(for: input.delivered[index].date).date == today
                && countedOccurrence(at: index) == original
        }
    }

    /// The occurrence a delivered notification counts toward the badge of the day it
    /// was delivered on (its original), or `nil` when it does not count: not a badged
    /// kind, no longer asking, or of a rule that does not count toward the badge.
    /// `index`: the notification's position in `input.delivered`.
    func countedOccurrence(at index: Int) -> NotificationIdentifier? {
        guard let identifier = identifiers[index],
              Self.badgedKinds.contains(identifier.kind),
              stillAsks(identifier, deliveredAt: input.delivered[index].date),
              rules[ReminderRule.ID(entity: identifier.entity, rule: identifier.rule)]?.rule.countsTowardBadge ?? true
        else { return nil }
        return identifier.original
    }

    /// Whether the route's completion that asks to be opened is in the delivered list.
    public var routeCompletionDelivered: Bool {
        guard let completion = input.routeCompletion?.description else { return false }
        return input.delivered.contains { $0.request.identifier == completion }
    }

    /// Identifiers of delivered Herald notifications to remove: those of a paused
    /// entity or of one deleted since they were delivered (every kind), and reminders,
    /// snoozes, follow-ups and location reminders that no longer ask anything.
    public var stale: [String] {
        var result: [String] = []
        for (index, (notification, identifier)) in zip(input.delivered, identifiers).enumerated() {
            guard let identifier else { continue }
            if identifier.kind == .group {
                // A group goes once none of its members asks anything.
                let members = groupMembers[index] ?? []
                if !members.contains(where: { stillAsks($0, deliveredAt: notification.date) }) {
                    result.append(notification.request.identifier)
                }
                continue
            }
            let gone = isGone(identifier.entity, deliveredAt: notification.date)
            if gone || (Self.badgedKinds.contains(identifier.kind)
                        && !stillAsks(identifier, deliveredAt: notification.date)) {
                result.append(notification.request.identifier)
            }
        }
        return result
    }

    /// Paused, or deleted at or after `date`.
    private func isGone(_ entity: EntityReference, deliveredAt date: Date) -> Bool {
        if input.paused.contains(entity) { return true }
        if let deleted = input.deletions[entity], deleted >= date { return true }
        return false
    }
}

extension NotificationIdentifier {
    /// The identifier of the reminder this one stands for: itself for a reminder, the
    /// original occurrence for a snooze or a follow-up (any repeat of a nag).
    public var original: NotificationIdentifier {
        kind == .reminder ? self : NotificationIdentifier(entity: entity, rule: rule, occurrence: occurrence, kind: .reminder)
    }
}
