import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// Listing occurrences costs in proportion to the occurrences listed, not to the square
/// of the times a rule has each day.
@Suite struct ScheduleExpansionCostTests {
    typealias F = ScheduleFixture

    /// Every minute of the day as a list of 1,440 times (the most a rule may have).
    static func makeEveryMinuteList() throws -> Schedule {
        try Schedule.daily(at: (0..<1_440).map { LocalTime(secondsSinceMidnight: $0 * 60) })
    }

    @Test func sixtyDaysOfEveryMinuteListIsLinear() throws {
        // Given 1,440 listed times a day, in Berlin, from 1 March 2026 for 60 days
        let schedule = try Self.makeEveryMinuteList()
        let berlin = F.zone("Europe/Berlin")
        let (from, to) = (F.instant("2026-02-28T23:00:00Z"), F.instant("2026-04-29T22:00:00Z"))

        // When they are listed
        var occurrences: [Occurrence] = []
        let seconds = threadCPUSeconds {
            occurrences = schedule.occurrences(after: from.addingTimeInterval(-1), before: to, deviceZone: berlin)
        }

        // Then there are 60 × 1,440 less the hour 29 March skips (02:00 to 02:59 land on
        // 03:00 to 03:59, which exist), in 0.1 s of a debug build (7 s when each
        // occurrence scanned the day's list)
        #expect(occurrences.count == 60 * 1_440 - 60)
        #expect(seconds < 2, "took \(seconds) s")
    }

    @Test func theSpringForwardDayListsEachInstantOnce() throws {
        // Given every minute on 29 March 2026 in Berlin (02:00–02:59 do not exist)
        let schedule = try Self.makeEveryMinuteList()
        let berlin = F.zone("Europe/Berlin")

        // When that day is listed in one pass and one occurrence at a time
        let (from, to) = (F.instant("2026-03-28T22:59:59Z"), F.instant("2026-03-29T22:00:00Z"))
        let listed = schedule.occurrences(after: from, before: to, deviceZone: berlin)
        var stepped: [Occurrence] = []
        var cursor = from
        while let next = schedule.nextOccurrence(after: cursor, deviceZone: berlin), next.date < to {
            stepped.append(next)
            cursor = next.date
        }

        // Then both give the 1,380 instants of the 23-hour day, 03:00 with its own local time
        #expect(listed.count == 1_380)
        #expect(listed == stepped)
        #expect(listed.first { $0.date == F.instant("2026-03-29T01:00:00Z") }?.local == F.local(2026, 3, 29, 3))
    }

    @Test func theFallBackDayFiresEachLocalTimeOnce() throws {
        // Given every minute on 25 October 2026 in Berlin (02:00–02:59 occur twice)
        let schedule = try Self.makeEveryMinuteList()
        let berlin = F.zone("Europe/Berlin")

        // When that 25-hour day is listed
        let listed = schedule.occurrences(after: F.instant("2026-10-24T21:59:59Z"),
                                          before: F.instant("2026-10-25T23:00:00Z"), deviceZone: berlin)

        // Then each of the 1,440 local times fires once, 02:30 at its first instant
        #expect(listed.count == 1_440)
        #expect(listed.first { $0.local == F.local(2026, 10, 25, 2, 30) }?.date == F.instant("2026-10-25T00:30:00Z"))
    }

    struct SparseRule: Sendable, CustomTestStringConvertible {
        var text: String
        /// The first occurrences, in UTC, hand-derived from the calendar.
        var expected: [String]
        var testDescription: String { text.replacingOccurrences(of: "\n", with: " ") }
    }

    /// Rules that fire once in years find their occurrences with bounded work: day 366
    /// comes in leap years only, week 53 in some years (2026, 2032, 2037), a step of
    /// 769 hours lands on a 1st of the month now and then.
    @Test(arguments: [
        SparseRule(text: "DTSTART:20260101T000000\nRRULE:FREQ=HOURLY;BYYEARDAY=366;BYHOUR=6",
                   expected: ["2028-12-31T06:00:00Z", "2032-12-31T06:00:00Z"]),
        SparseRule(text: "DTSTART:20260101T090000\nRRULE:FREQ=YEARLY;BYWEEKNO=53;BYDAY=TH",
                   expected: ["2026-12-31T09:00:00Z", "2032-12-30T09:00:00Z", "2037-12-31T09:00:00Z"]),
        SparseRule(text: "DTSTART:20260101T000000\nRRULE:FREQ=HOURLY;INTERVAL=769;BYMONTHDAY=1;BYMONTH=1",
                   expected: ["2026-01-01T00:00:00Z", "2031-01-01T09:00:00Z"]),
    ])
    func aSparseRuleFindsItsOccurrencesWithBoundedWork(_ given: SparseRule) throws {
        // Given a rule that fires once in years
        let schedule = try Schedule(rrule: given.text)

        // When its first occurrences are asked for one at a time
        var found: [Occurrence] = []
        let seconds = threadCPUSeconds {
            var after = F.instant("2025-12-31T23:59:59Z")
            while found.count < given.expected.count, let next = schedule.nextOccurrence(after: after, deviceZone: F.zone("UTC")) {
                found.append(next)
                after = next.date
            }
        }

        // Then they are the calendar's, found in well under a second
        #expect(F.utcTexts(found) == given.expected)
        #expect(seconds < 1, "took \(seconds) s")
    }

    @Test(arguments: ["FREQ=HOURLY;BYYEARDAY=366;BYMONTH=1", "FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6;BYHOUR=9",
                      "DTSTART:20260101T000000\nRRULE:FREQ=HOURLY;INTERVAL=48;BYYEARDAY=-366;BYMONTH=2"])
    func aRuleThatNeverFiresIsRefusedWithBoundedWork(_ text: String) {
        // Given a rule no day satisfies (day 366 is in December, week 53 never in June,
        // day -366 is January 1 of a leap year)
        var result: Result<Schedule, any Error>?

        // When it is read
        let seconds = threadCPUSeconds { result = Result { try Schedule(rrule: text) } }

        // Then it is refused as never occurring, after searching a bounded span
        #expect((result?.failure as? ScheduleError)?.code == .empty)
        #expect(seconds < 2, "took \(seconds) s")
    }
}
