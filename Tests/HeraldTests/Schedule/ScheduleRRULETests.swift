import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

@Suite struct ScheduleRRULETests {
    typealias F = ScheduleFixture

    struct Import: Sendable, CustomTestStringConvertible {
        var text: String
        var expected: Schedule
        var testDescription: String { text }
    }

    static let imports: [Import] = [
        Import(text: "DTSTART:20261121T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH",
               expected: try! Schedule(.weekly(weekdays: [.monday, .thursday], times: [F.time(9)]), start: F.local(2026, 11, 21, 9))),
        Import(text: "DTSTART;TZID=Europe/Berlin:20261121T090000\r\nRRULE:FREQ=DAILY",
               expected: try! Schedule(.daily(times: [F.time(9)]), timeZone: F.zone("Europe/Berlin"), start: F.local(2026, 11, 21, 9))),
        Import(text: "DTSTART:20261121T090000Z RRULE:FREQ=DAILY;COUNT=3",
               expected: try! Schedule(.daily(times: [F.time(9)]), timeZone: F.zone("UTC"), start: F.local(2026, 11, 21, 9), end: .count(3))),
        Import(text: "FREQ=DAILY;BYHOUR=9,15;BYMINUTE=0,30",
               expected: try! Schedule.daily(at: [F.time(9), F.time(9, 30), F.time(15), F.time(15, 30)])),
        Import(text: "rrule:freq=daily;byhour=9;byday=sa,su",
               expected: try! Schedule.weekly(on: [.saturday, .sunday], at: [F.time(9)])),
        Import(text: "DTSTART:20261121T090000\nRRULE:FREQ=DAILY;INTERVAL=3",
               expected: try! Schedule(.everyNDays(interval: 3, anchor: LocalDate(year: 2026, month: 11, day: 21), times: [F.time(9)]),
                                       start: F.local(2026, 11, 21, 9))),
        Import(text: "DTSTART:20261123T090500\nRRULE:FREQ=MINUTELY;INTERVAL=15;BYHOUR=9,10,11;BYDAY=MO,TU,WE,TH,FR",
               expected: try! Schedule(.minuteInterval(minutes: 15, window: Schedule.DailyWindow(start: F.time(9, 5), end: F.time(12)),
                                                       weekdays: Weekday.workdays), start: F.local(2026, 11, 23, 9, 5))),
        Import(text: "FREQ=HOURLY;INTERVAL=2;BYHOUR=8,9,10,11,12",
               expected: try! Schedule.everyMinutes(120, from: F.time(8), to: F.time(13))),
        Import(text: "DTSTART:20260131T080000\nRRULE:FREQ=MONTHLY",
               expected: try! Schedule(.monthly(days: [31], times: [F.time(8)]), start: F.local(2026, 1, 31, 8))),
        Import(text: "FREQ=MONTHLY;BYMONTHDAY=1,-1;BYHOUR=8;WKST=MO",
               expected: try! Schedule.monthly(onDays: [1, -1], at: [F.time(8)])),
        Import(text: "DTSTART:20261121T090000\nRRULE:FREQ=DAILY;UNTIL=20261130T090000",
               expected: try! Schedule(.daily(times: [F.time(9)]), start: F.local(2026, 11, 21, 9), end: .until(F.local(2026, 11, 30, 9)))),
        Import(text: "DTSTART;TZID=Europe/Berlin:20261121T090000\nRRULE:FREQ=DAILY;UNTIL=20261130T080000Z",
               expected: try! Schedule(.daily(times: [F.time(9)]), timeZone: F.zone("Europe/Berlin"), start: F.local(2026, 11, 21, 9),
                                       end: .until(F.local(2026, 11, 30, 9)))),
        Import(text: "FREQ=DAILY;BYHOUR=9;UNTIL=20261130",
               expected: try! Schedule(.daily(times: [F.time(9)]), end: .until(F.local(2026, 11, 30, 23, 59, 59)))),
        Import(text: "DTSTART;TZID=America/New_York:20261121T093000",
               expected: try! Schedule.once(at: F.local(2026, 11, 21, 9, 30), timeZone: F.zone("America/New_York"))),
    ]

    @Test(arguments: imports)
    func readsRule(_ given: Import) throws {
        #expect(try Schedule(rrule: given.text) == given.expected)
    }

