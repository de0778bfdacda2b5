import Foundation
import Testing

/// The RRULE argument typed as the help shows it: DTSTART and RRULE separated by the two
/// characters `\n`, as a shell passes them.
extension HeraldCommandTests {
    @Test func occurrencesTakesDTSTARTAndRRULESeparatedByABackslashN() async throws {
        let run = try await makeExecution([
            "occurrences", "DTSTART:20260329T023000\\nRRULE:FREQ=DAILY", "--zone", "Europe/Berlin",
            "--from", "2026-03-28", "--days", "3",
        ])

        #expect(run.status == 0, "\(run.stderr)")
        // Berlin skips 02:00–03:00 on 29 March: 02:30 fires at 03:30 CEST
        #expect(run.stdout == """
            2026-03-29T03:30  2026-03-29T01:30:00Z  (02:30 does not exist: shifted)
            2026-03-30T02:30  2026-03-30T00:30:00Z

            """)
    }

    @Test func occurrencesTakesTheWholeTextWithExceptionsAndExtraDates() async throws {
        let run = try await makeExecution([
            "occurrences",
            "DTSTART:20260113T190000\\nRRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=3\\nEXDATE:20260210T190000\\nRDATE:20260401T120000",
            "--zone", "Europe/Berlin", "--from", "2026-01-01", "--days", "120",
        ])

        #expect(run.status == 0, "\(run.stderr)")
        // Second Tuesdays: 13 Jan, 10 Feb, 10 Mar (COUNT counts the excluded 10 Feb, as
        // RFC 5545 builds the set before exclusions), then the extra 1 April; CET is
        // UTC+1, CEST (from 29 March) UTC+2.
        #expect(run.stdout == """
            2026-01-13T19:00  2026-01-13T18:00:00Z
            2026-03-10T19:00  2026-03-10T18:00:00Z
            2026-04-01T12:00  2026-04-01T10:00:00Z

            """)
    }
}
