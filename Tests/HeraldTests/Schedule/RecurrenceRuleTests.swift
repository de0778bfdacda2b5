import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// The new kinds by hand: RFC 5545's own examples (section 3.8.5.3), calendar facts,
/// and transitions read from Python's zoneinfo; including the cases where Foundation's
/// `Calendar.RecurrenceRule` is wrong on this toolchain (see ``CalendarRuleReference``).
@Suite struct RecurrenceRuleTests {
    typealias F = ScheduleFixture

    struct Expectation: Sendable, CustomTestStringConvertible {
        var name: String
        var schedule: Schedule
        var zone = "UTC"
        var from: String
        var days = 800
        var expected: [String]
        var testDescription: String { name }
    }

    static func rule(_ text: String) -> Schedule { try! Schedule(rrule: text) }

    static let expectations: [Expectation] = [
        // RFC 5545: "Every other week on Tuesday and Sunday, week start Monday" and the same with WKST=SU.
        Expectation(name: "every other week, WKST=MO", schedule: rule("DTSTART:19970805T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO"),
                    from: "1997-08-01T00:00:00Z",
                    expected: ["1997-08-05T09:00:00Z", "1997-08-10T09:00:00Z", "1997-08-19T09:00:00Z", "1997-08-24T09:00:00Z"]),
        Expectation(name: "every other week, WKST=SU", schedule: rule("DTSTART:19970805T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU"),
                    from: "1997-08-01T00:00:00Z",
                    expected: ["1997-08-05T09:00:00Z", "1997-08-17T09:00:00Z", "1997-08-19T09:00:00Z", "1997-08-31T09:00:00Z"]),
        // RFC 5545: "The last work day of the month".
        Expectation(name: "last workday (BYSETPOS=-1)", schedule: rule("DTSTART:19970929T090000\nRRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=7"),
                    from: "1997-09-01T00:00:00Z",
                    expected: ["1997-09-30T09:00:00Z", "1997-10-31T09:00:00Z", "1997-11-28T09:00:00Z", "1997-12-31T09:00:00Z",
                               "1998-01-30T09:00:00Z", "1998-02-27T09:00:00Z", "1998-03-31T09:00:00Z"]),
        // RFC 5545: "Monthly on the second-to-last Monday of the month for 6 months".
        Expectation(name: "second-to-last Monday", schedule: rule("DTSTART:19970922T090000\nRRULE:FREQ=MONTHLY;COUNT=6;BYDAY=-2MO"),
                    from: "1997-09-01T00:00:00Z",
                    expected: ["1997-09-22T09:00:00Z", "1997-10-20T09:00:00Z", "1997-11-17T09:00:00Z", "1997-12-22T09:00:00Z",
                               "1998-01-19T09:00:00Z", "1998-02-16T09:00:00Z"]),
        // RFC 5545: "Every other year on January, February, and March for 10 occurrences".
        Expectation(name: "every other year in months", schedule: rule("DTSTART:19970310T090000\nRRULE:FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3"),
                    from: "1997-01-01T00:00:00Z", days: 4000,
                    expected: ["1997-03-10T09:00:00Z", "1999-01-10T09:00:00Z", "1999-02-10T09:00:00Z", "1999-03-10T09:00:00Z",
                               "2001-01-10T09:00:00Z", "2001-02-10T09:00:00Z", "2001-03-10T09:00:00Z", "2003-01-10T09:00:00Z",
                               "2003-02-10T09:00:00Z", "2003-03-10T09:00:00Z"]),
        // The last Wednesday of May 2026 is the 27th (Foundation says the 20th).
        Expectation(name: "last Wednesday every other month", schedule: try! Schedule(.rule(RecurrenceRule(
                        frequency: .monthly, interval: 2, anchor: F.local(2026, 1, 20), weekdays: [.init(-1, .wednesday)], times: [F.time(9)])),
                        start: F.local(2026, 1, 20)),
                    from: "2026-01-01T00:00:00Z", days: 150,
                    expected: ["2026-01-28T09:00:00Z", "2026-03-25T09:00:00Z", "2026-05-27T09:00:00Z"]),
        Expectation(name: "second Tuesday", schedule: try! Schedule.monthly(on: [.init(2, .tuesday)], at: [F.time(19)]),
                    from: "2026-01-01T00:00:00Z", days: 90,
                    expected: ["2026-01-13T19:00:00Z", "2026-02-10T19:00:00Z", "2026-03-10T19:00:00Z"]),
        // Foundation gives the 7th of January 2026 for the last weekday.
        Expectation(name: "last weekday of the month", schedule: try! Schedule.monthly(positions: [-1], of: Weekday.workdays, at: [F.time(9)]),
                    from: "2026-01-01T00:00:00Z", days: 90,
                    expected: ["2026-01-30T09:00:00Z", "2026-02-27T09:00:00Z", "2026-03-31T09:00:00Z"]),
        Expectation(name: "first weekend day", schedule: try! Schedule.monthly(positions: [1], of: [.saturday, .sunday], at: [F.time(10)]),
                    from: "2026-01-01T00:00:00Z", days: 90,
                    expected: ["2026-01-03T10:00:00Z", "2026-02-01T10:00:00Z", "2026-03-01T10:00:00Z"]),
        Expectation(name: "Thanksgiving", schedule: try! Schedule.yearly(inMonths: [11], on: [.init(4, .thursday)], at: [F.time(10)]),
                    from: "2026-01-01T00:00:00Z", days: 1100,
                    expected: ["2026-11-26T10:00:00Z", "2027-11-25T10:00:00Z", "2028-11-23T10:00:00Z"]),
        Expectation(name: "29 February only in leap years", schedule: try! Schedule.yearly(inMonths: [2], onDays: [29], at: [F.time(8)]),
                    from: "2026-01-01T00:00:00Z", days: 2600,
                    expected: ["2028-02-29T08:00:00Z", "2032-02-29T08:00:00Z"]),
        // -31 exists only in 31-day months, where it is the 1st (Foundation gives 1 March for February).
        Expectation(name: "31st from the end", schedule: try! Schedule(.rule(RecurrenceRule(
                        frequency: .monthly, anchor: F.local(2026, 1, 1), monthDays: [-31], times: [F.time(8)]))),
                    from: "2026-01-01T00:00:00Z", days: 130,
                    expected: ["2026-01-01T08:00:00Z", "2026-03-01T08:00:00Z", "2026-05-01T08:00:00Z"]),
        Expectation(name: "every 5 hours across days", schedule: try! Schedule.everyHours(5, from: F.local(2026, 1, 1, 8)),
                    from: "2026-01-01T00:00:00Z", days: 1,
                    // The anchor sets the phase only: without a start, 03:00 (08:00 - 5 h) fires too.
                    expected: ["2026-01-01T03:00:00Z", "2026-01-01T08:00:00Z", "2026-01-01T13:00:00Z", "2026-01-01T18:00:00Z",
                               "2026-01-01T23:00:00Z"]),
        // New York, 8 March 2026: 02:00 EST becomes 03:00 EDT; 02:30 fires at 03:30, once with the real 03:30.
        Expectation(name: "hourly over spring forward", schedule: try! Schedule.everyHours(1, from: F.local(2026, 3, 8, 0, 30)),
                    zone: "America/New_York", from: "2026-03-08T05:00:00Z", days: 0,
                    expected: ["2026-03-08T05:30:00Z", "2026-03-08T06:30:00Z", "2026-03-08T07:30:00Z", "2026-03-08T08:30:00Z"]),
        // New York, 1 November 2026: 01:30 happens twice and fires once, at the first.
        Expectation(name: "hourly over fall back", schedule: try! Schedule.everyHours(1, from: F.local(2026, 11, 1, 0, 30)),
                    zone: "America/New_York", from: "2026-11-01T04:00:00Z", days: 0,
                    expected: ["2026-11-01T04:30:00Z", "2026-11-01T05:30:00Z", "2026-11-01T07:30:00Z"]),
        // Lord Howe, 4 October 2026 (zoneinfo): 02:00 +10:30 becomes 02:30 +11:00; 02:15 fires at 02:45.
        Expectation(name: "hourly over Lord Howe's half hour", schedule: try! Schedule.everyHours(1, from: F.local(2026, 10, 4, 0, 15)),
                    zone: "Australia/Lord_Howe", from: "2026-10-03T13:30:00Z", days: 0,
                    expected: ["2026-10-03T13:45:00Z", "2026-10-03T14:45:00Z", "2026-10-03T15:45:00Z", "2026-10-03T16:15:00Z",
                               "2026-10-03T17:15:00Z"]),
        // Chatham, 27 September 2026 (zoneinfo): 02:45 +12:45 becomes 03:45 +13:45; shifted 02:45...03:30 land on 03:45...04:30.
        Expectation(name: "every 15 minutes over Chatham's 02:45", schedule: rule("DTSTART:20260927T020000\nRRULE:FREQ=MINUTELY;INTERVAL=15;BYHOUR=2,3,4"),
                    zone: "Pacific/Chatham", from: "2026-09-26T13:00:00Z", days: 0,
                    expected: ["2026-09-26T13:15:00Z", "2026-09-26T13:30:00Z", "2026-09-26T13:45:00Z", "2026-09-26T14:00:00Z",
                               "2026-09-26T14:15:00Z", "2026-09-26T14:30:00Z", "2026-09-26T14:45:00Z", "2026-09-26T15:00:00Z"]),
        Expectation(name: "EXDATE and RDATE", schedule: rule("DTSTART:20261201T090000\nRRULE:FREQ=DAILY;COUNT=5\nEXDATE:20261203T090000\nRDATE:20261210T120000"),
                    from: "2026-12-01T00:00:00Z", days: 30,
                    expected: ["2026-12-01T09:00:00Z", "2026-12-02T09:00:00Z", "2026-12-04T09:00:00Z", "2026-12-05T09:00:00Z",
                               "2026-12-10T12:00:00Z"]),
        // RFC 5545: "Every third year on the 1st, 100th, and 200th day for 10 occurrences" (New York there, UTC here).
        Expectation(name: "every third year on days 1, 100, 200", schedule: rule("DTSTART:19970101T090000\nRRULE:FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200"),
                    from: "1996-12-31T00:00:00Z", days: 3_700,
                    expected: ["1997-01-01T09:00:00Z", "1997-04-10T09:00:00Z", "1997-07-19T09:00:00Z", "2000-01-01T09:00:00Z",
                               "2000-04-09T09:00:00Z", "2000-07-18T09:00:00Z", "2003-01-01T09:00:00Z", "2003-04-10T09:00:00Z",
                               "2003-07-19T09:00:00Z", "2006-01-01T09:00:00Z"]),
        // RFC 5545: "Monday of week number 20 (where the default start of the week is Monday)".
        Expectation(name: "Monday of week 20", schedule: rule("DTSTART:19970512T090000\nRRULE:FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO"),
                    from: "1997-05-01T00:00:00Z", days: 1_100,
                    expected: ["1997-05-12T09:00:00Z", "1998-05-11T09:00:00Z", "1999-05-17T09:00:00Z"]),
        // 2026-12-28 is the Monday of ISO week 53 of 2026; 2027 has no week 53 (its last week, 52, starts 2027-12-27).
        Expectation(name: "the last week's Monday", schedule: rule("DTSTART:20260101T090000\nRRULE:FREQ=YEARLY;BYWEEKNO=-1;BYDAY=MO;COUNT=2"),
                    from: "2026-01-01T00:00:00Z", days: 800,
                    expected: ["2026-12-28T09:00:00Z", "2027-12-27T09:00:00Z"]),
        // The set of an hourly step is its BYMINUTE × BYSECOND instants: 09:15:45 and 09:45:15 are the 2nd and 3rd of four.
        Expectation(name: "hourly set positions", schedule: rule("DTSTART:20261201T090000\nRRULE:FREQ=HOURLY;INTERVAL=30;BYMINUTE=15,45;BYSECOND=15,45;BYSETPOS=2,-2;COUNT=4"),
                    from: "2026-12-01T00:00:00Z", days: 3,
                    expected: ["2026-12-01T09:15:45Z", "2026-12-01T09:45:15Z", "2026-12-02T15:15:45Z", "2026-12-02T15:45:15Z"]),
        Expectation(name: "EXDATE a whole day, pinned", schedule: rule("DTSTART;TZID=Europe/Berlin:20261224T080000\nRRULE:FREQ=DAILY;BYHOUR=8,20;COUNT=4\nEXDATE;VALUE=DATE:20261225"),
                    zone: "America/New_York", from: "2026-12-24T00:00:00Z", days: 5,
                    expected: ["2026-12-24T07:00:00Z", "2026-12-24T19:00:00Z"]),
    ]