    struct Export: Sendable, CustomTestStringConvertible {
        var schedule: Schedule
        var text: String
        var testDescription: String { text }
    }

    @Test(arguments: [
        Export(schedule: try! Schedule.weekly(on: [.sunday, .monday], at: [F.time(9)]),
               text: "RRULE:FREQ=WEEKLY;BYDAY=MO,SU;BYHOUR=9;BYMINUTE=0"),
        Export(schedule: try! Schedule(.daily(times: [F.time(9)]), timeZone: F.zone("Europe/Berlin"), start: F.local(2026, 11, 21, 9),
                                       end: .until(F.local(2026, 11, 30, 9))),
               text: "DTSTART;TZID=Europe/Berlin:20261121T090000\nRRULE:FREQ=DAILY;BYHOUR=9;BYMINUTE=0;UNTIL=20261130T080000Z"),
        Export(schedule: try! Schedule(.monthly(days: [-1, 15], times: [F.time(8, 30, )]), start: F.local(2026, 1, 1, 0, 0, 5), end: .count(12)),
               text: "DTSTART:20260101T000005\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-1,15;BYHOUR=8;BYMINUTE=30;BYSECOND=0;COUNT=12"),
        Export(schedule: try! Schedule.everyMinutes(30, from: F.time(9), to: F.time(12), on: Weekday.workdays),
               text: "RRULE:FREQ=MINUTELY;INTERVAL=30;BYHOUR=9,10,11;BYDAY=MO,TU,WE,TH,FR"),
        Export(schedule: try! Schedule.once(at: F.local(2026, 11, 21, 9), timeZone: F.zone("UTC")),
               text: "DTSTART:20261121T090000Z"),
    ])
    func writesRule(_ given: Export) throws {
        #expect(try given.schedule.rrule == given.text)
        #expect(try Schedule(rrule: given.schedule.rrule) == given.schedule)
    }

    @Test(arguments: [
        "DTSTART:19970101T090000\nRRULE:FREQ=YEARLY;INTERVAL=3;BYYEARDAY=1,100,-1;COUNT=10",
        "DTSTART:19970512T090000\nRRULE:FREQ=YEARLY;BYMONTH=5,12;BYWEEKNO=20,-1;BYDAY=MO,FR;WKST=SU",
        "DTSTART:19970902T090000\nRRULE:FREQ=HOURLY;INTERVAL=769;BYMINUTE=15,45;BYSECOND=5,50;BYSETPOS=1,-1",
        "DTSTART:19970902T090000\nRRULE:FREQ=MINUTELY;INTERVAL=1501;BYYEARDAY=1,-1;BYSECOND=10,20",
    ])
    func writesTheNewerPartsAndReadsThemBack(_ text: String) throws {
        // Given a rule with days of the year, weeks, seconds or hourly set positions
        let schedule = try Schedule(rrule: text)

        // When it is written as text and read again
        let written = try schedule.rrule

        // Then it is the same schedule, with the same parts
        #expect(try Schedule(rrule: written) == schedule)
        for part in ["BYYEARDAY", "BYWEEKNO", "BYSECOND", "BYSETPOS"] where text.contains(part) {
            #expect(written.contains(part + "="), "\(written)")
        }
    }

