import Foundation
import Herald
import HeraldTestSupport
import Testing
@testable import HeraldSimulator

/// The simulator's fast path for one-shot calendar triggers converts with Herald's own
/// `ZoneConverter`; for the simulator to stay an oracle for Herald, that path must give
/// what Foundation's `Calendar` gives. Checked for random local date-times and for every
/// local time within two hours of each DST transition of 2026 and 2027, in zones with
/// hour, half-hour and 45-minute offsets, southern-hemisphere and midnight transitions.
struct FixedDateOracleTests {
    static let zones = [
        "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "America/Havana", "America/Santiago",
        "Pacific/Chatham", "Asia/Kolkata", "Pacific/Apia", "America/St_Johns", "Europe/London",
    ]

    /// What Foundation says a one-shot trigger at `local` in `zone` fires at:
    /// `Calendar.date(from:)` for a wall time that exists (the first of a repeated one),
    /// and for one a DST gap skips, `nextDate(after:matching:)` from a day before with
    /// `.nextTimePreservingSmallerComponents` and `.first`, which moves it later by the
    /// gap, as the system does. Where `nextDate` is known to break that policy (see
    /// ``hasKnownNextDateDefect(zone:local:)``), `date(from:)`'s answer, the wall time
    /// moved later by the gap, stands for it.
    static func foundationDate(of local: LocalDateTime, in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: local.date.year, month: local.date.month, day: local.date.day,
                                        hour: local.time.hour, minute: local.time.minute, second: local.time.second)
        guard let direct = calendar.date(from: components) else { return nil }
        let readBack = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: direct)
        let exists = readBack.year == components.year && readBack.month == components.month
            && readBack.day == components.day && readBack.hour == components.hour
            && readBack.minute == components.minute && readBack.second == components.second
        if exists || hasKnownNextDateDefect(zone: zone, local: local) { return direct }
        return calendar.nextDate(after: direct.addingTimeInterval(-86_400), matching: components,
                                 matchingPolicy: .nextTimePreservingSmallerComponents, repeatedTimePolicy: .first,
                                 direction: .forward)
    }

    /// Wall times in a DST gap where swift-foundation's `nextDate` (on Linux) breaks its
    /// own `.nextTimePreservingSmallerComponents` policy: in Lord Howe's half-hour gap
    /// (02:00–02:29) it finds no date at all, and for Chatham's gap minutes of hour 2
    /// (02:45–02:59, whose next hour's 03:45–03:59 exist) it answers an hour later still.
    static func hasKnownNextDateDefect(zone: TimeZone, local: LocalDateTime) -> Bool {
        zone.identifier == "Australia/Lord_Howe" || (zone.identifier == "Pacific/Chatham" && local.time.hour == 2)
    }

    /// The wall times of every quarter hour from two hours before to two hours after each
    /// DST transition of 2026–2027 in `zone`, read on both sides of the change.
    static func transitionWallTimes(in zone: TimeZone) -> [LocalDateTime] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let end = calendar.date(from: DateComponents(year: 2028, month: 1, day: 1))!
        var cursor = calendar.date(from: DateComponents(year: 2026, month: 1, day: 1))!
        var result: [LocalDateTime] = []
        while let transition = zone.nextDaylightSavingTimeTransition(after: cursor), transition < end {
            cursor = transition
            // Local wall times on the old offset before it and the new one after it,
            // widened by two hours and the size of the change on each side.
            let first = localDateTime(transition.addingTimeInterval(-3 * 3_600), in: calendar)
            let last = localDateTime(transition.addingTimeInterval(3 * 3_600), in: calendar)
            var components = DateComponents(year: first.date.year, month: first.date.month, day: first.date.day,
                                            hour: first.time.hour)
            var wall = Calendar(identifier: .gregorian)
            wall.timeZone = TimeZone(identifier: "UTC")!
            var step = wall.date(from: components)!
            components = DateComponents(year: last.date.year, month: last.date.month, day: last.date.day,
                                        hour: last.time.hour, minute: last.time.minute)
            let stop = wall.date(from: components)!
            while step <= stop {
                result.append(localDateTime(step, in: wall))
                step.addTimeInterval(15 * 60)
            }
        }
        return result
    }

    static func localDateTime(_ date: Date, in calendar: Calendar) -> LocalDateTime {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return LocalDateTime(date: LocalDate(year: parts.year!, month: parts.month!, day: parts.day!),
                             time: LocalTime(hour: parts.hour!, minute: parts.minute!, second: parts.second!))
    }

    static func trigger(at local: LocalDateTime) -> CalendarTrigger {
        CalendarTrigger(at: local)
    }

    @Test(arguments: zones)
    func everyWallTimeAroundEachTransitionMatchesFoundation(zoneID: String) throws {
        let zone = try #require(TimeZone(identifier: zoneID))
        let wallTimes = Self.transitionWallTimes(in: zone)
        let hasTransitions = !["Asia/Kolkata", "Pacific/Apia"].contains(zoneID)
        #expect(wallTimes.isEmpty != hasTransitions, "\(zoneID): DST transitions in 2026–2027")
        for local in wallTimes {
            let fast = TriggerSchedule.fixedDate(of: Self.trigger(at: local), deviceZone: zone)
            #expect(fast == Self.foundationDate(of: local, in: zone), "\(zoneID) \(local)")
        }
    }

    @Test(arguments: zones)
    func randomWallTimesMatchFoundation(zoneID: String) throws {
        let zone = try #require(TimeZone(identifier: zoneID))
        let seed = zoneID.utf8.reduce(UInt64(17)) { $0 &* 31 &+ UInt64($1) }
        var random = SeededGenerator(seed: seed)
        for _ in 0..<2_000 {
            let local = LocalDateTime(
                date: LocalDate(year: Int.random(in: 2026...2027, using: &random), month: Int.random(in: 1...12, using: &random),
                                day: Int.random(in: 1...28, using: &random)),
                time: LocalTime(hour: Int.random(in: 0...23, using: &random), minute: Int.random(in: 0...59, using: &random),
                                second: Int.random(in: 0...59, using: &random)))
            // The same instant whether the zone is the device's or pinned on the trigger.
            let floating = TriggerSchedule.fixedDate(of: Self.trigger(at: local), deviceZone: zone)
            let pinned = TriggerSchedule.fixedDate(of: CalendarTrigger(at: local, timeZone: zone), deviceZone: berlin)
            let expected = Self.foundationDate(of: local, in: zone)
            #expect(floating == expected, "seed \(seed): \(zoneID) \(local)")
            #expect(pinned == expected, "seed \(seed): \(zoneID) \(local) pinned")
        }
    }
}
