import Foundation
import Testing
@testable import Herald

@Suite struct DayBoundaryTests {
    @Test(arguments: [
        // zone, after (local), the first instant of the next day (local, as shown)
        ("Europe/Berlin", "2026-03-28T12:00", "2026-03-29T00:00"),
        ("America/Havana", "2026-03-07T12:00", "2026-03-08T01:00"),   // midnight does not exist
        ("America/Havana", "2026-10-31T12:00", "2026-11-01T00:00"),   // midnight occurs twice: the first
        ("America/Santiago", "2026-09-05T12:00", "2026-09-06T01:00"),  // spring forward at 24:00
        ("Pacific/Apia", "2011-12-29T12:00", "2011-12-31T00:00"),     // the day that does not exist
        ("Australia/Lord_Howe", "2026-10-03T23:59", "2026-10-04T00:00"),
    ])
    func nextDayStartsAtItsFirstInstant(zone: String, after: String, expected: String) {
        let timeZone = TimeZone(identifier: zone)!
        let converter = ZoneConverter.for(timeZone)
        let next = DayBoundary.next(after: converter.instant(for: LocalDateTime(parsing: after)!).date, in: timeZone)
        #expect(converter.local(for: next) == LocalDateTime(parsing: expected))
        // It is the first instant of that day: a second earlier is still the day before.
        #expect(converter.local(for: next.addingTimeInterval(-1)).date < LocalDateTime(parsing: expected)!.date)
    }
}
