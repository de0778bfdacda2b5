import Foundation
import ArgumentParser
import Herald
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
///
/// Or a rule of a scenario file, with its random times drawn and its vacation days left
/// out (``ScenarioRuleListing``):
///
/// ```sh
/// herald occurrences --scenario Examples/mood-random.yaml --rule habit/mood/sample --seed 7
/// # habit/mood/sample: random times: 2 a day from 10:00 to 16:00, at least 60 min apart, drawn with seed 7 ...
/// # 2026-11-23T11:53  2026-11-23T10:53:00Z
/// ```
struct OccurrencesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "occurrences",
        abstract: "List the instants an RRULE, or a scenario's rule, fires during some local days.",
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
            a listing stopped at the limit ends with {"limit": N, "truncated": true}. \
            With --scenario FILE --rule NAMESPACE/ENTITY/RULE instead of an RRULE, lists that \
            rule of the scenario, in its zone from its start date for its days unless --zone, \
            --from and --days say otherwise (up to \(ScenarioRuleListing.maximumDays) days): at \
            the times a rule with random times draws (--seed N, the scenario's seed unless told, \
            0 without one), without the days a vacation leaves out, and, for a quota, repeats \
            counted from completion or a pace, which depend on what the user does, as declared. \
            A line for each of those kinds comes first, starting with the rule; in JSON they \
            are {"kind", "note", "rule"} objects (a vacation's with "left_out") before the occurrences.
            """
    )

    @Argument(help: "The rule: \"FREQ=...\", or \"DTSTART:...\\nRRULE:FREQ=...\"; none with --scenario.")
    var rrule: String?

    @Option(help: "The device's IANA time zone, such as Europe/Berlin (with --scenario, the scenario's unless told).")
    var zone: String?

    @Option(help: "The first local day, yyyy-MM-dd (with --scenario, its start date unless told).")
    var from: String?

    @Option(help: "How many local days to list (1...\(OccurrenceListing.maximumDays), a hundred years; 1 unless told, or with --scenario its days, up to \(ScenarioRuleListing.maximumDays)).")
    var days: Int?

    @Option(help: "Stop after this many occurrences (1...\(OccurrenceListing.maximumLimit)).")
    var limit: Int = OccurrenceListing.defaultLimit

    @Option(help: ArgumentHelp("A scenario file (YAML) whose rule --rule lists, instead of an RRULE.", valueName: "file"))
    var scenario: String?

    @Option(help: ArgumentHelp("With --scenario, the rule to list.", valueName: "namespace/entity/rule"))
    var rule: String?

    @Option(help: "With --scenario, the install seed random times are drawn from (the scenario's seed unless told, 0 without one).")
    var seed: UInt64?

    @OptionGroup var output: OutputOptions

    func validate() throws {
        if scenario != nil {
            try validateScenarioListing()
        } else {
            guard rrule != nil else {
                throw ValidationError("give an RRULE, or --scenario FILE with --rule namespace/entity/rule.")
            }
            guard zone != nil, from != nil else {
                throw ValidationError("Missing expected argument '\(zone == nil ? "--zone <zone>" : "--from <from>")' (an RRULE is listed in a zone from a day).")
            }
            guard rule == nil, seed == nil else {
                throw ValidationError("\(rule != nil ? "--rule" : "--seed") goes with --scenario: it names or draws a scenario's rule.")
            }
        }
        let days = days ?? 1
        guard (1...OccurrenceListing.maximumDays).contains(days) else {
            throw ValidationError("--days must be 1...\(OccurrenceListing.maximumDays) (a hundred years), not \(days).")
        }
        guard (1...OccurrenceListing.maximumLimit).contains(limit) else {
            throw ValidationError("--limit must be 1...\(OccurrenceListing.maximumLimit) occurrences, not \(limit).")
        }
    }

    /// `--scenario` takes `--rule`, and no RRULE; `--days` up to ``ScenarioRuleListing/maximumDays``.
    private func validateScenarioListing() throws {
        guard rrule == nil else { throw ValidationError("give an RRULE or --scenario, not both.") }
        guard let rule, WhyCommand.rule(rule) != nil else {
            throw ValidationError("--scenario needs --rule namespace/entity/rule such as habit/water/sips\(rule.map { ", not \"\($0)\"" } ?? "").")
        }
        if let days, !(1...ScenarioRuleListing.maximumDays).contains(days) {
            throw ValidationError("--days must be 1...\(ScenarioRuleListing.maximumDays) for a scenario's rule, not \(days).")
        }
    }

    func run() async throws {
        let listing: OccurrenceListing
        var notes: (text: String, objects: [String]) = ("", [])
        do {
            if let scenario {
                let id = WhyCommand.rule(rule ?? "")!  // validate() made sure it parses
                let listed = try await scenarioListing(ScenarioFile.read(commandArgument: scenario).scenario, rule: id)
                (listing, notes) = (listed.listing, (listed.noteLines(rule: id), listed.noteObjects(rule: id)))
            } else {
                // A shell passes "\n" as two characters: they separate lines here.
                let text = (rrule ?? "").replacingOccurrences(of: "\\n", with: "\n")
                listing = try OccurrenceListing(rrule: text, zone: zone ?? "", from: from ?? "", days: days ?? 1, limit: limit)
            }
        } catch let code as ExitCode {
            throw code  // said already
        } catch {
            StandardError.write("\(error)")
            throw ExitStatus.of(error).exitCode
        }
        // Written in blocks as the occurrences are found, never collected first.
        let standardOutput = StandardOutput()
        if !output.json { standardOutput.write(notes.text) }
        let ending = output.json ? listing.writeJSON(leading: notes.objects, standardOutput.write)
            : listing.writeText(standardOutput.write)
        standardOutput.flush()
        if ending == .stoppedAtLimit {
            FileHandle.standardError.write(Data((listing.stoppedAtLimitNote + "\n").utf8))
        }
    }

    /// The scenario's rule listed in `--zone` from `--from` (the scenario's unless told),
    /// checked as an RRULE's are.
    private func scenarioListing(_ scenario: Scenario, rule id: ReminderRule.ID) async throws -> ScenarioRuleListing {
        var listingZone: TimeZone?
        if let zone {
            guard let known = TimeZone(checkedIdentifier: zone) else {
                throw OccurrenceListingError(code: .unknownZone, message: "unknown time zone \(InputExcerpt(zone, quote: "\"")) (expected an IANA id such as Europe/Berlin)")
            }
            listingZone = known
        }
        var day: LocalDate?
        if let from {
            guard let date = LocalDate(iso8601: from), (1...9999).contains(date.year) else {
                throw OccurrenceListingError(code: .invalidDate, message: "\(InputExcerpt(from, quote: "\"")) is not a date (expected yyyy-MM-dd, a year from 1 to 9999)")
            }
            day = date
        }
        return try await ScenarioRuleListing.make(scenario: scenario, rule: id, zone: listingZone, from: day, days: days,
                                                  seed: seed, limit: limit)
    }
}
