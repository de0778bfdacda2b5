import Foundation
import Herald
import Yams

/// What parsing a rule needs to know about the scenario.
struct RuleContext {
    /// The default `from` of `every_days` rules.
    var startDate: LocalDate
    /// The scenario's categories, which rules name.
    var categories: [ScenarioCategory] = []
}

extension ScenarioParser {
    static let scheduleKeys = ["daily", "weekly", "every_days", "every_minutes", "monthly", "once", "rrule", "after_completion"]
    static let ruleKeys = ["id"] + scheduleKeys + ["zone", "priority", "badge", "category", "follow_up", "nag", "smart", "alerts_on",
                                                   "fixed_content", "urgency", "fallback", "quiet_hours"]
        + adaptiveRuleKeys
    static let urgencies: [(String, Urgency)] = [("passive", .passive), ("active", .active),
                                                 ("time_sensitive", .timeSensitive), ("critical", .critical),
                                                 ("alarm", .alarm)]

    func rules(_ node: ScenarioNode, context: RuleContext) throws(ScenarioError) -> [ScenarioRule] {
        var result: [ScenarioRule] = []
        var seen: Set<String> = []
        for item in try node.sequence("rules") {
            let rule = try self.rule(item, context: context)
            if !seen.insert(rule.id).inserted {
                throw item.error(.duplicate, "the rule id \(InputExcerpt(rule.id, quote: "\"")) is used twice in this entity")
            }
            result.append(rule)
        }
        return result
    }

    func rule(_ node: ScenarioNode, context: RuleContext) throws(ScenarioError) -> ScenarioRule {
        let mapping = try node.mapping("a rule", allowed: Self.ruleKeys + Self.locationRuleKeys)
        let id = try mapping.required("id", "the rule's id").identifier("a rule id")
        if let located = try locationRule(id: id, mapping) {
            if let nag = mapping["nag"] {
                throw nag.error(.invalidValue, "a location reminder fires at a crossing and has no follow-ups (drop nag, or give the rule a schedule instead of arrive or leave)")
            }
            if let key = mapping.entries.first(where: { Self.adaptiveRuleKeys.contains($0.key) }) {
                throw key.keyNode.error(.invalidValue, "a location reminder fires at a crossing, and \(key.key) shapes a schedule (drop \(key.key), or give the rule a schedule instead of arrive or leave)")
            }
            return located
        }
        let pin = try mapping["zone"]?.zone()
        let random = try mapping["random"].map { node throws(ScenarioError) in try randomTimes(node) }
        let (kind, value, schedule) = try ruleSchedule(mapping, pin: pin, random: random, context: context)
        let priority = try mapping["priority"]?.int("a priority", in: -1000...1000) ?? 0
        let badge = try mapping["badge"]?.bool("badge") ?? true
        let category = try mapping["category"].map { node throws(ScenarioError) in
            try self.categoryReference(node, in: context.categories)
        }
        let followUp = try mapping["follow_up"]?.int("minutes until the follow-up", in: 1...1440)
        let fixedContent = try mapping["fixed_content"]?.bool("fixed_content") ?? false
        var smart: Bool?
        if let node = mapping["smart"] {
            smart = try node.bool("smart")
            guard kind == "daily" || smart == false else {
                throw node.error(.invalidValue, "smart timing moves a daily rule's time, and this rule is \(kind) (make it daily, or drop smart)")
            }
        }
        var rule = ScenarioRule(id: id, schedule: schedule, kind: kind, priority: priority, countsTowardBadge: badge,
                                category: category, followUpMinutes: followUp, smart: smart, fixedContent: fixedContent)
        rule.source = ScenarioLocation(file: value.file, line: value.line, column: value.column, field: value.path)
        try urgency(of: &rule, mapping)
        try nag(of: &rule, mapping)
        try adaptations(of: &rule, mapping, random: random)
        rule.alertsOn = try mapping["alerts_on"].map { node throws(ScenarioError) in
            try choice(node, "where a rule alerts", ReminderRule.AlertsOn.allCases.map { ($0.rawValue, $0) })
        }
        if let quiet = mapping["quiet_hours"] {
            let text = try quiet.string("a quiet-hours choice")
            guard text == "observe" || ScenarioRule.QuietHoursChoice(rawValue: text) != nil else {
                throw quiet.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a quiet-hours choice for a rule (expected ignore, to fire inside the quiet hours, defer_past_midnight, to be deferred even past the end of its day, or observe)")
            }
            rule.quietHours = ScenarioRule.QuietHoursChoice(rawValue: text)
        }
        return rule
    }

    /// `nag: {every: <minutes>, times: <n>}`: a follow-up every `every` minutes, `times`
    /// at most, until someone acts. `follow_up: N` is the same as `nag: {every: N,
    /// times: 1}`, so a rule gives one or the other.
    func nag(of rule: inout ScenarioRule, _ mapping: ScenarioMapping) throws(ScenarioError) {
        guard let node = mapping["nag"] else { return }
        if mapping["follow_up"] != nil {
            throw node.error(.invalidValue, "a rule gives follow_up or nag, not both (follow_up: N is nag: {every: N, times: 1})")
        }
        let nag = try node.mapping("a nag ({every, times})", allowed: ["every", "times"])
        rule.nagMinutes = try nag.required("every", "the minutes between repeats")
            .int("minutes between repeats", in: 1...1440)
        rule.nagTimes = try nag.required("times", "how many repeats at most")
            .int("a number of repeats", in: 1...Nag.maximumTimes)
    }

    /// `urgency: passive | active | time_sensitive | critical | alarm` and
    /// `fallback: [time_sensitive, active]`, checked as Herald checks a ladder.
    func urgency(of rule: inout ScenarioRule, _ mapping: ScenarioMapping) throws(ScenarioError) {
        guard let node = mapping["urgency"] else {
            if let fallback = mapping["fallback"] {
                throw fallback.error(.invalidValue, "a fallback needs an urgency to fall back from (add urgency: ...)")
            }
            return
        }
        let urgency = try choice(node, "an urgency", Self.urgencies)
        var fallback: [Urgency] = []
        if let list = mapping["fallback"] {
            for item in try list.sequence("fallback urgencies", allowsScalar: true) {
                fallback.append(try choice(item, "an urgency", Self.urgencies))
            }
        }
        do {
            try Urgency.checkLadder(urgency, fallback: fallback, of: "rule \(rule.id)")
        } catch {
            throw (mapping["fallback"] ?? node).error(.invalidValue, error.message)
        }
        rule.urgency = urgency
        rule.fallback = fallback.isEmpty ? nil : fallback
    }

    /// The schedule a schedule key gives; `defaultTimes` stand for the times a
    /// day-giving key leaves out (a rule with `random`, whose draws replace them).
    func schedule(kind: String, _ node: ScenarioNode, pin: TimeZone?, context: RuleContext,
                  defaultTimes: [LocalTime]? = nil) throws(ScenarioError) -> Schedule {
        switch kind {
        case "daily":
            let times = try node.times()
            return try building(node) { try .daily(at: times, timeZone: pin) }
        case "weekly":
            let mapping = try node.mapping("a weekly rule", allowed: ["days", "times"])
            let days = try mapping.required("days", "weekdays such as [MO, TH]").weekdays()
            let times = try times(mapping, "times such as [\"18:00\"]", or: defaultTimes)
            return try building(node, mapping) { try .weekly(on: days, at: times, timeZone: pin) }
        case "every_days":
            let mapping = try node.mapping("an every-N-days rule", allowed: ["interval", "from", "times"])
            let interval = try mapping.required("interval", "the number of days between occurrences")
                .int("an interval", in: 1...Int.max)
            let from = try mapping["from"]?.date() ?? context.startDate
            let times = try times(mapping, "times such as [\"07:00\"]", or: defaultTimes)
            return try building(node, mapping) { try .everyDays(interval, from: from, at: times, timeZone: pin) }
        case "every_minutes":
            let mapping = try node.mapping("an every-N-minutes rule", allowed: ["minutes", "from", "to", "days"])
            let minutes = try mapping.required("minutes", "the minutes between occurrences")
                .int("a number of minutes", in: 1...1440)
            let from = try mapping["from"]?.time() ?? .midnight
            let to = try mapping["to"]?.timeOrEndOfDay() ?? LocalTime(hour: 24)
            let days = try mapping["days"]?.weekdays() ?? Weekday.everyDay
            return try building(node, mapping) {
                try .everyMinutes(minutes, from: from, to: to, on: days, timeZone: pin)
            }
        case "monthly":
            let mapping = try node.mapping("a monthly rule", allowed: ["days", "times"])
            var days: [Int] = []
            for item in try mapping.required("days", "days of the month such as [1, -1]")
                .sequence("days of the month", allowsScalar: true) {
                days.append(try item.int("a day of the month", in: -31...31))
            }
            let times = try times(mapping, "times such as [\"08:00\"]", or: defaultTimes)
            return try building(node, mapping) { try .monthly(onDays: days, at: times, timeZone: pin) }
        case "after_completion":
            return try afterCompletion(node, pin: pin, context: context, defaultTimes: defaultTimes)
        case "once":
            let local = try node.dateTime()
            return try building(node) { try .once(at: local, timeZone: pin) }
        default:  // rrule
            let text = try node.string("an RRULE")
            let schedule = try building(node) { try Schedule(rrule: text) }
            guard let pin else { return schedule }
            // A zone given twice must agree: neither silently wins.
            if let own = schedule.timeZone, own.identifier != pin.identifier {
                throw node.error(.invalidSchedule, "the rule's zone \(pin.identifier) and the RRULE's DTSTART;TZID=\(own.identifier) disagree (give the zone once)")
            }
            return try building(node) {
                try Schedule(schedule.recurrence, timeZone: pin, start: schedule.start, end: schedule.end,
                             excludedDates: schedule.excludedDates, excludedTimes: schedule.excludedTimes,
                             extraTimes: schedule.extraTimes)
            }
        }
    }

    /// Runs a `Schedule` factory, turning its `ScheduleError` into a ``ScenarioError`` at
    /// the YAML key the schedule's field came from (or the rule's schedule node).
    func building(_ node: ScenarioNode, _ mapping: ScenarioMapping? = nil,
                  _ make: () throws -> Schedule) throws(ScenarioError) -> Schedule {
        do {
            return try make()
        } catch let error as ScheduleError {
            let key = Self.yamlKeys[error.field] ?? error.field
            let target = mapping?[key] ?? node
            throw ScenarioError(code: .invalidSchedule, file: target.file, line: target.line, column: target.column,
                                field: target.path, message: "invalid schedule: \(error)", scheduleError: error)
        } catch {
            throw node.error(.invalidSchedule, "invalid schedule: \(error)")
        }
    }

    /// The mapping's `times`, or `fallback` when it leaves them out and there is one.
    private func times(_ mapping: ScenarioMapping, _ what: String, or fallback: [LocalTime]?) throws(ScenarioError)
        -> [LocalTime] {
        if mapping["times"] == nil, let fallback { return fallback }
        return try mapping.required("times", what).times()
    }

    /// The YAML key for each `ScheduleError` field.
    private static let yamlKeys = [
        "weekdays": "days", "anchor": "from", "window": "from", "window.start": "from", "window.end": "to",
    ]
}
