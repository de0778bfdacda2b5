import Foundation

/// What Herald tells the app when the device's zone changes away from home, or back:
/// which floating rules would now fire at another instant than at home, with their
/// next time both ways. It comes with the report of the run that first saw the zone
/// (``ReconcileReport/travel``), and ``Engine/travelNotice()`` gives it again on demand.
///
/// Rules pinned to a zone are never listed (they keep their instant), nor floating
/// rules whose next occurrences land at the same instants in both zones (the offsets
/// are equal at those dates: Berlin and Paris, or Berlin and Lagos in winter). Back home
/// the notice lists nothing: the trip has ended and its choices have lapsed.
///
/// ```swift
/// await engine.observeReports { report in
///     guard let notice = report.travel, !notice.affected.isEmpty else { return }
///     for rule in notice.affected {
///         // "pill: 08:00 at home is 02:00 here; following local time it comes at 08:00"
///         show(rule.rule, home: rule.homeTimeHere, local: rule.local.local)
///     }
/// }
/// ```
public struct TravelNotice: Hashable, Sendable {
    /// A floating rule whose times differ here from at home.
    public struct AffectedRule: Hashable, Sendable {
        public var rule: ReminderRule.ID
        /// The rule's next occurrence kept at home time: its local time at home (08:00 in
        /// Berlin) and its instant.
        public var atHome: Occurrence
        /// ``atHome``'s instant as the device's clock here shows it (02:00 in New York).
        public var homeTimeHere: LocalDateTime
        /// The rule's next occurrence following local time: its local time here (08:00
        /// in New York) and its instant.
        public var local: Occurrence
        /// What the app chose for the rule on this trip so far (``TravelPrompt/Choice/followLocal``
        /// until it chooses).
        public var choice: TravelPrompt.Choice

        public init(rule: ReminderRule.ID, atHome: Occurrence, homeTimeHere: LocalDateTime, local: Occurrence,
                    choice: TravelPrompt.Choice) {
            self.rule = rule
            self.atHome = atHome
            self.homeTimeHere = homeTimeHere
            self.local = local
            self.choice = choice
        }
    }

    /// The zone the user lives in (``EngineState/homeZone``).
    public var homeZone: TimeZone
    /// The zone the device is in now.
    public var zone: TimeZone
    /// The floating rules whose times differ here, by rule identifier.
    public var affected: [AffectedRule]
    /// The in-app prompt offering the choice, when the app asked for one
    /// (``PlannerConfiguration/travelPrompt``) and some rule is affected.
    public var prompt: TravelPrompt?

    public init(homeZone: TimeZone, zone: TimeZone, affected: [AffectedRule], prompt: TravelPrompt? = nil) {
        self.homeZone = homeZone
        self.zone = zone
        self.affected = affected
        self.prompt = prompt
    }

    /// Whether the device is back in the home zone: the trip ended.
    public var isHome: Bool { zone.identifier == homeZone.identifier }

    /// How far ahead a rule's occurrences are compared: a week, so a rule is listed
    /// when its times differ on any day of it (zones change their offsets on different
    /// dates) and a weekly rule is compared on its next day.
    public static let comparedSpan: TimeInterval = 7 * 86_400

    /// The floating rules among `rules` whose occurrences from `now` over
    /// ``comparedSpan`` (or, with none there, whose next occurrence) land at another
    /// instant in `zone` than in `home`, with `trip`'s choices; pure. Occurrences in
    /// `fired` (reminders delivered already) are left out both ways: a local time that
    /// fired at home before the flight west does not fire again here.
    ///
    /// ```swift
    /// let affected = TravelNotice.affectedRules(rules, home: berlin, zone: newYork, now: now)
    /// ```
    public static func affectedRules(_ rules: [ReminderRule], home: TimeZone, zone: TimeZone, now: Date,
                                     trip: EngineState.Trip? = nil, fired: Set<NotificationIdentifier> = []) -> [AffectedRule] {
        guard home.identifier != zone.identifier else { return [] }
        let atHome = ZoneConverter.for(home), here = ZoneConverter.for(zone)
        let end = now.addingTimeInterval(comparedSpan)
        return rules.sorted { $0.id < $1.id }.compactMap { rule in
            guard rule.location == nil, rule.schedule.timeZone == nil else { return nil }
            func occurrences(_ converter: ZoneConverter) -> [Occurrence] {
                let within = rule.schedule.occurrences(after: now, before: end, using: converter).filter {
                    !fired.contains(NotificationIdentifier(entity: rule.entity, rule: rule.ruleID,
                                                           occurrence: OccurrenceKey($0.local), kind: .reminder))
                }
                return within.isEmpty ? rule.schedule.nextOccurrence(after: now, using: converter).map { [$0] } ?? [] : within
            }
            let homeTimes = occurrences(atHome), localTimes = occurrences(here)
            guard homeTimes.map(\.date) != localTimes.map(\.date),
                  let first = homeTimes.first, let firstLocal = localTimes.first else { return nil }
            return AffectedRule(rule: rule.id, atHome: first, homeTimeHere: here.local(for: first.date),
                                local: firstLocal, choice: trip?.choice(for: rule.id) ?? .followLocal)
        }
    }
}
