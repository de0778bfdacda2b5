import Foundation
import Herald

/// The keys of schedules that follow the user (Herald's `AdaptiveSchedules`): a rule's
/// `quota`, `after_completion`, `random` and `pace`, an entity's `vacation`, the file's
/// `vacations`, `seed` and `first_weekday`, and the `vacation`, `end_vacation` and
/// `progress` events. Each value Herald refuses is reported where it is written, with
/// Herald's own message.
///
/// ```yaml
/// seed: 42
/// first_weekday: monday
/// vacations: [{from: 2026-12-24, to: 2026-12-26}]
/// entities:
///   - id: gym
///     title: Gym
///     vacation: {from: 2027-01-10, to: 2027-01-17}
///     rules:
///       - {id: evening, daily: ["18:00"], quota: {times: 3, per: week}}
/// events:
///   - {at: 2026-11-23T10:00, progress: {entity: gym, count: 1}}
/// ```
extension ScenarioParser {
    /// The rule keys of the kinds other than `after_completion`, a schedule key of its own.
    static let adaptiveRuleKeys = ["quota", "random", "pace"]
    static let adaptiveEventKinds = ["vacation", "end_vacation", "progress"]
    static let adaptiveDocumentKeys = ["vacations", "seed", "first_weekday"]
    static let quotaPeriods: [(String, ReminderRule.Quota.Period)] = [("day", .day), ("week", .week), ("month", .month)]
    static let weekdayNames: [(String, Weekday)] = [
        ("monday", .monday), ("tuesday", .tuesday), ("wednesday", .wednesday), ("thursday", .thursday),
        ("friday", .friday), ("saturday", .saturday), ("sunday", .sunday),
    ]

    // MARK: Rules

    /// The rule's schedule key, its node and its schedule: exactly one of
    /// ``scheduleKeys``, or none with `random` (the draws then fall on every day).
    /// Day-giving keys may leave out their times with `random`, which replaces them.
    func ruleSchedule(_ mapping: ScenarioMapping, pin: TimeZone?, random: ReminderRule.RandomTimes?,
                      context: RuleContext) throws(ScenarioError) -> (kind: String, node: ScenarioNode, schedule: Schedule) {
        let given = mapping.entries.filter { Self.scheduleKeys.contains($0.key) }
        if let after = given.first(where: { $0.key == "after_completion" }),
           let other = given.first(where: { $0.key != "after_completion" }) {
            throw other.keyNode.error(.invalidValue, "after_completion is the rule's schedule (every N days counted from the last completion), so the rule cannot also be \(other.key) (at line \(after.keyNode.line)); keep one of them")
        }
        if given.isEmpty, let random, let node = mapping["random"] {
            return ("daily", node, try building(node) { try .daily(at: [random.from], timeZone: pin) })
        }
        let (kind, value) = try mapping.exactlyOne(of: Self.scheduleKeys, "a rule")
        let schedule = try self.schedule(kind: kind, value, pin: pin, context: context, defaultTimes: random.map { [$0.from] })
        return (kind, value, schedule)
    }

    /// `after_completion: {days: 3, at: ["09:00"], from: 2026-11-23}`: every `days` days
    /// (1 is every day) from `from` (the rule's start: the scenario's start date unless
    /// given), counted from the last completion once there is one.
    func afterCompletion(_ node: ScenarioNode, pin: TimeZone?, context: RuleContext,
                         defaultTimes: [LocalTime]?) throws(ScenarioError) -> Schedule {
        let mapping = try node.mapping("a schedule counted from completion ({days, at, from})", allowed: ["days", "at", "from"])
        let days = try mapping.required("days", "the days from one completion to the next reminder")
            .int("a number of days", in: 1...Schedule.maximumDayInterval)
        let from = try mapping["from"]?.date() ?? context.startDate
        let times = if mapping["at"] == nil, let defaultTimes { defaultTimes }
            else { try mapping.required("at", "times such as [\"09:00\"]").times() }
        return try building(node, mapping) { try .everyDays(days, from: from, at: times, timeZone: pin) }
    }

    /// `random: {from: "10:00", to: "16:00", times: 2, min_gap: 60}`: the window, the
    /// draws a day and the least minutes between two.
    func randomTimes(_ node: ScenarioNode) throws(ScenarioError) -> ReminderRule.RandomTimes {
        let mapping = try node.mapping("random times ({from, to, times, min_gap})", allowed: ["from", "to", "times", "min_gap"])
        let from = try mapping.required("from", "the window's first time, such as \"10:00\"").time()
        let to = try mapping.required("to", "the window's last time, such as \"16:00\"").time()
        let timesNode = try mapping.required("times", "how many times are drawn each day")
        let times = try timesNode.int("a number of times a day", in: 1...ReminderRule.RandomTimes.maximumTimes)
        let gap = try mapping["min_gap"]?.int("minutes between two draws", in: 0...1440) ?? 0
        do {
            return try ReminderRule.RandomTimes(from: from, to: to, times: times, minimumGap: TimeInterval(gap) * 60)
        } catch {
            throw node.error(.invalidValue, error.message)
        }
    }

