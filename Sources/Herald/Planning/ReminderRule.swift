import Foundation

/// One thing that should remind the user, declared by the app: an entity, a
/// schedule, and how the reminder ranks and badges.
///
/// The app declares rules through its ``ReminderSource``; Herald plans every
/// occurrence from them, so creating, editing and re-planning always go through the
/// one `Planner`.
///
/// ```swift
/// let rule = try ReminderRule(
///     entity: EntityReference(namespace: "habit", id: "water"),
///     id: "morning",
///     schedule: try .daily(at: [LocalTime(hour: 9)]),
///     priority: 1,
///     fixedContent: true   // the same title and body every day: may repeat without the app
/// )
/// ```
public struct ReminderRule: Hashable, Sendable, Codable, Identifiable {
    public struct ID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
        public var entity: EntityReference
        public var rule: String

        public init(entity: EntityReference, rule: String) {
            self.entity = entity
            self.rule = rule
        }

        public static func < (lhs: ID, rhs: ID) -> Bool { (lhs.entity, lhs.rule) < (rhs.entity, rhs.rule) }
        public var description: String { "\(entity)/\(rule)" }
    }

    /// A rule's values, in one immutable box its copies share: copying a rule
    /// is one reference, reading a value needs no access check, comparing two copies is
    /// one pointer comparison, and a change makes a new box.
    fileprivate struct Values: Sendable {
        var entity: EntityReference
        var ruleID: String
        /// ``Schedule/unscheduled`` for a location rule: its region fires it, not a schedule.
        var schedule: Schedule
        /// `false` for a location rule. (A flag beside a plain value rather than an
        /// optional schedule: the planner reads the schedule for every occurrence, in
        /// place, and an optional one would be copied at each read.)
        var hasSchedule: Bool
        var priority: Int
        var countsTowardBadge: Bool
        var nag: Nag?
        var location: LocationTrigger? = nil
        var fixedContent: Bool
        var urgency: Urgency? = nil
        var fallback: [Urgency] = []
        var ignoresQuietHours = false
        var defersPastMidnight = false
        var alertsOn: AlertsOn? = nil
        var adaptations = ScheduleAdaptations()
    }

    fileprivate final class Storage: Sendable {
        let values: Values
        init(_ values: Values) { self.values = values }
    }

    fileprivate var storage: Storage

    /// Changes values in a new box, so no copy sees the change.
    private mutating func change(_ body: (inout Values) -> Void) {
        var values = storage.values
        body(&values)
        storage = Storage(values)
    }

    public var entity: EntityReference {
        _read { yield storage.values.entity }
        set { change { $0.entity = newValue } }
    }
    /// The rule's identifier within its entity (`morning`, `reminder-2`).
    public var ruleID: String {
        _read { yield storage.values.ruleID }
        set { change { $0.ruleID = newValue } }
    }
    /// When the rule fires. A location rule (``init(entity:id:location:priority:countsTowardBadge:)``)
    /// has none: it reads as daily at 00:00, the value such rules have always carried,
    /// which nothing plans from (the planner arms a location rule by its region).
    public var schedule: Schedule {
        _read { yield storage.values.schedule }
        set { change { $0.schedule = newValue; $0.hasSchedule = true } }
    }

    /// Whether the rule fires by a schedule: `false` for a location rule.
    ///
    /// ```swift
    /// try ReminderRule(entity: gym, id: "arrive", location: LocationTrigger(region: gymRegion)).hasSchedule // false
    /// ```
    package var hasSchedule: Bool { storage.values.hasSchedule }
    /// Breaks ties between occurrences at the same instant when the budget is short:
    /// higher first.
    public var priority: Int {
        _read { yield storage.values.priority }
        set { change { $0.priority = newValue } }
    }
    /// Whether this rule's notifications count toward the badge (seed 004's
    /// personality nudges, for example, do not).
    public var countsTowardBadge: Bool {
        _read { yield storage.values.countsTowardBadge }
        set { change { $0.countsTowardBadge = newValue } }
    }
    /// When set, an occurrence nobody acted on this long after it was delivered gets
    /// one follow-up; acting on it or completing the entity withdraws the follow-up.
    ///
    /// A single follow-up is a ``Nag`` of `times` 1: reading gives the ``nag``'s
    /// interval (the delay before its first repeat), and setting replaces the nag with
    /// one follow-up after `newValue` (or none).
    public var followUpAfter: TimeInterval? {
        get { storage.values.nag?.every }
        set { change { $0.nag = newValue.map { Nag(unchecked: $0, times: 1) } } }
    }
    /// How an occurrence nobody acted on is repeated (``nagging(every:times:)``), `nil`
    /// for no follow-up.
    public var nag: Nag? {
        _read { yield storage.values.nag }
        set { change { $0.nag = newValue } }
    }
    /// For a location reminder (seed 004): the region whose crossing fires it. Such a
    /// rule is armed every day its entity is neither done nor paused, as one request of
    /// kind ``NotificationKind/location``; its `schedule` is not read.
    public var location: LocationTrigger? {
        _read { yield storage.values.location }
        set { change { $0.location = newValue } }
    }
    /// Whether the app's ``ReminderSource`` gives every occurrence of this rule the same
    /// content (title, body, sound, category, extras), whatever the day. Only such a rule
    /// may be covered by repeating calendar triggers, which keep firing when the app
    /// never runs again (see ``PlannerConfiguration/repeatingTriggers``); its content is
    /// then asked once, and it never needs a midnight re-plan for its content. `false`
    /// (the default) for content that names the day, a streak or a count.
    public var fixedContent: Bool {
        _read { yield storage.values.fixedContent }
        set { change { $0.fixedContent = newValue } }
    }
    /// How much the rule's reminders matter (``urgent(_:fallback:)``): the level asked
    /// for; `nil` leaves the level to the content the source gives.
    public internal(set) var urgency: Urgency? {
        _read { yield storage.values.urgency }
        set { change { $0.urgency = newValue } }
    }
    /// The levels to try, in order, when the device does not allow ``urgency``; after
    /// them, ``Urgency/active``.
    public internal(set) var fallback: [Urgency] {
        _read { yield storage.values.fallback }
        set { change { $0.fallback = newValue } }
    }

    /// Whether this rule's reminders fire at their time inside the quiet hours
    /// (``PlannerConfiguration/quietHours``) instead of being deferred to their end
    /// (``ignoringQuietHours()``). Rules asking for a time-sensitive, critical or alarm
    /// level ignore them whatever this says (``observesQuietHours``).
    public var ignoresQuietHours: Bool {
        _read { yield storage.values.ignoresQuietHours }
        set { change { $0.ignoresQuietHours = newValue } }
    }

    /// Whether the quiet hours may defer this rule's reminders past the end of their
    /// device-local day (``deferringPastMidnight()``); by default such a deferral drops
    /// the occurrence (``QuietHours/defersPastMidnight`` keeps them for every rule).
    public var defersPastMidnight: Bool {
        _read { yield storage.values.defersPastMidnight }
        set { change { $0.defersPastMidnight = newValue } }
    }

    /// Which of the user's devices schedule this rule (``alerting(on:)``); `nil`: the
    /// app's default (``HeraldSync/alertsOn``).
    public var alertsOn: AlertsOn? {
        _read { yield storage.values.alertsOn }
        set { change { $0.alertsOn = newValue } }
    }

    /// How the rule's schedule follows what the user did (a quota, repeats counted from
    /// completion, random times, pace, vacations): see ``AdaptiveSchedules``.
    package var adaptations: ScheduleAdaptations {
        _read { yield storage.values.adaptations }
        set { change { $0.adaptations = newValue } }
    }

    /// - Throws: ``DeclarationError`` when a part of its identity is empty or longer
    ///   than Herald reads back, or `followUpAfter` is negative or not finite.
    public init(entity: EntityReference, id: String, schedule: Schedule, priority: Int = 0,
                countsTowardBadge: Bool = true, followUpAfter: TimeInterval? = nil,
                fixedContent: Bool = false) throws(DeclarationError) {
        let owner = "rule \(entity)/\(id)"
        try Declaration.checkEntity(entity, of: owner)
        try Declaration.checkParts([("rule id", id)], of: owner)
        if let followUpAfter { try Declaration.checkDuration(followUpAfter, "follow-up delay", of: owner) }
        storage = Storage(Values(entity: entity, ruleID: id, schedule: schedule, hasSchedule: true, priority: priority,
                                 countsTowardBadge: countsTowardBadge,
                                 nag: followUpAfter.map { Nag(unchecked: $0, times: 1) },
                                 fixedContent: fixedContent))
    }

    /// A location reminder: fires when the device arrives at (or leaves) a region, once
    /// a day unless `location.repeats`. It has no schedule.
    ///
    /// ```swift
    /// let gym = try ReminderRule(entity: workout, id: "arrive", location: LocationTrigger(region: gymRegion))
    /// ```
    ///
    /// - Throws: ``DeclarationError`` as the other initializer, and when the region's
    ///   centre is not a coordinate or its radius is not a positive distance.
    public init(entity: EntityReference, id: String, location: LocationTrigger, priority: Int = 0,
                countsTowardBadge: Bool = true) throws(DeclarationError) {
        let owner = "rule \(entity)/\(id)"
        guard location.center.isValid, location.region.radius.isFinite, location.region.radius > 0 else {
            throw .invalidRegion("the region of \(owner) is at \(location.center) with a radius of \(location.region.radius) m; give a coordinate within ±90/±180 degrees and a positive radius")
        }
        try Declaration.checkEntity(entity, of: owner)
        try Declaration.checkParts([("rule id", id)], of: owner)
        storage = Storage(Values(entity: entity, ruleID: id, schedule: .unscheduled, hasSchedule: false, priority: priority,
                                 countsTowardBadge: countsTowardBadge, nag: nil, location: location, fixedContent: false))
    }

    public var id: ID { ID(entity: entity, rule: ruleID) }

    /// The identifier of this rule's request for one occurrence.
    public func identifier(for occurrence: LocalDateTime) -> NotificationIdentifier {
        NotificationIdentifier(entity: entity, rule: ruleID, occurrence: OccurrenceKey(occurrence), kind: .reminder)
    }
}

