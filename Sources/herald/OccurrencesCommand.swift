import Foundation
import ArgumentParser
import HeraldReport
import HeraldScenario

/// `herald occurrences <RRULE> --zone <ZONE> --from <DATE> --days N [--json]`.
struct OccurrencesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "occurrences",
        abstract: "List the instants an RRULE fires during some local days.",
        discussion: """
            Prints each occurrence from DATE 00:00 for N local days in ZONE: its local \
            date-time and its UTC instant, so DST shifts show. An RRULE without DTSTART \
            starts at DATE 00:00 (its time of day and INTERVAL count from there). Separate \
            DTSTART and RRULE lines with a newline or with the two characters \\n, as a \
            shell passes them: \
            herald occurrences "DTSTART:20260329T023000\\nRRULE:FREQ=DAILY" --zone Europe/Berlin --from 2026-03-28 --days 3. \
            A time in a spring-forward gap shows the wall time it fires at and says it was shifted. \
            With --json, prints an array of {"local", "utc", "offset"} objects (and "shifted_from").
            """
    )

    @Argument(help: "The rule: \"FREQ=...\", or \"DTSTART:...\\nRRULE:FREQ=...\".")
    var rrule: String

    @Option(help: "The device's IANA time zone, such as Europe/Berlin.")
    var zone: String

    @Option(help: "The first local day, yyyy-MM-dd.")
    var from: String

    @Option(help: "How many local days to list (1...366).")
    var days: Int = 1

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...OccurrenceListing.maximumDays).contains(days) else {
            throw ValidationError("--days must be 1...\(OccurrenceListing.maximumDays), not \(days).")
        }
    }

    func run() async throws {
        let listing: OccurrenceListing
        do {
            // A shell passes "\n" as two characters: they separate lines here.
            let text = rrule.replacingOccurrences(of: "\\n", with: "\n")
            listing = try OccurrenceListing(rrule: text, zone: zone, from: from, days: days)
        } catch {
            StandardError.write(error.description)
            throw ExitCode(65)
        }
        print(output.json ? listing.json() : listing.text(), terminator: "")
    }
}
