import Foundation

/// The pure decisions about travel: what a run records when it finds the device in a
/// zone it did not report yet, what a travel choice records, and the rules the planner
/// gets while away.
///
/// ```swift
/// let noticed = TravelStep.noticing(deviceZone: newYork, state: state)
/// try store.commit(noticed.changes)          // the trip to New York begins
/// if noticed.reports { report.travel = TravelStep.notice(rules: rules, state: after, deviceZone: newYork, now: now) }
/// ```
package enum TravelStep {
    /// What a run records about the device's zone, and whether it tells the app.
    public struct Noticed: Hashable, Sendable {
        public var changes: [EngineStateChange]
        /// Whether the zone is one the app has not been told of: a trip began, moved on
        /// to another zone, or ended.
        public var reports: Bool
    }

    /// The device is in `deviceZone`: the first zone seen becomes home; a zone away from
    /// home that is not the trip's begins or moves the trip on (its choices kept); home
    /// again ends the trip (its choices lapse). Nothing when nothing changed.
    public static func noticing(deviceZone: TimeZone, state: EngineState) -> Noticed {
        guard let home = state.homeZoneIdentifier else {
            return Noticed(changes: [.setHomeZone(identifier: deviceZone.identifier)],
                           reports: false)
        }
        let trip = state.trip
        if home == deviceZone.identifier {
            return Noticed(changes: trip == nil ? [] : [.setTrip(nil)],
                           reports: trip != nil)
        }
        guard trip?.zone.identifier != deviceZone.identifier else { return Noticed(changes: [], reports: false) }
        var moved = trip ?? EngineState.Trip(zone: deviceZone)
        moved.zone = deviceZone
        return Noticed(changes: [.setTrip(moved)], reports: true)
    }

    /// The notice for the device in `deviceZone` with `state` (its home, its trip, and
    /// the reminders already delivered); `nil` before a home zone is known. With `prompt`, a notice that lists a rule carries
    /// the in-app prompt.
    public static func notice(rules: [ReminderRule], state: EngineState, deviceZone: TimeZone, now: Date,
                              prompt: Bool = false) -> TravelNotice? {
        guard let home = state.homeZone else { return nil }
        let fired = Set(state.fired.values.lazy.filter { $0.identifier.kind == .reminder }.map(\.identifier))
        var notice = TravelNotice(homeZone: home, zone: deviceZone, affected: TravelNotice.affectedRules(
            rules, home: home, zone: deviceZone, now: now, trip: state.trip, fired: fired))
        if prompt, !notice.affected.isEmpty { notice.prompt = TravelPrompt(for: notice) }
        return notice
    }

    /// What a travel choice records (``EngineEvent/travelChoice(_:rule:)``): the
    /// choice, for one rule or (`nil`) all, on the trip in progress. At home there is
    /// no trip and nothing is recorded: a choice made from a prompt answered after
    /// coming home changes nothing.
    public static func choosing(_ choice: TravelPrompt.Choice, for rule: ReminderRule.ID?, deviceZone: TimeZone,
                                state: EngineState) -> [EngineStateChange] {
        guard let home = state.homeZoneIdentifier, home != deviceZone.identifier else { return [] }
        var trip = state.trip ?? EngineState.Trip(zone: deviceZone)
        trip.choose(choice, for: rule)
        return [.setTrip(trip)]
    }

    /// What setting the home zone records (``EngineEvent/homeZoneChanged(_:)``): the
    /// zone, and the end of any trip, so the next run tells the app afresh how the
    /// device's zone compares with the new home.
    public static func settingHome(_ zone: TimeZone) -> [EngineStateChange] {
        [.setHomeZone(identifier: zone.identifier), .setTrip(nil)]
    }

    /// The rules as the planner plans them in `deviceZone`: each floating rule the trip
    /// keeps at home time is pinned to the home zone; every other rule is as given.
    public static func effectiveRules(_ rules: [ReminderRule], state: EngineState,
                                      deviceZone: TimeZone) -> [ReminderRule] {
        guard let homeIdentifier = state.homeZoneIdentifier, homeIdentifier != deviceZone.identifier,
              let trip = state.trip, trip.keepsAnyHome, let home = state.homeZone else { return rules }
        return rules.map { rule in
            guard rule.location == nil, rule.schedule.timeZone == nil, trip.choice(for: rule.id) == .keepHome else {
                return rule
            }
            var kept = rule
            kept.schedule.timeZone = home
            return kept
        }
    }
}
