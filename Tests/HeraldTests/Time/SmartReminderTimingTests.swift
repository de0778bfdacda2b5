import Foundation
import Testing
@testable import Herald

@Suite struct SmartReminderTimingTests {
    let zone = TimeZone(identifier: "Europe/Berlin")!
    let now = Fixtures.date("2026-11-21T12:00")

    /// Completions on the last `days` days at the given local hours (minute 10).
    func makeCompletions(hours: [Int], days: Int = 10) -> [Date] {
        (1...days).flatMap { day in
            hours.map { hour in
                Fixtures.date(String(format: "2026-11-%02dT%02d:10", 21 - day, hour))
            }
        }
    }

    @Test(arguments: [(21, 22), (22, 23), (23, 0)])
    func windowEndIsTheSecondHourOfTheWindow(start: Int, end: Int) throws {
        let suggestion = try #require(SmartReminderTiming().suggest(
            completions: makeCompletions(hours: [start, (start + 1) % 24]), now: now, zone: zone))
        #expect(suggestion.windowStartHour == start)
        #expect(suggestion.windowEndHour == end)
        #expect(suggestion.windowDescription == String(format: "%02d–%02d", start, end))
    }

    @Test(arguments: [
        (19, LocalTime(hour: 18, minute: 30)),   // 30 minutes before the window
        (8, LocalTime(hour: 7, minute: 30)),
        (5, LocalTime(hour: 6)),                 // 04:30 clamped to 06:00
        (0, LocalTime(hour: 22)),                // 23:30 clamped to 22:00
        (23, LocalTime(hour: 22)),               // 22:30 clamped to 22:00
        (22, LocalTime(hour: 21, minute: 30)),
    ])
    func reminderComesBeforeTheWindowWithinTheClamps(start: Int, expected: LocalTime) {
        #expect(SmartReminderTiming().reminderTime(forWindowStartingAt: start) == expected)
    }

    @Test func historyOlderThan30DaysAndEmptyHistoryGiveNoMadeUpTime() {
        let old = [Fixtures.date("2026-10-01T09:00"), Fixtures.date("2026-10-10T09:30")]
        #expect(SmartReminderTiming().suggest(completions: old, now: now, zone: zone) == nil)
        #expect(SmartReminderTiming().suggest(completions: [], now: now, zone: zone) == nil)
    }

    @Test func theBestWindowWinsAndCoverageIsReported() throws {
        let completions = makeCompletions(hours: [7, 8], days: 6) + makeCompletions(hours: [20], days: 4)
        let suggestion = try #require(SmartReminderTiming().suggest(completions: completions, now: now, zone: zone))
        #expect(suggestion.windowStartHour == 7)
        #expect(suggestion.reminderTime == LocalTime(hour: 6, minute: 30))
        #expect(suggestion.sampleCount == 16)
        #expect(suggestion.coveragePercent == 75)
    }

    @Test func recomputedOnlyWhenTwoDaysOld() {
        let timing = SmartReminderTiming()
        #expect(timing.needsRecompute(computedAt: nil, now: now))
        #expect(!timing.needsRecompute(computedAt: now.addingTimeInterval(-47 * 3600), now: now))
        #expect(timing.needsRecompute(computedAt: now.addingTimeInterval(-48 * 3600), now: now))
    }
}