extension ReminderRule {
    private enum CodingKeys: String, CodingKey {
        case entity, ruleID, schedule, priority, countsTowardBadge, followUpAfter, nag, location, fixedContent, urgency,
             fallback, ignoresQuietHours, defersPastMidnight, alertsOn, adaptations
    }

    /// Decodes a rule; `fixedContent`, `urgency`, `fallback`, `alertsOn` and `adaptations` are
    /// optional (rules stored before they existed decode with `false`, none, none, the app's
    /// default and a fixed calendar). A rule stored
    /// with `followUpAfter` alone, as every rule before nags, has a nag of `times` 1.
    /// A location rule's `schedule` is optional, and one stored with the schedule every
    /// location rule carried before (daily at 00:00) decodes without one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let location = try container.decodeIfPresent(LocationTrigger.self, forKey: .location)
        var schedule = try container.decodeIfPresent(Schedule.self, forKey: .schedule)
        if location != nil, schedule == .unscheduled { schedule = nil }
        guard location != nil || schedule != nil else {
            throw DecodingError.keyNotFound(CodingKeys.schedule, .init(codingPath: container.codingPath,
                                                                      debugDescription: "a rule without a region needs a schedule"))
        }
        storage = Storage(Values(
            entity: try container.decode(EntityReference.self, forKey: .entity),
            ruleID: try container.decode(String.self, forKey: .ruleID),
            schedule: schedule ?? .unscheduled,
            hasSchedule: schedule != nil,
            priority: try container.decode(Int.self, forKey: .priority),
            countsTowardBadge: try container.decode(Bool.self, forKey: .countsTowardBadge),
            nag: try Self.decodeNag(container),
            location: location,
            fixedContent: try container.decodeIfPresent(Bool.self, forKey: .fixedContent) ?? false,
            urgency: try container.decodeIfPresent(Urgency.self, forKey: .urgency),
            fallback: try container.decodeIfPresent([Urgency].self, forKey: .fallback) ?? [],
            ignoresQuietHours: try container.decodeIfPresent(Bool.self, forKey: .ignoresQuietHours) ?? false,
            defersPastMidnight: try container.decodeIfPresent(Bool.self, forKey: .defersPastMidnight) ?? false,
            alertsOn: try container.decodeIfPresent(AlertsOn.self, forKey: .alertsOn),
            adaptations: try container.decodeIfPresent(ScheduleAdaptations.self, forKey: .adaptations) ?? ScheduleAdaptations()))
    }

    /// Encodes every field under its name; absent optionals are left out. A location
    /// rule's schedule is written as daily at 00:00, which every version reads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entity, forKey: .entity)
        try container.encode(ruleID, forKey: .ruleID)
        try container.encode(schedule, forKey: .schedule)
        try container.encode(priority, forKey: .priority)
        try container.encode(countsTowardBadge, forKey: .countsTowardBadge)
        try encodeNag(into: &container)
        try container.encodeIfPresent(location, forKey: .location)
        try container.encode(fixedContent, forKey: .fixedContent)
        try container.encodeIfPresent(urgency, forKey: .urgency)
        try container.encode(fallback, forKey: .fallback)
        if ignoresQuietHours { try container.encode(true, forKey: .ignoresQuietHours) }
        if defersPastMidnight { try container.encode(true, forKey: .defersPastMidnight) }
        try container.encodeIfPresent(alertsOn, forKey: .alertsOn)
        if !adaptations.isEmpty { try container.encode(adaptations, forKey: .adaptations) }
    }

    /// The nag under `nag`, or else the single follow-up under `followUpAfter`.
    private static func decodeNag(_ container: KeyedDecodingContainer<CodingKeys>) throws -> Nag? {
        if let nag = try container.decodeIfPresent(Nag.self, forKey: .nag) { return nag }
        return try container.decodeIfPresent(TimeInterval.self, forKey: .followUpAfter).map { Nag(unchecked: $0, times: 1) }
    }

    /// A nag's interval under `followUpAfter`, which every version reads (one that
    /// knows no nags makes it a single follow-up), and the whole nag under `nag` when
    /// it repeats more than once.
    private func encodeNag(into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        guard let nag else { return }
        try container.encode(nag.every, forKey: .followUpAfter)
        if nag.times > 1 { try container.encode(nag, forKey: .nag) }
    }

    /// Equal when every field is; copies of one rule are equal at once.
    public static func == (lhs: ReminderRule, rhs: ReminderRule) -> Bool {
        if lhs.storage === rhs.storage { return true }
        guard lhs.entity == rhs.entity, lhs.ruleID == rhs.ruleID, lhs.priority == rhs.priority,
              lhs.countsTowardBadge == rhs.countsTowardBadge, lhs.nag == rhs.nag,
              lhs.fixedContent == rhs.fixedContent, lhs.urgency == rhs.urgency,
              lhs.ignoresQuietHours == rhs.ignoresQuietHours,
              lhs.defersPastMidnight == rhs.defersPastMidnight, lhs.alertsOn == rhs.alertsOn,
              lhs.adaptations == rhs.adaptations else { return false }
        return lhs.fallback == rhs.fallback && lhs.location == rhs.location
            && lhs.storage.values.hasSchedule == rhs.storage.values.hasSchedule
            && lhs.storage.values.schedule == rhs.storage.values.schedule
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(entity)
        hasher.combine(ruleID)
        hasher.combine(storage.values.schedule)
        hasher.combine(storage.values.hasSchedule)
        hasher.combine(priority)
        hasher.combine(countsTowardBadge)
        hasher.combine(nag)
        hasher.combine(location)
        hasher.combine(fixedContent)
        hasher.combine(urgency)
        hasher.combine(fallback)
        hasher.combine(ignoresQuietHours)
        hasher.combine(defersPastMidnight)
        hasher.combine(alertsOn)
        hasher.combine(adaptations)
    }
}
