import ArgumentParser
import HeraldScenario

/// `herald occurrences <RRULE> --zone <ZONE> --from <DATE> --days N [--json]`.
struct OccurrencesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "occurrences",
        abstract: "List the instants an RRULE fires during some local days.",
        discussion: """
            Prints each occurrence from DATE 00:00 for N local days in ZONE: its local \
            date-time and its UTC instant, so DST shifts show. An RRULE without DTSTART \
            starts at DATE 00:00 (its time of day and INTERVAL count from there). With \
            --json, prints an array of {"local", "utc", "offset"} objects.
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
            listing = try OccurrenceListing(rrule: rrule, zone: zone, from: from, days: days)
        } catch {
            StandardError.write(error.description)
            throw ExitCode(65)
        }
        print(output.json ? listing.json() : listing.text(), terminator: "")
    }
}