    @Test(arguments: [
        try! Schedule.daily(at: [F.time(9), F.time(15, 30)]),
        try! Schedule.daily(at: [F.time(9)], timeZone: F.zone("Europe/Berlin")),
        try! Schedule.everyDays(3, from: LocalDate(year: 2026, month: 1, day: 1), at: [F.time(9)]),
        try! Schedule.everyMinutes(7, from: F.time(9), to: F.time(12)),
        try! Schedule.everyMinutes(15, from: F.time(9), to: F.time(17, 30)),
        try! Schedule.everyMinutes(15, from: F.time(9, 20), to: F.time(17)),
        try! Schedule(.once(F.local(2026, 1, 1, 9)), start: F.local(2026, 1, 1)),
    ])
    func refusesToExportWhatRRULECannotSay(_ schedule: Schedule) {
        #expect {
            try schedule.rrule
        } throws: { error in
            (error as? ScheduleError)?.code == .unsupported
        }
    }

    @Test func roundTripsRandomRepresentableSchedules() async {
        await PropertySeeds.check(count: 2000) { seed in
            var rng = SeededGenerator(seed: seed)
            let schedule = RandomSchedule.makeRepresentable(&rng, around: LocalDate(year: 2026, month: 1, day: 1))

            let text = try schedule.rrule

            #expect(try Schedule(rrule: text) == schedule, "seed \(seed): \(text)")
        }
    }

    @Test func exportedRulesThatSucceedReadBackEqual() async {
        await PropertySeeds.check(count: 2000) { seed throws in
            var rng = SeededGenerator(seed: seed)
            let schedule = RandomSchedule.make(&rng, around: LocalDate(year: 2026, month: 1, day: 1))

            // A schedule RRULE text cannot carry is refused as unsupported, nothing else.
            let text: String
            do {
                text = try schedule.rrule
            } catch let error as ScheduleError {
                #expect(error.code == .unsupported, "seed \(seed): \(error)")
                return
            }

            #expect(try Schedule(rrule: text) == schedule, "seed \(seed): \(text)")
        }
    }

    // MARK: Errors

    struct Failure: Sendable, CustomTestStringConvertible {
        var text: String
        var code: ScheduleError.Code
        var field: String
        var position: Int
        var testDescription: String { text.replacingOccurrences(of: "\n", with: "⏎") }
    }

    @Test(arguments: [
        Failure(text: "FREQ=DAILY;BYHOUR=25", code: .outOfRange, field: "BYHOUR", position: 12),
        Failure(text: "FREQ=DAILY;BYHOUR=99999999999999999999", code: .outOfRange, field: "BYHOUR", position: 12),
        Failure(text: "FREQ=DAILY;BYHOUR=9,x", code: .malformed, field: "BYHOUR", position: 12),
        Failure(text: "FREQ=DAILY;BYHOUR=nine", code: .malformed, field: "BYHOUR", position: 12),
        Failure(text: "FREQ=DAILY;BYHOUR=9;BYMINUTE=60", code: .outOfRange, field: "BYMINUTE", position: 21),
        Failure(text: "FREQ=DAILY;BYHOUR=9;BYHOUR=10", code: .duplicate, field: "BYHOUR", position: 21),
        Failure(text: "FREQ=DAILY;BYHOUR=", code: .empty, field: "BYHOUR", position: 12),
        Failure(text: "FREQ=DAILY;BYHOUR", code: .malformed, field: "BYHOUR", position: 12),
        Failure(text: "BYHOUR=9", code: .missing, field: "FREQ", position: 1),
        Failure(text: "", code: .missing, field: "FREQ", position: 1),
        Failure(text: "FREQ=YEARLY;BYHOUR=9", code: .missing, field: "DTSTART", position: 1),
        Failure(text: "RRULE:FREQ=SECONDLY", code: .unsupported, field: "FREQ", position: 7),
        Failure(text: "RRULE:", code: .missing, field: "FREQ", position: 1),
        Failure(text: "FREQ=FORTNIGHTLY;BYHOUR=9", code: .malformed, field: "FREQ", position: 1),
        Failure(text: "FREQ=DAILY;FOO=1;BYHOUR=9", code: .malformed, field: "FOO", position: 12),
        Failure(text: "FREQ=DAILY;BYYEARDAY=1;BYHOUR=9", code: .malformed, field: "BYYEARDAY", position: 12),
        Failure(text: "FREQ=WEEKLY;BYMONTHDAY=1;BYHOUR=9", code: .malformed, field: "BYMONTHDAY", position: 13),
        Failure(text: "FREQ=WEEKLY;BYDAY=1MO;BYHOUR=9", code: .malformed, field: "BYDAY", position: 13),
        Failure(text: "FREQ=WEEKLY;BYDAY=XX;BYHOUR=9", code: .malformed, field: "BYDAY", position: 13),
        Failure(text: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;BYHOUR=9", code: .missing, field: "DTSTART", position: 1),
        Failure(text: "FREQ=WEEKLY;INTERVAL=0;BYDAY=MO;BYHOUR=9", code: .outOfRange, field: "INTERVAL", position: 13),
        Failure(text: "FREQ=DAILY", code: .missing, field: "DTSTART", position: 1),
        Failure(text: "FREQ=WEEKLY;BYHOUR=9", code: .missing, field: "DTSTART", position: 1),
        Failure(text: "RRULE:FREQ=DAILY;BYHOUR=9;COUNT=3", code: .missing, field: "COUNT", position: 27),
        Failure(text: "FREQ=DAILY;BYHOUR=9;COUNT=0", code: .outOfRange, field: "COUNT", position: 21),
        Failure(text: "FREQ=MINUTELY;INTERVAL=7;BYHOUR=9", code: .missing, field: "DTSTART", position: 1),
        Failure(text: "FREQ=HOURLY;INTERVAL=5;BYHOUR=9", code: .missing, field: "DTSTART", position: 1),
        Failure(text: "FREQ=MINUTELY;INTERVAL=15;BYSETPOS=2;BYSECOND=5;BYHOUR=9", code: .empty, field: "BYSETPOS", position: 27),
        Failure(text: "FREQ=MINUTELY;INTERVAL=15;BYMINUTE=5;BYHOUR=9", code: .empty, field: "BYMINUTE", position: 27),
        Failure(text: "DTSTART:20261121T093000\nRRULE:FREQ=HOURLY;INTERVAL=2;BYHOUR=10", code: .empty, field: "BYHOUR",
                position: 54),
        Failure(text: "FREQ=MONTHLY;BYMONTHDAY=32;BYHOUR=9", code: .outOfRange, field: "BYMONTHDAY", position: 14),
        Failure(text: "FREQ=MONTHLY;BYMONTHDAY=0;BYHOUR=9", code: .malformed, field: "BYMONTHDAY", position: 14),
        Failure(text: "FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1;BYHOUR=9", code: .missing, field: "DTSTART", position: 1),
        Failure(text: "DTSTART:2026XX21T090000\nRRULE:FREQ=DAILY", code: .malformed, field: "DTSTART", position: 1),
        Failure(text: "DTSTART:20260230T090000\nRRULE:FREQ=DAILY", code: .malformed, field: "DTSTART", position: 1),
        // A zone problem is at its TZID: "DTSTART;" is 8 characters.
        Failure(text: "DTSTART;TZID=Mars/Olympus:20261121T090000\nRRULE:FREQ=DAILY", code: .malformed, field: "DTSTART", position: 9),
        Failure(text: "DTSTART;TZID=Europe/Berlin\u{0}:20261121T090000\nRRULE:FREQ=DAILY", code: .malformed, field: "DTSTART",
                position: 9),
        Failure(text: "DTSTART;TZID=America/Los Angeles:20261121T090000\nRRULE:FREQ=DAILY", code: .malformed, field: "DTSTART",
                position: 9),
        // The second TZID: 8 + "TZID=Europe/Berlin;" (19) + 1.
        Failure(text: "DTSTART;TZID=Europe/Berlin;TZID=Europe/Paris:20261121T090000\nRRULE:FREQ=DAILY", code: .duplicate,
                field: "DTSTART", position: 28),
        Failure(text: "DTSTART;VALUE=DATE:20261121\nRRULE:FREQ=DAILY", code: .unsupported, field: "DTSTART", position: 1),
        Failure(text: "DTSTART:20261121T090000\nDTSTART:20261121T090000\nRRULE:FREQ=DAILY", code: .duplicate, field: "DTSTART",
                position: 25),
        Failure(text: "RRULE:FREQ=DAILY;BYHOUR=9 RRULE:FREQ=DAILY;BYHOUR=9", code: .duplicate, field: "RRULE", position: 27),
        Failure(text: "DTSTART:20261121T090000\nRRULE:FREQ=DAILY;COUNT=2;UNTIL=20261130T000000", code: .malformed, field: "UNTIL",
                position: 50),
        Failure(text: "FREQ=DAILY;BYHOUR=9;UNTIL=20261130T000000Z", code: .malformed, field: "UNTIL", position: 21),
        Failure(text: "FREQ=DAILY;BYHOUR=9;UNTIL=tomorrow", code: .malformed, field: "UNTIL", position: 21),
        Failure(text: "EXDATE:20261121T090000", code: .missing, field: "FREQ", position: 1),
        Failure(text: "DTSTART:20261121T090000 RRULE:FREQ=DAILY;INTERVAL=1000000", code: .outOfRange, field: "INTERVAL", position: 42),
        Failure(text: "SUMMARY:Gym", code: .malformed, field: "SUMMARY", position: 1),
    ])
    func rejects(_ given: Failure) {
        #expect {
            try Schedule(rrule: given.text)
        } throws: { error in
            guard let error = error as? ScheduleError else { return false }
            return error.code == given.code && error.field == given.field && error.position == given.position
        }
    }
}
