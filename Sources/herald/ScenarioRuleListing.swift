import Foundation
import Herald
import HeraldScenario

/// A rule of a scenario file as `herald occurrences --scenario FILE --rule
/// NAMESPACE/ENTITY/RULE` lists it: its occurrences in the window with the random times
/// drawn and the vacation days left out, as Herald's ``AdaptiveSchedules`` plans them
/// with nothing done yet, and a note for each kind of schedule that follows the user.
///
/// What only the user's completions or progress decide (a quota, repeats counted from
/// completion, a pace) is not applied: the declared schedule is listed, and a note says
/// what the kind depends on.
///
/// ```swift
/// let file = try ScenarioFile(contentsOf: URL(fileURLWithPath: "Examples/mood-random.yaml"))
/// let mood = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "mood"), rule: "sample")
/// let listed = try await ScenarioRuleListing.make(scenario: file.scenario, rule: mood, seed: 7)
/// print(listed.notes.map(\.text), listed.listing.text())
/// // random times: 2 a day from 10:00 to 16:00, at least 60 min apart, drawn with seed 7 ...
/// ```
struct ScenarioRuleListing: Sendable {
    /// What a kind of schedule that follows the user does to the listing.
    struct Note: Hashable, Sendable {
        /// `random`, `vacation`, `quota`, `after_completion` or `pace`: the key the file uses.
        var kind: String
        /// One line, without the rule's name.
        var text: String
        /// For `vacation`: the days the rule fires on in the window that a vacation leaves out.
        var leftOut: [LocalDate]?
    }

    var listing: OccurrenceListing
    var notes: [Note]

    /// The most local days a scenario rule is listed for: a run's, 366.
    static let maximumDays = Scenario.maximumDays

    /// Lists `id` as `scenario` declares it (at the start, or in the first `edit` or
    /// `import` that names it) for `days` local days from `from` in `zone`: by default the
    /// scenario's zone, start date and days. Random times are drawn with `seed`, by
    /// default the scenario's (0 when it gives none).
    ///
    /// - Throws: ``CommandFailure`` (status 64) for a rule the scenario never declares, a
    ///   location rule, or `days` outside 1...``maximumDays``.
    static func make(scenario: Scenario, rule id: ReminderRule.ID, zone: TimeZone? = nil, from: LocalDate? = nil,
                     days: Int? = nil, seed: UInt64? = nil, limit: Int = OccurrenceListing.defaultLimit) async throws
        -> ScenarioRuleListing {
        let declared = try declaredRule(id, in: scenario)
        let zone = zone ?? scenario.zone
        let from = from ?? scenario.start.date
        let days = days ?? scenario.days
        guard (1...maximumDays).contains(days), from.adding(days: days).year <= 9999 else {
            throw CommandFailure(.usage, "--days must be 1...\(maximumDays) for a scenario's rule, ending by 9999-12-31, not \(days)")
        }
        var configuration = scenario.planner.configuration
        configuration.randomSeed = seed ?? configuration.randomSeed
        configuration.horizon = TimeInterval(days) * 86_400
        // What the user does is not known: only the draws and the vacations apply.
        var listed = declared
        listed.adaptations.quota = nil
        listed.adaptations.countsFromCompletion = false
        listed.adaptations.pace = nil
        let start = ZoneConverter.for(zone).instant(for: LocalDateTime(date: from, time: .midnight)).date
        func planned(vacations: Bool) async throws -> ReminderRule {
            var rule = listed
            if !vacations { rule.adaptations.vacations = [] }
            let source = ScenarioReminderSource(entities: [], vacations: vacations ? scenario.vacations : [])
            return try await AdaptiveSchedules.gathering(for: [rule], source: source, state: EngineState(), now: start,
                                                         deviceZone: zone, configuration: configuration).rule(rule)
        }
        let schedule = try await planned(vacations: true).schedule
        let listing = OccurrenceListing(schedule: schedule, zone: zone, from: from, days: days, limit: limit)
        var notes = notes(for: declared, configuration: configuration)
        if !declared.vacations.isEmpty || !scenario.vacations.isEmpty {
            let all = OccurrenceListing(schedule: try await planned(vacations: false).schedule, zone: zone, from: from,
                                        days: days, limit: OccurrenceListing.maximumLimit)
            notes.append(vacationNote(left: listing, all: all, vacations: declared.vacations + scenario.vacations))
        }
        return ScenarioRuleListing(listing: listing, notes: notes)
    }

