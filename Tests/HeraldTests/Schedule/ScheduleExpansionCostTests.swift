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
}
