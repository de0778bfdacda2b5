import Foundation
import Testing
@testable import Herald

/// Hostile zone ids and oversized parts in RRULE text: each is refused at its place,
/// naming the zone problem, and what an error echoes of the input stays short.
@Suite struct RRULEHostileZoneTests {
    /// The error `text` is refused with.
    private func refusal(_ text: String) throws -> ScheduleError {
        do {
            _ = try Schedule(rrule: text)
        } catch let error as ScheduleError {
            return error
        }
        throw ScheduleErrorMissing()
    }

    private struct ScheduleErrorMissing: Error {}

    @Test func aZoneIdEndingInNULIsNoZone() {
        // Foundation gives a zone at UTC+0 for it once Berlin is loaded
        _ = TimeZone(identifier: "Europe/Berlin")
        #expect(TimeZone(checkedIdentifier: "Europe/Berlin\0") == nil)
        #expect(TimeZone(checkedIdentifier: "\0") == nil)
        #expect(TimeZone(checkedIdentifier: "") == nil)
        #expect(TimeZone(checkedIdentifier: "Europe/Berlin ") == nil)
        #expect(TimeZone(checkedIdentifier: String(repeating: "A", count: 256)) == nil)
        #expect(TimeZone(checkedIdentifier: "Europe/Berlin")?.identifier == "Europe/Berlin")
        #expect(TimeZone(checkedIdentifier: "America/Port-au-Prince")?.identifier == "America/Port-au-Prince")
        #expect(TimeZone(checkedIdentifier: "Etc/GMT+5")?.identifier == "Etc/GMT+5")
    }

    @Test func aDTSTARTZoneEndingInNULIsRefusedAtItsTZID() throws {
        // "DTSTART;" is 8 characters: TZID starts at position 9
        let error = try refusal("DTSTART;TZID=Europe/Berlin\0:20261121T090000\nRRULE:FREQ=DAILY")

        #expect(error.field == "DTSTART")
        #expect(error.code == .malformed)
        #expect(error.position == 9)
        #expect(error.message == "TZID 'Europe/Berlin\\0' is not a known time zone id")
    }

    @Test func anEXDATEOrRDATEZoneEndingInNULIsRefused() throws {
        for name in ["EXDATE", "RDATE"] {
            let error = try refusal("DTSTART;TZID=Europe/Berlin:20261121T090000\nRRULE:FREQ=DAILY\n"
                                    + "\(name);TZID=Europe/Berlin\0:20261122T090000")

            #expect(error.field == name)
            #expect(error.code == .unsupported)
            // The line starts after 42 + 1 + 16 + 1 characters (DTSTART, RRULE, newlines)
            #expect(error.position == 61)
            #expect(error.message.hasPrefix("TZID 'Europe/Berlin\\0' must be DTSTART's zone"), "\(error)")
        }
    }

    @Test func aZoneWithASpaceIsNamedAsTheProblem() throws {
        // The text splits at spaces: the line read as "DTSTART;TZID=America/Los" has no ':'
        let error = try refusal("DTSTART;TZID=America/Los Angeles:20261121T090000\nRRULE:FREQ=DAILY")

        #expect(error.field == "DTSTART")
        #expect(error.position == 9)
        #expect(error.message == "TZID 'America/Los Angeles' is not a time zone id: ids have no spaces (America/Los_Angeles)")

        // On an EXDATE line, too (its line starts at 42 + 1 + 16 + 1 + 1 = 61; TZID at 61 + 7)
        let exdate = try refusal("DTSTART;TZID=Europe/Berlin:20261121T090000\nRRULE:FREQ=DAILY\n"
                                 + "EXDATE;TZID=Not A Zone:20261122T090000")
        #expect(exdate.field == "EXDATE")
        #expect(exdate.position == 68)
        #expect(exdate.message == "TZID 'Not A Zone' is not a time zone id: ids have no spaces")
    }

    @Test func aTZIDGivenTwiceIsRefusedAtTheSecond() throws {
        // "DTSTART;" (8) + "TZID=Europe/Berlin" (18) + ";" (1): the second TZID is at 28
        let error = try refusal("DTSTART;TZID=Europe/Berlin;TZID=America/New_York:20261121T090000\nRRULE:FREQ=DAILY")

        #expect(error.field == "DTSTART")
        #expect(error.code == .duplicate)
        #expect(error.position == 28)
        #expect(error.message.contains("TZID is given more than once"))
    }

    /// Every place that quotes input, with 100 KB; the unknown part with 10 MB too.
    static let oversized = [100_000, 10_000_000].map { size in
        let name = String(repeating: "X", count: size)
        return size > 100_000 ? [(size, "FREQ=DAILY;\(name)=1")]
            : [(size, "FREQ=DAILY;\(name)=1"), (size, "FREQ=DAILY;\(name)"), (size, "FREQ=DAILY;BYDAY=\(name)"),
               (size, "FREQ=\(name)"), (size, "FREQ=DAILY;UNTIL=\(name)"), (size, "DTSTART:\(name)\nRRULE:FREQ=DAILY"),
               (size, "DTSTART;TZID=\(name):20261121T090000\nRRULE:FREQ=DAILY"),
               (size, "DTSTART:20261121T090000\nRRULE:FREQ=DAILY\nRDATE:\(name)")]
    }.joined()

    @Test func anOversizedPartIsEchoedAsAShortExcerpt() throws {
        for (size, text) in Self.oversized {
            let error = try refusal(text)

            // Then the error says what and where, in a few lines' worth: 40 characters
            // of the input, an ellipsis and the input's size
            let description = error.description
            #expect(description.count < 200, "\(description.prefix(300))")
            #expect(description.contains("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX…"), "\(description.prefix(300))")
            #expect(description.contains("(\(size) bytes)") || description.contains("(\(size + 2) bytes)"),
                    "\(description.prefix(300))")
            #expect(error.position != nil)
        }
    }

    @Test func anExcerptEscapesControlCharactersAndCutsAt40() {
        #expect("\(InputExcerpt("Europe/Berlin\0"))" == "'Europe/Berlin\\0'")
        #expect("\(InputExcerpt("a\u{1b}[2Jb"))" == "'a\\u{1b}[2Jb'")
        #expect("\(InputExcerpt("short"))" == "'short'")
        let long = String(repeating: "ab", count: 30)
        #expect("\(InputExcerpt(long))" == "'\(String(repeating: "ab", count: 20))…' (60 bytes)")
    }

    @Test(arguments: [2099, 2150, 4001, 9999])
    func aMinutelyRuleFillsADayOfAFarYear(year: Int) throws {
        // Given a minutely rule in Berlin and a June day of `year` (summer time: UTC+2)
        let schedule = try Schedule(rrule: "DTSTART;TZID=Europe/Berlin:20260101T000000\nRRULE:FREQ=MINUTELY")
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let midnight = utc.date(from: DateComponents(year: year, month: 6, day: 14, hour: 22))!

        // When the day's occurrences are listed
        let day = schedule.occurrences(after: midnight.addingTimeInterval(-1), before: midnight.addingTimeInterval(86_400),
                                       deviceZone: TimeZone(identifier: "UTC")!)

        // Then there is one a minute from local midnight: 1,440
        #expect(day.count == 1_440)
        #expect(day.first?.date == midnight)
        #expect(day.first?.local == LocalDateTime(date: LocalDate(year: year, month: 6, day: 15), time: .midnight))
        #expect(day.last?.date == midnight.addingTimeInterval(86_340))
    }
}