    /// The rule as the scenario declares it, with its entity's vacations.
    static func declaredRule(_ id: ReminderRule.ID, in scenario: Scenario) throws -> ReminderRule {
        var entities = scenario.entities
        for event in scenario.events {
            switch event.action {
            case .import(_, let imported): entities += imported
            case .edit(let edit) where edit.rules != nil:
                entities.append(ScenarioEntity(id: edit.entity.id, namespace: edit.entity.namespace, title: edit.entity.id,
                                               rules: edit.rules ?? []))
            default: break
            }
        }
        guard let entity = entities.first(where: { $0.reference == id.entity && $0.rules.contains { $0.id == id.rule } }),
              let rule = try? entity.reminderRules().first(where: { $0.ruleID == id.rule }) else {
            let known = Set(entities.flatMap { entity in entity.rules.map { "\(entity.reference)/\($0.id)" } }).sorted()
            throw CommandFailure(.usage, "--rule: the scenario never mentions \(id): give one of its rules as namespace/entity/rule (\(known.prefix(10).joined(separator: ", "))\(known.count > 10 ? ", ..." : ""))")
        }
        guard rule.hasSchedule else {
            throw CommandFailure(.usage, "--rule: \(id) is a location reminder: it fires when the device crosses its region, not at times to list")
        }
        return rule
    }

    /// A line for each kind the rule declares, vacations aside.
    static func notes(for rule: ReminderRule, configuration: PlannerConfiguration) -> [Note] {
        var notes: [Note] = []
        if let random = rule.randomTimes {
            let gap = Int(random.minimumGap / 60)
            notes.append(Note(kind: "random", text: "random times: \(random.times) a day from \(random.from) to \(random.to)\(gap > 0 ? ", at least \(gap) min apart" : ""), drawn with seed \(configuration.randomSeed) on the days the schedule fires"))
        }
        if let quota = rule.quota {
            let weeks = quota.per == .week ? " (weeks from \(configuration.firstWeekday ?? .monday))" : ""
            notes.append(Note(kind: "quota", text: "quota: \(quota.times) completed day\(quota.times == 1 ? "" : "s") a \(quota.per.rawValue)\(weeks); the rest of a \(quota.per.rawValue) is left out once met, which depends on the completions: the declared schedule is listed"))
        }
        if rule.countsFromCompletion {
            let every = if case .everyNDays(let interval, let anchor, _) = rule.schedule.recurrence {
                "every \(interval) days counted from the last completion, which depends on the completions: the declared schedule from \(anchor) is listed"
            } else {
                "every day from the day after the last completion, which depends on the completions: the declared schedule is listed"
            }
            notes.append(Note(kind: "after_completion", text: "after_completion: " + every))
        }
        if let pace = rule.pace {
            notes.append(Note(kind: "pace", text: "pace: \(pace.target) by \(pace.by), reminding only while behind, which depends on the progress the app reports: the declared schedule is listed"))
        }
        return notes
    }

    /// The days `all` fires on that `left` does not: those the vacations leave out.
    static func vacationNote(left: OccurrenceListing, all: OccurrenceListing, vacations: [ReminderRule.Vacation]) -> Note {
        var kept: Set<LocalDate> = []
        var whole = left
        whole.limit = OccurrenceListing.maximumLimit
        whole.forEachListed { _, wall in kept.insert(wall.date) }
        var days: Set<LocalDate> = []
        all.forEachListed { occurrence, wall in
            if !kept.contains(wall.date), vacations.contains(where: { $0.contains(occurrence.local.date) }) {
                days.insert(wall.date)
            }
        }
        let leftOut = days.sorted()
        let listed = vacations.map(\.description).joined(separator: ", ")
        let text = leftOut.isEmpty ? "vacations (\(listed)): no day of the window left out"
            : "vacations (\(listed)) leave out \(leftOut.count) day\(leftOut.count == 1 ? "" : "s"): \(ranges(of: leftOut))"
        return Note(kind: "vacation", text: text, leftOut: leftOut)
    }

    /// The notes as text lines, each starting with the rule: `habit/mood/sample: random times: ...`.
    func noteLines(rule: ReminderRule.ID) -> String {
        notes.map { "\(rule): \($0.text)\n" }.joined()
    }

    /// The notes as elements of the JSON array, before the occurrences: `{"kind", "note",
    /// "rule"}` objects, a vacation's with `left_out`, printed as the occurrences are.
    func noteObjects(rule: ReminderRule.ID) -> [String] {
        struct Object: Encodable {
            var kind: String
            var note: String
            var rule: String
            var leftOut: [String]?

            enum CodingKeys: String, CodingKey {
                case kind, note, rule
                case leftOut = "left_out"
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return notes.map { note in
            let object = Object(kind: note.kind, note: note.text, rule: rule.description, leftOut: note.leftOut?.map(\.description))
            // Encoding these plain records cannot fail.
            let text = String(decoding: (try? encoder.encode(object)) ?? Data("{}".utf8), as: UTF8.self)
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
        }
    }

    /// `2026-12-20 to 2026-12-24, 2026-12-28`: ascending days, consecutive ones as ranges.
    static func ranges(of days: [LocalDate]) -> String {
        var parts: [String] = []
        var index = 0
        while index < days.count {
            var end = index
            while end + 1 < days.count, days[end + 1] == days[end].adding(days: 1) { end += 1 }
            parts.append(end == index ? "\(days[index])" : "\(days[index]) to \(days[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
