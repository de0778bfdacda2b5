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
}
