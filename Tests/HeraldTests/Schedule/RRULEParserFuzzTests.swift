import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// The RRULE parser never crashes: any text gives a schedule or a located
/// ``ScheduleError``.
@Suite struct RRULEParserFuzzTests {
    static let seeds = [
        "DTSTART;TZID=Europe/Berlin:20261121T090000\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=9,18;BYMINUTE=0,30;COUNT=10",
        "DTSTART:20261123T090500\nRRULE:FREQ=MINUTELY;INTERVAL=15;BYHOUR=9,10,11;BYDAY=MO,TU;UNTIL=20261231T000000",
        "FREQ=MONTHLY;BYMONTHDAY=1,-1,31;BYHOUR=8;BYMINUTE=0;BYSECOND=30",
        "DTSTART:20261121T090000Z RRULE:FREQ=DAILY;INTERVAL=3;UNTIL=20270101T000000Z",
        "FREQ=HOURLY;INTERVAL=153722867280912931",
        "FREQ=DAILY;BYHOUR=9,9,9,9;BYMINUTE=0,1,2,3,4,5,6,7,8,9;BYSECOND=0,0,0,30,30",
        "DTSTART;TZID=Pacific/Apia:20111229T090000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU;COUNT=20\nEXDATE;TZID=Pacific/Apia:20111230T090000",
        "DTSTART:20260101T090000\nRRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1,1;BYMONTH=1,7\nRDATE:20260215T120000",
        "DTSTART:20260101T090000\nRRULE:FREQ=YEARLY;INTERVAL=2;BYMONTH=11;BYDAY=4TH,-1FR;BYHOUR=10\nEXDATE;VALUE=DATE:20261126",
        "DTSTART:20260101T083000\nRRULE:FREQ=HOURLY;INTERVAL=5;BYMINUTE=0,30;BYMONTHDAY=1,-1;UNTIL=20270101T000000",
    ]
    static let fragments = [";", "=", ",", ":", "\n", " ", "-", "+", "Z", "T", "FREQ", "BYHOUR=", "99999999999999999999",
                            "-99999999999999999999", "DTSTART", "TZID=", "RRULE:", "HOURLY", "YEARLY", "1MO", "0", "é", "\u{0}",
                            "INTERVAL=", "COUNT=", "9223372036854775807", "153722867280912931", "100001", "1440",
                            "BYSECOND=", ",59", "00010101T000000", "99991231T235959", "BYSETPOS=", "BYMONTH=", "-53MO", "+5FR",
                            "366", "-366", "EXDATE:", "RDATE;VALUE=DATE:", "WKST=", "YEARLY", "BYYEARDAY=", "SECONDLY",
                            // Hostile zones and oversized parts
                            ";TZID=Europe/Berlin\u{0}", "TZID=America/Los Angeles", ";TZID=Europe/Berlin;TZID=UTC",
                            "UNTIL=19991231T000000", String(repeating: "X", count: 5_000)]

    /// Returns normally for a schedule or a ScheduleError with a position in the text;
    /// records an issue for any other outcome.
    private func parse(_ text: String) {
        do {
            _ = try Schedule(rrule: text)
        } catch let error as ScheduleError {
            #expect(error.position.map { (1...max(1, text.count)).contains($0) } == true, "\(error) for \(text.debugDescription)")
            // What an error echoes of the input is an excerpt, never a whole part.
            #expect(error.description.count < 400, "\(error.description.prefix(400)) for \(text.prefix(200).debugDescription)")
        } catch {
            Issue.record("unexpected \(error) for \(text.debugDescription)")
        }
    }

    @Test func randomBytes() async {
        await PropertySeeds.check(count: 3000) { seed in
            var rng = SeededGenerator(seed: seed)
            let bytes = (0..<Int.random(in: 0...80, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            parse(String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test func mutatedRules() async {
        await PropertySeeds.check(count: 5000) { seed in
            var rng = SeededGenerator(seed: seed)
            var text = Array(Self.seeds.randomElement(using: &rng)!)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let index = Int.random(in: 0...text.count, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: text = Array(text.prefix(index))
                case 1 where index < text.count: text.remove(at: index)
                case 2: text.insert(contentsOf: Self.fragments.randomElement(using: &rng)!, at: index)
                case 3:
                    var parts = String(text).split(separator: ";", omittingEmptySubsequences: false)
                    parts.shuffle(using: &rng)
                    text = Array(parts.joined(separator: ";"))
                default:
                    text.insert(Character(UnicodeScalar(UInt8.random(in: 32...126, using: &rng))), at: index)
                }
            }
            parse(String(text))
        }
    }

    /// Every frequency with the extreme intervals, counts and starts: each reads or is
    /// refused at a position, and what reads expands around its start without trapping.
    @Test func rulesAtTheLimits() {
        let starts = ["", "DTSTART:00010101T000000\n", "DTSTART:99991231T235959\n", "DTSTART;TZID=Pacific/Apia:20111229T120000\n"]
        let intervals = ["1", "24", "1440", "100000", "100001", "153722867280912931", "9223372036854775807"]
        let ends = ["", ";COUNT=1", ";COUNT=9223372036854775807", ";UNTIL=99991231T235959"]
        let utc = TimeZone(identifier: "UTC")!
        for start in starts {
            for frequency in ["MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"] {
                for interval in intervals {
                    for end in ends {
                        let text = "\(start)RRULE:FREQ=\(frequency);INTERVAL=\(interval)\(end)"
                        parse(text)
                        guard let schedule = try? Schedule(rrule: text) else { continue }
                        let instant = schedule.start.map { ZoneConverter.for(schedule.timeZone ?? utc).instant(for: $0).date }
                            ?? Date(timeIntervalSince1970: 0)
                        _ = schedule.nextOccurrence(after: instant, deviceZone: utc)
                        _ = schedule.occurrences(after: instant.addingTimeInterval(-86_400),
                                                 before: instant.addingTimeInterval(3 * 86_400), deviceZone: utc)
                    }
                }
            }
        }
    }
}