    @Test(arguments: expectations)
    func firesOnTheHandDerivedInstants(_ given: Expectation) {
        let from = F.instant(given.from)
        let until = from.addingTimeInterval(TimeInterval(max(given.days, 0) * 86_400 + (given.days == 0 ? 4 * 3600 + 1 : 0)))

        let occurrences = given.schedule.occurrences(after: from, before: until, deviceZone: F.zone(given.zone))

        #expect(F.utcTexts(occurrences) == given.expected)
    }

    /// Export round-trips: the text read back fires at the same instants, for every
    /// kind, floating and pinned, with exclusions and extra times.
    @Test(arguments: RandomRule.Kind.allCases)
    func exportReadsBackToTheSameOccurrences(_ kind: RandomRule.Kind) async {
        await PropertySeeds.check(count: 40) { seed in
            var rng = SeededGenerator(seed: seed)
            let base = RandomRule.make(kind, &rng, around: LocalDate(year: 2026, month: 1, day: 1))
            let zone = [nil, "Europe/Berlin", "UTC", "Australia/Lord_Howe"].randomElement(using: &rng)!.map(F.zone)
            let firsts = base.occurrences(after: F.instant("2025-06-01T00:00:00Z"), before: F.instant("2027-06-01T00:00:00Z"),
                                          deviceZone: F.zone("UTC"))
            let excluded = Set(firsts.shuffled(using: &rng).prefix(3).map(\.local))
            let excludedDates = Set(firsts.shuffled(using: &rng).prefix(2).map(\.local.date))
            let extra: Set<LocalDateTime> = [LocalDateTime(date: LocalDate(year: 2026, month: 2, day: Int.random(in: 1...28, using: &rng)),
                                                           time: RandomRule.time(&rng))]
            let schedule = try Schedule(base.recurrence, timeZone: zone, start: base.start, end: base.end, excludedDates: excludedDates,
                                        excludedTimes: excluded, extraTimes: extra)

            let text = try schedule.rrule
            let readBack = try Schedule(rrule: text)

            for device in ["America/New_York", "Pacific/Chatham"] {
                let (from, to) = (F.instant("2025-06-01T00:00:00Z"), F.instant("2027-06-01T00:00:00Z"))
                #expect(readBack.occurrences(after: from, before: to, deviceZone: F.zone(device))
                        == schedule.occurrences(after: from, before: to, deviceZone: F.zone(device)), "seed \(seed): \(text)")
            }
        }
    }

    @Test func nextOccurrenceSkipsExclusionsAndTakesExtraTimes() throws {
        let schedule = try Schedule(rrule: "DTSTART:20261201T090000\nRRULE:FREQ=DAILY\nEXDATE:20261202T090000\nRDATE:20261201T120000")
        let utc = F.zone("UTC")

        let first = schedule.nextOccurrence(after: F.instant("2026-12-01T09:00:00Z"), deviceZone: utc)
        let second = schedule.nextOccurrence(after: F.instant("2026-12-01T12:00:00Z"), deviceZone: utc)

        #expect(first?.local == F.local(2026, 12, 1, 12))
        #expect(second?.local == F.local(2026, 12, 3, 9))
    }

    @Test func aRuleWithoutDaysOfTheYearWeeksOrSecondsIsStoredAsBefore() throws {
        // Given a rule without the parts added later, and one with them
        let plain = RecurrenceRule(frequency: .monthly, anchor: F.local(2026, 1, 1), weekdays: [.init(2, .tuesday)], times: [F.time(19)])
        let full = RecurrenceRule(frequency: .yearly, anchor: F.local(2026, 1, 1), weekdays: [.init(nil, .monday)], yearDays: [-1, 100],
                                  weekNumbers: [20], times: [F.time(9)])
        let hourly = RecurrenceRule(frequency: .hourly, interval: 769, anchor: F.local(2026, 1, 1), setPositions: [-1], seconds: [5, 30])

        // When they are stored
        let data = try JSONEncoder().encode(plain)
        let keys = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys

        // Then the plain one has the keys it always had, and each reads back the same
        #expect(Set(keys) == ["frequency", "interval", "anchor", "months", "monthDays", "weekdays", "setPositions", "times", "hours",
                              "minutes", "weekStart"])
        for rule in [plain, full, hourly] {
            #expect(try JSONDecoder().decode(RecurrenceRule.self, from: JSONEncoder().encode(rule)) == rule)
        }
    }

    typealias Refusal = ScheduleRRULETests.Failure

    @Test(arguments: [
        Refusal(text: "FREQ=MONTHLY;BYDAY=6MO;BYHOUR=9", code: .outOfRange, field: "BYDAY", position: 14),
        Refusal(text: "FREQ=MONTHLY;BYDAY=0MO;BYHOUR=9", code: .outOfRange, field: "BYDAY", position: 14),
        Refusal(text: "FREQ=MONTHLY;BYDAY=xMO;BYHOUR=9", code: .malformed, field: "BYDAY", position: 14),
        Refusal(text: "FREQ=DAILY;BYDAY=1MO;BYHOUR=9", code: .malformed, field: "BYDAY", position: 12),
        Refusal(text: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;BYHOUR=9", code: .empty, field: "BYMONTHDAY", position: 23),
        Refusal(text: "FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=1;BYHOUR=9", code: .outOfRange, field: "BYMONTH", position: 13),
        Refusal(text: "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=0;BYHOUR=9", code: .malformed, field: "BYSETPOS", position: 23),
        Refusal(text: "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=367;BYHOUR=9", code: .outOfRange, field: "BYSETPOS", position: 23),
        // What RFC 5545 forbids (section 3.3.10) is malformed.
        Refusal(text: "FREQ=HOURLY;BYSETPOS=1", code: .malformed, field: "BYSETPOS", position: 13),
        Refusal(text: "FREQ=MONTHLY;BYWEEKNO=20;BYHOUR=9", code: .malformed, field: "BYWEEKNO", position: 14),
        Refusal(text: "FREQ=MONTHLY;BYYEARDAY=100;BYHOUR=9", code: .malformed, field: "BYYEARDAY", position: 14),
        Refusal(text: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=1MO;BYHOUR=9", code: .malformed, field: "BYDAY", position: 25),
        Refusal(text: "FREQ=WEEKLY;BYMONTHDAY=1;BYHOUR=9", code: .malformed, field: "BYMONTHDAY", position: 13),
        Refusal(text: "FREQ=YEARLY;BYYEARDAY=0;BYHOUR=9", code: .malformed, field: "BYYEARDAY", position: 13),
        Refusal(text: "FREQ=YEARLY;BYYEARDAY=367;BYHOUR=9", code: .outOfRange, field: "BYYEARDAY", position: 13),
        Refusal(text: "FREQ=YEARLY;BYWEEKNO=-54;BYHOUR=9", code: .outOfRange, field: "BYWEEKNO", position: 13),
        Refusal(text: "FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6;BYHOUR=9", code: .empty, field: "BYWEEKNO", position: 13),
        Refusal(text: "FREQ=WEEKLY;BYDAY=MO;WKST=XX;BYHOUR=9", code: .malformed, field: "WKST", position: 22),
        Refusal(text: "FREQ=DAILY;BYHOUR=9\nEXDATE:2026XX01T090000", code: .malformed, field: "EXDATE", position: 21),
        Refusal(text: "FREQ=DAILY;BYHOUR=9\nRDATE;VALUE=DATE:20261201", code: .unsupported, field: "RDATE", position: 21),
        Refusal(text: "FREQ=DAILY;BYHOUR=9\nRDATE;VALUE=PERIOD:20261201T090000/PT1H", code: .unsupported, field: "RDATE", position: 21),
        Refusal(text: "FREQ=DAILY;BYHOUR=9\nEXDATE:20261201T090000Z", code: .malformed, field: "EXDATE", position: 21),
        Refusal(text: "DTSTART;TZID=Europe/Berlin:20261201T090000\nRRULE:FREQ=DAILY\nEXDATE;TZID=Asia/Tokyo:20261202T090000",
                code: .unsupported, field: "EXDATE", position: 61),
        Refusal(text: "FREQ=DAILY;BYHOUR=9\nEXRULE:FREQ=WEEKLY", code: .unsupported, field: "EXRULE", position: 21),
    ])
    func refusesWithThePartAndPosition(_ given: Refusal) {
        #expect {
            try Schedule(rrule: given.text)
        } throws: { error in
            guard let error = error as? ScheduleError else { return false }
            return error.code == given.code && error.field == given.field && error.position == given.position
        }
    }
}
