import Foundation
import ArgumentParser
import HeraldReport
import HeraldScenario

/// `herald occurrences <RRULE> --zone <ZONE> --from <DATE> [--days N] [--limit N] [--json]`.
///
/// Lists up to a hundred years (``OccurrenceListing/maximumDays``), streaming each
/// occurrence as it is found, and stops after `--limit` of them (1,000 unless told),
/// saying so on standard error:
///
/// ```sh
/// herald occurrences "FREQ=MINUTELY" --zone UTC --from 2026-01-01 --days 36525
/// # 1,000 lines, then on standard error:
/// # stopped at the limit of 1000 occurrences; pass --limit to list more (up to 1000000)
/// ```
struct OccurrencesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "occurrences",
        abstract: "List the instants an RRULE fires during some local days, up to a hundred years.",
        discussion: """
            Prints each occurrence from DATE 00:00 for N local days in ZONE, as it is found: \
            its local date-time and its UTC instant, so DST shifts show. An RRULE without \
            DTSTART starts at DATE 00:00 (its time of day and INTERVAL count from there). \
            Separate DTSTART and RRULE lines with a newline or with the two characters \\n, \
            as a shell passes them: \
            herald occurrences "DTSTART:20260329T023000\\nRRULE:FREQ=DAILY" --zone Europe/Berlin --from 2026-03-28 --days 3. \
            A time in a spring-forward gap shows the wall time it fires at and says it was shifted. \
            --days goes up to \(OccurrenceListing.maximumDays) (a hundred years); the listing stops \
            after --limit occurrences (\(OccurrenceListing.defaultLimit) unless told, at most \
            \(OccurrenceListing.maximumLimit)) and then says on standard error "stopped at the \
            limit of N occurrences". \
            With --json, prints an array of {"local", "utc", "offset"} objects (and "shifted_from"); \
            a listing stopped at the limit ends with {"limit": N, "truncated": true}.
            """
    )

    @Argument(help: "The rule: \"FREQ=...\", or \"DTSTART:...\\nRRULE:FREQ=...\".")
    var rrule: String

    @Option(help: "The device's IANA time zone, such as Europe/Berlin.")
    var zone: String

    @Option(help: "The first local day, yyyy-MM-dd.")
    var from: String

    @Option(help: "How many local days to list (1...\(OccurrenceListing.maximumDays), a hundred years).")
    var days: Int = 1

    @Option(help: "Stop after this many occurrences (1...\(OccurrenceListing.maximumLimit)).")
    var limit: Int = OccurrenceListing.defaultLimit

    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard (1...OccurrenceListing.maximumDays).contains(days) else {
            throw ValidationError("--days must be 1...\(OccurrenceListing.maximumDays) (a hundred years), not \(days).")
        }
        guard (1...OccurrenceListing.maximumLimit).contains(limit) else {
            throw ValidationError("--limit must be 1...\(OccurrenceListing.maximumLimit) occurrences, not \(limit).")
        }
    }

    func run() async throws {
        let listing: OccurrenceListing
        do {
            // A shell passes "\n" as two characters: they separate lines here.
            let text = rrule.replacingOccurrences(of: "\\n", with: "\n")
            listing = try OccurrenceListing(rrule: text, zone: zone, from: from, days: days, limit: limit)
        } catch {
            StandardError.write(error.description)
            throw ExitStatus.of(error).exitCode
        }
        // Written in blocks as the occurrences are found, never collected first.
        let standardOutput = StandardOutput()
        let ending = output.json ? listing.writeJSON(standardOutput.write) : listing.writeText(standardOutput.write)
        standardOutput.flush()
        if ending == .stoppedAtLimit {
            FileHandle.standardError.write(Data((listing.stoppedAtLimitNote + "\n").utf8))
        }
    }
}
