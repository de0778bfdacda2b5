import Foundation
import Testing
@testable import Herald

/// The limits of the schedule model (the longest interval, the most times a day) are
/// refused with a located error, never discovered by a trap or an exhausted memory.
@Suite struct ScheduleLimitTests {
    typealias F = ScheduleFixture

    struct Refusal: Sendable, CustomTestStringConvertible {
        var text: String
        var code: ScheduleError.Code
        var field: String
        var position: Int
        var testDescription: String { String(text.prefix(60)) }
    }

    /// `count` comma-separated copies of `values`.
    static func repeated(_ values: String, _ count: Int) -> String {
        Array(repeating: values, count: count).joined(separator: ",")
    }

    @Test(arguments: [
        // INTERVAL × 60 used to overflow while writing the message.
        Refusal(text: "FREQ=HOURLY;INTERVAL=153722867280912931", code: .outOfRange, field: "INTERVAL", position: 13),
        Refusal(text: "FREQ=MINUTELY;INTERVAL=153722867280912931", code: .outOfRange, field: "INTERVAL", position: 15),
        // 100,000 days, in hours and in minutes.
        Refusal(text: "FREQ=HOURLY;INTERVAL=2400001", code: .outOfRange, field: "INTERVAL", position: 13),
        Refusal(text: "FREQ=MINUTELY;INTERVAL=144000001", code: .outOfRange, field: "INTERVAL", position: 15),
        Refusal(text: "FREQ=DAILY;BYHOUR=9;INTERVAL=9223372036854775807", code: .outOfRange, field: "INTERVAL", position: 21),
        Refusal(text: "FREQ=DAILY;BYHOUR=9;INTERVAL=100001", code: .outOfRange, field: "INTERVAL", position: 21),
        Refusal(text: "FREQ=DAILY;BYHOUR=9;INTERVAL=99999999999999999999999", code: .outOfRange, field: "INTERVAL", position: 21),
        // 24 × 60 × 2 = 2,880 distinct times: over 1,440; blamed on the part written last.
        Refusal(text: "FREQ=DAILY;BYHOUR=\(repeated((0...23).map(String.init).joined(separator: ","), 1));BYMINUTE=\((0...59).map(String.init).joined(separator: ","));BYSECOND=0,30",
                code: .outOfRange, field: "BYSECOND", position: 0),
        // 800 copies of every value: 86,400 distinct times, refused before they are multiplied.
        Refusal(text: "FREQ=DAILY;BYSECOND=\(repeated((0...59).map(String.init).joined(separator: ","), 800));BYHOUR=\(repeated((0...23).map(String.init).joined(separator: ","), 800));BYMINUTE=0,1",
                code: .outOfRange, field: "BYMINUTE", position: 0),
    ])
    func refusesBeyondTheLimits(_ given: Refusal) throws {
        // When the rule is read
        let result = Result { try Schedule(rrule: given.text) }

        // Then it is refused at the part, with the kind of problem
        let error = try #require(result.failure as? ScheduleError)
        #expect(error.code == given.code)
        #expect(error.field == given.field)
        let expected = given.position > 0 ? given.position : Self.position(of: given.field, in: given.text)
        #expect(error.position == expected, "\(error)")
    }

    /// The 1-based position of `part=` in `text`.
    static func position(of part: String, in text: String) -> Int {
        text.distance(from: text.startIndex, to: text.range(of: part + "=")!.lowerBound) + 1
    }

    @Test func repeatedValuesCountOnce() throws {
        // Given 800 copies of the same hour, minute and second (4.8 KB of text)
        let text = "FREQ=DAILY;BYHOUR=\(Self.repeated("9", 800));BYMINUTE=\(Self.repeated("30", 800));BYSECOND=\(Self.repeated("15", 800))"

        // When the rule is read
        let schedule = try Schedule(rrule: text)

        // Then it is the one time 09:30:15
        #expect(schedule.recurrence == .daily(times: [LocalTime(hour: 9, minute: 30, second: 15)]))
    }

    @Test func theLargestValuesAreAccepted() throws {
        // Given the longest interval and the most times a day
        let longest = try Schedule(rrule: "DTSTART:20261121T090000\nRRULE:FREQ=DAILY;INTERVAL=100000")
        let allMinutes = (0...59).map(String.init).joined(separator: ",")
        let mostTimes = try Schedule(rrule: "FREQ=DAILY;BYHOUR=\((0...23).map(String.init).joined(separator: ","));BYMINUTE=\(allMinutes)")

        // Then both are schedules
        #expect(longest.recurrence == .everyNDays(interval: 100_000, anchor: LocalDate(year: 2026, month: 11, day: 21),
                                                  times: [F.time(9)]))
        guard case .daily(let times) = mostTimes.recurrence else { Issue.record("not daily"); return }
        #expect(times.count == 1_440)
    }

    @Test func hourlyAndMinutelyIntervalsReach100000Days() throws {
        // Given steps of 100,000 days, in hours and in minutes
        let hourly = try Schedule(rrule: "DTSTART:20261121T090000\nRRULE:FREQ=HOURLY;INTERVAL=2400000")
        let minutely = try Schedule(rrule: "DTSTART:20261121T090000\nRRULE:FREQ=MINUTELY;INTERVAL=144000000;BYSECOND=30")

        // Then each fires at its start and next 100,000 days later (2300-09-06, by Python's datetime)
        for schedule in [hourly, minutely] {
            let first = schedule.nextOccurrence(after: F.instant("2026-11-21T08:00:00Z"), deviceZone: F.zone("UTC"))
            let second = first.flatMap { schedule.nextOccurrence(after: $0.date, deviceZone: F.zone("UTC")) }
            #expect(first?.local.date == LocalDate(year: 2026, month: 11, day: 21))
            #expect(second?.local.date == LocalDate(year: 2300, month: 9, day: 6))
        }
    }

    @Test func aTypedListOfMoreThan1440TimesIsRefused() {
        // Given 1,441 distinct times (every minute, and one second past midnight)
        let times = (0..<1_440).map { LocalTime(secondsSinceMidnight: $0 * 60) } + [LocalTime(hour: 0, minute: 0, second: 1)]

        // Then the schedule is refused on its times
        #expect {
            try Schedule.daily(at: times)
        } throws: { error in
            (error as? ScheduleError).map { $0.code == .outOfRange && $0.field == "times" } ?? false
        }
    }

    @Test func aHugeCountDoesNotTrap() throws {
        // Given a COUNT as large as an Int holds
        let schedule = try Schedule(rrule: "DTSTART:20261121T090000\nRRULE:FREQ=MINUTELY;COUNT=9223372036854775807")

        // Then it reads, and the occurrence after the start (09:00 UTC) is a minute later
        let next = schedule.nextOccurrence(after: F.instant("2026-11-21T09:00:00Z"), deviceZone: F.zone("UTC"))
        #expect(next?.local == F.local(2026, 11, 21, 9, 1))
    }
}

extension Result where Failure == any Error {
    /// The error, or `nil` for a success.
    var failure: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
