import Foundation
import Herald

/// Reads the local date-times of a scenario's events as the device's clock shows them:
/// in the scenario's zone until a `zone` event moves the device, in the new zone after
/// it. The parser checks the order with it and the runner plays the events at its
/// instants, so both read a file the same way.
///
/// ```swift
/// var reading = EventInstants(zone: scenario.zone)
/// for event in scenario.events {
///     let instant = reading.instant(of: event.at)
///     reading.pass(event.action)   // a zone event changes how the next ones read
/// }
/// ```
struct EventInstants {
    /// The device's zone at this point of the events.
    private(set) var zone: TimeZone

    init(zone: TimeZone) {
        self.zone = zone
    }

    /// The instant a local date-time of the device's clock stands for now (DST gaps and
    /// repeated hours resolve as Herald's ``ZoneConverter`` does).
    func instant(of local: LocalDateTime) -> Date {
        ZoneConverter.for(zone).instant(for: local).date
    }

    /// The local date-time an instant shows on the device's clock now.
    func local(for instant: Date) -> LocalDateTime {
        ZoneConverter.for(zone).local(for: instant)
    }

    /// Moves past an event: a `zone` event changes the zone of the events after it.
    mutating func pass(_ action: ScenarioEvent.Action) {
        if case .zone(let zone) = action { self.zone = zone }
    }

    /// How far `clock` events set the device's clock back in all, in seconds (forward
    /// jumps count nothing), and the first event that takes the total beyond `limit`
    /// seconds, if any. The time a clock event sets back is played again, day by day.
    static func clockSetBack(of events: [ScenarioEvent], startingIn zone: TimeZone,
                             limit: TimeInterval) -> (total: TimeInterval, firstBeyond: ScenarioEvent?) {
        var reading = EventInstants(zone: zone)
        var total: TimeInterval = 0
        for event in events {
            defer { reading.pass(event.action) }
            guard case .clock(let time) = event.action else { continue }
            total += max(0, reading.instant(of: event.at).timeIntervalSince(reading.instant(of: time)))
            if total > limit { return (total, event) }
        }
        return (total, nil)
    }

    /// The instant of each event of `events`, read from `zone` on.
    static func instants(of events: [ScenarioEvent], startingIn zone: TimeZone) -> [Date] {
        var reading = EventInstants(zone: zone)
        return events.map { event in
            defer { reading.pass(event.action) }
            return reading.instant(of: event.at)
        }
    }
}