    /// `quota`, `random` (read by ``ruleSchedule(_:pin:random:context:)``), `pace` and
    /// `after_completion` on a scheduled rule, each checked against what the rule is.
    func adaptations(of rule: inout ScenarioRule, _ mapping: ScenarioMapping,
                     random: ReminderRule.RandomTimes?) throws(ScenarioError) {
        if let node = mapping["quota"] {
            let quota = try node.mapping("a quota ({times, per})", allowed: ["times", "per"])
            let timesNode = try quota.required("times", "how many completed days the period asks for")
            let times = try timesNode.int("a number of completed days", in: Int.min...Int.max)
            let per = try choice(try quota.required("per", "day, week or month"), "a quota's period", Self.quotaPeriods)
            do {
                rule.quota = try ReminderRule.Quota(times: times, per: per)
            } catch {
                throw timesNode.error(.invalidValue, error.message)
            }
        }
        if random != nil, rule.smart == true, let node = mapping["smart"] {
            throw node.error(.invalidValue, "smart timing moves the rule's time, and random draws its times; keep one of them")
        }
        rule.randomTimes = random
        rule.countsFromCompletion = rule.kind == "after_completion" ? true : nil
        if let node = mapping["pace"] { rule.pace = try pace(node, of: rule) }
    }

    /// `pace: {target: 8, by: "20:00"}`, on a rule that fires several times a day: the
    /// first of a day is never behind (nothing is due yet), so a rule firing once a day
    /// would never remind.
    private func pace(_ node: ScenarioNode, of rule: ScenarioRule) throws(ScenarioError) -> ReminderRule.Pace {
        let mapping = try node.mapping("a pace ({target, by})", allowed: ["target", "by"])
        let targetNode = try mapping.required("target", "what the day asks for, such as 8")
        let target = try targetNode.int("a target", in: Int.min...Int.max)
        let by = try mapping.required("by", "the time the target is due by, such as \"20:00\"").time()
        let timesADay: Int? = switch rule.schedule.recurrence {
        case _ where rule.randomTimes != nil: rule.randomTimes?.times
        case .once: 0
        case .daily(let times), .weekly(_, let times), .everyNDays(_, _, let times), .monthly(_, let times): times.count
        case .minuteInterval, .rule: nil
        }
        if let timesADay, timesADay < 2 {
            let what = timesADay == 0 ? "this rule is once" : "this rule fires once a day"
            throw node.error(.invalidValue, "pace reminds while the day's progress is behind, from the day's second occurrence on (nothing is due at the first), and \(what); give it a repeating schedule with several times a day, such as every_minutes, or drop pace")
        }
        do {
            return try ReminderRule.Pace(target: target, by: by)
        } catch {
            throw targetNode.error(.invalidValue, error.message)
        }
    }

    // MARK: Vacations

    /// `[{from, to}, ...]`, or one `{from, to}`.
    func vacations(_ node: ScenarioNode) throws(ScenarioError) -> [ReminderRule.Vacation] {
        if case .mapping = node.node { return [try vacation(node)] }
        var result: [ReminderRule.Vacation] = []
        for item in try node.sequence("vacations ({from, to})") { result.append(try vacation(item)) }
        return result
    }

    /// `{from: 2026-12-20, to: 2027-01-03}`: the first and last local days, both included.
    func vacation(_ node: ScenarioNode) throws(ScenarioError) -> ReminderRule.Vacation {
        let mapping = try node.mapping("a vacation ({from, to})", allowed: ["from", "to"])
        let from = try mapping.required("from", "the vacation's first day, such as 2026-12-20").date()
        let toNode = try mapping.required("to", "the vacation's last day, such as 2027-01-03")
        let to = try toNode.date()
        do {
            return try ReminderRule.Vacation(from: from, to: to)
        } catch {
            throw toNode.error(.invalidValue, error.message)
        }
    }

    // MARK: Document

    /// The file's `vacations`, `seed` and `first_weekday`; then checks that each
    /// `end_vacation` event has a vacation to end, on the device it happens on.
    func adaptiveSettings(_ document: ScenarioMapping, into scenario: inout Scenario) throws(ScenarioError) {
        if let node = document["vacations"] { scenario.vacations = try vacations(node) }
        if let node = document["seed"] {
            let text = try node.string("a seed")
            guard let seed = UInt64(text) else {
                throw node.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a seed (expected a whole number from 0 to \(UInt64.max))")
            }
            scenario.planner.randomSeed = seed
        }
        if let node = document["first_weekday"] {
            scenario.planner.firstWeekday = try choice(node, "the day a week starts on", Self.weekdayNames)
        }
        var vacations: [String: [ReminderRule.Vacation]] = [:]
        for event in scenario.events {
            let device = event.device ?? ""
            let now = vacations[device] ?? scenario.vacations
            if case .endVacation(let day) = event.action, ScenarioVacations.ending(now, on: day) == nil {
                let listed = now.isEmpty ? "it has none" : "its vacations: " + now.map(\.description).joined(separator: ", ")
                throw ScenarioError(code: .invalidValue, at: event.location, message: "end_vacation on \(day): the app has no vacation holding that day or starting after it (\(listed)); give one with vacations: or a vacation event before it")
            }
            vacations[device] = ScenarioVacations.applying(event.action, to: now)
        }
    }

    // MARK: Events

    /// `vacation: {from, to}`, `end_vacation` and `progress: {entity, count}`, on the
    /// event's local day.
    func adaptiveEvent(_ kind: String, _ value: ScenarioNode, at: LocalDateTime,
                       lookup: EntityLookup) throws(ScenarioError) -> ScenarioEvent.Action {
        switch kind {
        case "vacation":
            return .vacation(try vacation(value))
        case "end_vacation":
            try noValue(value, kind)
            return .endVacation(day: at.date)
        default:  // progress
            let mapping = try value.mapping("progress ({entity, count})", allowed: ["entity", "count"])
            let entity = try lookup.resolve(try mapping.required("entity", "the entity the progress is on"))
            let count = try mapping.required("count", "the day's progress so far, such as 3")
                .int("a count", in: 0...1_000_000)
            return .progress(entity, count: count, day: at.date)
        }
    }
}
