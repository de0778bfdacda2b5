import Foundation
import Herald
import HeraldScenario
import Testing

/// The scenario keys of schedules that follow the user: a rule's `quota`,
/// `after_completion`, `random` and `pace`, an entity's `vacation`, the file's
/// `vacations`, `seed` and `first_weekday`, and the `vacation`, `end_vacation` and
/// `progress` events. Each is read into Herald's declaration, and each bad value is
/// refused at its line and column with what was wrong.
@Suite struct AdaptiveScenarioTests {
    typealias BadCase = ScenarioParserTests.BadCase

    static let gym = EntityReference(namespace: "habit", id: "a")

    /// The header (lines 1–3), one entity `a` whose one rule starts on line 8 with
    /// `id: r`, its other keys one a line from line 9, 8 spaces in.
    static func makeRuleYAML(_ keys: [String], entity: [String] = []) -> String {
        let extra = entity.map { "    \($0)\n" }.joined()
        return ScenarioFixtures.header + "entities:\n  - id: a\n    title: A\n" + extra + "    rules:\n      - id: r\n"
            + keys.map { "        \($0)\n" }.joined()
    }

    func makeRule(_ keys: [String]) throws -> (rule: ScenarioRule, declared: ReminderRule) {
        let scenario = try Scenario(yaml: Self.makeRuleYAML(keys), file: "test.yaml")
        let rule = scenario.entities[0].rules[0]
        return (rule, try #require(try scenario.entities[0].reminderRules().first))
    }

    static let day = LocalDate(year: 2026, month: 11, day: 21)

    // MARK: Rules

    @Test func aQuotaIsReadIntoTheRule() throws {
        let (rule, declared) = try makeRule(["daily: [\"18:00\"]", "quota: {times: 3, per: week}"])
        #expect(rule.quota == (try ReminderRule.Quota(times: 3, per: .week)))
        #expect(declared.quota == (try ReminderRule.Quota(times: 3, per: .week)))
        #expect(declared.schedule == (try Schedule.daily(at: [LocalTime(hour: 18)])))
    }

    @Test func afterCompletionIsEveryNDaysFromTheStartCountedFromCompletion() throws {
        // Given no from: the scenario's start date, as every_days reads it
        let (rule, declared) = try makeRule(["after_completion: {days: 3, at: [\"09:00\"]}"])
        #expect(rule.kind == "after_completion")
        #expect(declared.countsFromCompletion)
        #expect(declared.schedule == (try Schedule.everyDays(3, from: Self.day, at: [LocalTime(hour: 9)])))

        // And with from and a zone of its own
        let (_, pinned) = try makeRule(["after_completion: {days: 4, at: [\"07:30\"], from: 2026-11-25}", "zone: Asia/Tokyo"])
        #expect(pinned.schedule == (try Schedule.everyDays(4, from: LocalDate(year: 2026, month: 11, day: 25),
                                                           at: [LocalTime(hour: 7, minute: 30)],
                                                           timeZone: TimeZone(identifier: "Asia/Tokyo"))))
        #expect(pinned.countsFromCompletion)

        // And every day, counted from completion too
        let (_, daily) = try makeRule(["after_completion: {days: 1, at: [\"09:00\"]}"])
        #expect(daily.schedule == (try Schedule.daily(at: [LocalTime(hour: 9)])))
        #expect(daily.countsFromCompletion)
    }

    @Test func randomTimesFallOnEveryDayOrOnTheDaysTheScheduleGives() throws {
        // Given a window alone: every day
        let (alone, declared) = try makeRule(["random: {from: \"10:00\", to: \"16:00\", times: 2, min_gap: 60}"])
        let window = try ReminderRule.RandomTimes(from: LocalTime(hour: 10), to: LocalTime(hour: 16), times: 2,
                                                  minimumGap: 3600)
        #expect(alone.kind == "daily")
        #expect(declared.randomTimes == window)
        #expect(declared.schedule == (try Schedule.daily(at: [LocalTime(hour: 10)])))

        // And with a weekly schedule, which may leave out its times
        let (weekly, weeklyRule) = try makeRule(["weekly: {days: [SA, SU]}", "random: {from: \"09:00\", to: \"12:00\", times: 1}"])
        #expect(weekly.kind == "weekly")
        #expect(weeklyRule.randomTimes == (try ReminderRule.RandomTimes(from: LocalTime(hour: 9), to: LocalTime(hour: 12), times: 1)))
        #expect(weeklyRule.schedule == (try Schedule.weekly(on: [.saturday, .sunday], at: [LocalTime(hour: 9)])))
    }

    @Test func aPaceIsReadIntoARepeatingRule() throws {
        let (rule, declared) = try makeRule(["every_minutes: {minutes: 120, from: \"08:00\", to: \"21:00\"}",
                                             "pace: {target: 8, by: \"20:00\"}"])
        #expect(rule.pace == (try ReminderRule.Pace(target: 8, by: LocalTime(hour: 20))))
        #expect(declared.pace == rule.pace)
        // Several times a day is enough for a daily rule
        #expect(try makeRule(["daily: [\"09:00\", \"15:00\"]", "pace: {target: 2, by: \"18:00\"}"]).declared.pace != nil)
    }

    @Test func anEntitysVacationRestsEachOfItsRules() throws {
        // Given a list, and a single mapping
        let december = try ReminderRule.Vacation(from: LocalDate(year: 2026, month: 12, day: 20),
                                                 to: LocalDate(year: 2027, month: 1, day: 3))
        let listed = try Scenario(yaml: Self.makeRuleYAML(["daily: [\"09:00\"]"],
                                                          entity: ["vacation: [{from: 2026-12-20, to: 2027-01-03}]"]))
        let single = try Scenario(yaml: Self.makeRuleYAML(["daily: [\"09:00\"]"],
                                                          entity: ["vacation: {from: 2026-12-20, to: 2027-01-03}"]))
        // Then the entity keeps it and each Herald rule rests on it
        #expect(listed.entities[0].vacations == [december])
        #expect(single.entities[0].vacations == [december])
        #expect(try listed.entities[0].reminderRules().map(\.vacations) == [[december]])
    }

    @Test func theFilesVacationsSeedAndFirstWeekdayConfigureTheApp() throws {
        let scenario = try makeScenario(body: """
            seed: 18446744073709551615
            first_weekday: sunday
            vacations:
              - {from: 2026-12-24, to: 2026-12-26}
              - {from: 2027-02-01, to: 2027-02-07}
            """)
        #expect(scenario.planner.configuration.randomSeed == UInt64.max)
        #expect(scenario.planner.configuration.firstWeekday == .sunday)
        #expect(scenario.vacations.map(\.description) == ["2026-12-24 to 2026-12-26", "2027-02-01 to 2027-02-07"])
        // And without them: seed 0, weeks from Monday, no vacations
        let plain = try makeScenario(body: "days: 1\n")
        #expect(plain.planner.configuration.randomSeed == 0)
        #expect(plain.planner.configuration.firstWeekday == nil)
        #expect(plain.vacations.isEmpty)
    }

    @Test func theEventsAreReadOnTheirLocalDay() throws {
        let scenario = try makeScenario(body: """
            days: 6
            vacations: [{from: 2026-11-25, to: 2026-11-30}]
            entities:
              - {id: water, title: Water, rules: [{id: r, daily: ["09:00", "15:00"], pace: {target: 8, by: "20:00"}}]}
            events:
              - {at: 2026-11-21T10:00, progress: {entity: water, count: 3}}
              - {at: 2026-11-22T18:00, vacation: {from: 2026-12-20, to: 2027-01-03}}
              - {at: 2026-11-26T09:00, end_vacation}
            """)
        let water = EntityReference(namespace: "habit", id: "water")
        #expect(scenario.events.map(\.action) == [
            .progress(water, count: 3, day: Self.day),
            .vacation(try ReminderRule.Vacation(from: LocalDate(year: 2026, month: 12, day: 20),
                                                to: LocalDate(year: 2027, month: 1, day: 3))),
            .endVacation(day: LocalDate(year: 2026, month: 11, day: 26)),
        ])
        #expect(scenario.events.map(\.action.kind) == ["progress", "vacation", "end_vacation"])
    }

    @Test func endingAVacationEndsTheOneHeldOrElseRemovesTheNext() throws {
        func day(_ text: String) -> LocalDate { LocalDate(iso8601: text)! }
        let christmas = try ReminderRule.Vacation(from: day("2026-12-24"), to: day("2026-12-26"))
        let ski = try ReminderRule.Vacation(from: day("2027-02-01"), to: day("2027-02-07"))
        // Held on the 25th: it ends on the 24th, the later one stays
        #expect(ScenarioVacations.ending([christmas, ski], on: day("2026-12-25"))
            == [try ReminderRule.Vacation(from: day("2026-12-24"), to: day("2026-12-24")), ski])
        // Held from its first day: it is removed
        #expect(ScenarioVacations.ending([christmas, ski], on: day("2026-12-24")) == [ski])
        // None held: the next to start is removed, not the one after
        #expect(ScenarioVacations.ending([ski, christmas], on: day("2026-12-01")) == [ski])
        // Nothing held and nothing later: nothing to end
        #expect(ScenarioVacations.ending([christmas], on: day("2027-01-10")) == nil)
        #expect(ScenarioVacations.ending([], on: day("2027-01-10")) == nil)
    }

    @Test func aStateIsResumedOnlyByTheSameSeedAndVacations() throws {
        // The fingerprint is the file's text: a new key changes it as any other
        let base = ScenarioFixtures.header + "seed: 1\n"
        let fingerprint = try ScenarioFile(text: base).fingerprint
        #expect(try ScenarioFile(text: base).fingerprint == fingerprint)
        #expect(try ScenarioFile(text: ScenarioFixtures.header + "seed: 2\n").fingerprint != fingerprint)
        #expect(try ScenarioFile(text: base + "vacations: {from: 2026-12-24, to: 2026-12-26}\n").fingerprint != fingerprint)
    }

    // MARK: Refusals

    static let badCases: [BadCase] = [
        BadCase(name: "a quota of 8 per week", yaml: makeRuleYAML(["daily: [\"18:00\"]", "quota: {times: 8, per: week}"]),
                line: 10, column: 24, field: "entities[0].rules[0].quota.times", code: .invalidValue,
                mentions: "a quota of 8 per week cannot be met: Herald counts completed days, and a week holds 1 to 7; give times from 1 to 7"),
        BadCase(name: "a quota of 2 per day", yaml: makeRuleYAML(["daily: [\"18:00\"]", "quota: {times: 2, per: day}"]),
                line: 10, column: 24, field: "entities[0].rules[0].quota.times", code: .invalidValue,
                mentions: "a quota of 2 per day cannot be met"),
        BadCase(name: "a quota per fortnight", yaml: makeRuleYAML(["daily: [\"18:00\"]", "quota: {times: 2, per: fortnight}"]),
                line: 10, column: 32, field: "entities[0].rules[0].quota.per", code: .invalidValue,
                mentions: "\"fortnight\" is not a quota's period (expected day, week or month)"),
        BadCase(name: "a quota without its period", yaml: makeRuleYAML(["daily: [\"18:00\"]", "quota: {times: 2}"]),
                line: 10, column: 16, field: "entities[0].rules[0].quota.per", code: .missingKey,
                mentions: "missing key \"per\" (expected day, week or month)"),
        BadCase(name: "a window too small for its draws",
                yaml: makeRuleYAML(["random: {from: \"10:00\", to: \"10:30\", times: 3, min_gap: 30}"]),
                line: 9, column: 17, field: "entities[0].rules[0].random", code: .invalidValue,
                mentions: "3 times that far apart do not fit the window's 30 minutes; widen it, or draw fewer"),
        BadCase(name: "a window ending before it starts",
                yaml: makeRuleYAML(["random: {from: \"16:00\", to: \"10:00\", times: 1}"]),
                line: 9, column: 17, field: "entities[0].rules[0].random", code: .invalidValue,
                mentions: "the window must end after it starts, within one day"),
        BadCase(name: "random without times", yaml: makeRuleYAML(["random: {from: \"10:00\", to: \"16:00\"}"]),
                line: 9, column: 17, field: "entities[0].rules[0].random.times", code: .missingKey,
                mentions: "missing key \"times\" (expected how many times are drawn each day)"),
        BadCase(name: "a minimum gap longer than a day",
                yaml: makeRuleYAML(["random: {from: \"10:00\", to: \"16:00\", times: 2, min_gap: 2000}"]),
                line: 9, column: 65, field: "entities[0].rules[0].random.min_gap", code: .invalidValue,
                mentions: "2000 is out of range (expected 0...1440)"),
        BadCase(name: "pace on a once rule", yaml: makeRuleYAML(["once: 2026-11-21T09:00", "pace: {target: 8, by: \"20:00\"}"]),
                line: 10, column: 15, field: "entities[0].rules[0].pace", code: .invalidValue,
                mentions: "pace reminds while the day's progress is behind, from the day's second occurrence on (nothing is due at the first), and this rule is once"),
        BadCase(name: "pace on a rule firing once a day",
                yaml: makeRuleYAML(["daily: [\"09:00\"]", "pace: {target: 8, by: \"20:00\"}"]),
                line: 10, column: 15, field: "entities[0].rules[0].pace", code: .invalidValue,
                mentions: "and this rule fires once a day; give it a repeating schedule with several times a day"),
        BadCase(name: "pace with a target of 0",
                yaml: makeRuleYAML(["every_minutes: {minutes: 60}", "pace: {target: 0, by: \"20:00\"}"]),
                line: 10, column: 24, field: "entities[0].rules[0].pace.target", code: .invalidValue,
                mentions: "a pace of 0 by 20:00 asks for nothing; give a target of 1 or more"),
        BadCase(name: "after_completion with another schedule key",
                yaml: makeRuleYAML(["daily: [\"09:00\"]", "after_completion: {days: 3, at: [\"09:00\"]}"]),
                line: 9, column: 9, field: "entities[0].rules[0].daily", code: .invalidValue,
                mentions: "after_completion is the rule's schedule (every N days counted from the last completion), so the rule cannot also be daily (at line 10); keep one of them"),
        BadCase(name: "after_completion every 0 days",
                yaml: makeRuleYAML(["after_completion: {days: 0, at: [\"09:00\"]}"]),
                line: 9, column: 34, field: "entities[0].rules[0].after_completion.days", code: .invalidValue,
                mentions: "0 is out of range (expected 1...100000)"),
        BadCase(name: "after_completion without times", yaml: makeRuleYAML(["after_completion: {days: 3}"]),
                line: 9, column: 27, field: "entities[0].rules[0].after_completion.at", code: .missingKey,
                mentions: "missing key \"at\""),
        BadCase(name: "smart timing with random times",
                yaml: makeRuleYAML(["daily: [\"09:00\"]", "smart: true", "random: {from: \"10:00\", to: \"16:00\", times: 1}"]),
                line: 10, column: 16, field: "entities[0].rules[0].smart", code: .invalidValue,
                mentions: "smart timing moves the rule's time, and random draws its times; keep one of them"),
        BadCase(name: "a quota on a location reminder",
                yaml: makeRuleYAML(["arrive: {lat: 52.5, lon: 13.4}", "quota: {times: 1, per: day}"]),
                line: 10, column: 9, field: "entities[0].rules[0].quota", code: .invalidValue,
                mentions: "a location reminder fires at a crossing, and quota shapes a schedule"),
        BadCase(name: "an entity's vacation ending before it starts",
                yaml: makeRuleYAML(["daily: [\"09:00\"]"], entity: ["vacation: {from: 2026-12-20, to: 2026-12-10}"]),
                line: 7, column: 38, field: "entities[0].vacation.to", code: .invalidValue,
                mentions: "a vacation from 2026-12-20 to 2026-12-10 ends before it starts; give its first and last days in order"),
        BadCase(name: "a vacation longer than a year", yaml: ScenarioFixtures.header + "vacations: [{from: 2026-01-01, to: 2027-06-01}]\n",
                line: 4, column: 36, field: "vacations[0].to", code: .invalidValue,
                mentions: "is longer than 366 days; pause the entities instead"),
        BadCase(name: "a seed that is not a whole number", yaml: ScenarioFixtures.header + "seed: -1\n",
                line: 4, column: 7, field: "seed", code: .invalidValue,
                mentions: "\"-1\" is not a seed (expected a whole number from 0 to 18446744073709551615)"),
        BadCase(name: "an unknown first weekday", yaml: ScenarioFixtures.header + "first_weekday: funday\n",
                line: 4, column: 16, field: "first_weekday", code: .invalidValue,
                mentions: "\"funday\" is not the day a week starts on (expected monday, tuesday, wednesday, thursday, friday, saturday or sunday)"),
    ]

    @Test(arguments: badCases)
    func aBadValueIsRefusedWhereItIsWritten(_ bad: BadCase) throws {
        try bad.expectRefused()
    }

    /// The header, one entity `water` (line 5), then `events` (line 6) and `lines`, one a line from line 7
    /// (after `top`'s lines). A value left out (`{at: ..., end_vacation}`) is where the mapping ends.
    static func makeEventsYAML(_ lines: [String], top: String = "") -> String {
        ScenarioFixtures.header + "days: 20\n" + top
            + "entities: [{id: water, title: Water, rules: [{id: r, daily: [\"09:00\", \"15:00\"]}]}]\nevents:\n"
            + lines.map { "  - \($0)\n" }.joined()
    }

    static let badEvents: [BadCase] = [
        BadCase(name: "an end_vacation with no vacation", yaml: makeEventsYAML(["{at: 2026-11-22T10:00, end_vacation}"]),
                line: 7, column: 40, field: "events[0].end_vacation", code: .invalidValue,
                mentions: "end_vacation on 2026-11-22: the app has no vacation holding that day or starting after it (it has none); give one with vacations: or a vacation event before it"),
        BadCase(name: "an end_vacation after the vacation ended",
                yaml: makeEventsYAML(["{at: 2026-11-22T10:00, vacation: {from: 2026-11-23, to: 2026-11-24}}",
                                      "{at: 2026-11-25T10:00, end_vacation}"]),
                line: 8, column: 40, field: "events[1].end_vacation", code: .invalidValue,
                mentions: "(its vacations: 2026-11-23 to 2026-11-24)"),
        BadCase(name: "a second end_vacation with only one vacation",
                yaml: makeEventsYAML(["{at: 2026-11-22T10:00, end_vacation}", "{at: 2026-11-23T10:00, end_vacation}"],
                                     top: "vacations: {from: 2026-11-22, to: 2026-11-30}\n"),
                line: 9, column: 40, field: "events[1].end_vacation", code: .invalidValue,
                mentions: "end_vacation on 2026-11-23: the app has no vacation holding that day or starting after it (it has none)"),
        BadCase(name: "an end_vacation with a value", yaml: makeEventsYAML(["{at: 2026-11-22T10:00, end_vacation: now}"],
                                                                          top: "vacations: {from: 2026-11-22, to: 2026-11-30}\n"),
                line: 8, column: 42, field: "events[0].end_vacation", code: .invalidValue,
                mentions: "end_vacation takes no value (write {at: ..., end_vacation})"),
        BadCase(name: "a vacation event ending before it starts",
                yaml: makeEventsYAML(["{at: 2026-11-22T10:00, vacation: {from: 2026-11-23, to: 2026-11-20}}"]),
                line: 7, column: 61, field: "events[0].vacation.to", code: .invalidValue,
                mentions: "ends before it starts"),
        BadCase(name: "progress on an unknown entity",
                yaml: makeEventsYAML(["{at: 2026-11-22T10:00, progress: {entity: tea, count: 3}}"]),
                line: 7, column: 47, field: "events[0].progress.entity", code: .unknownEntity,
                mentions: "tea"),
        BadCase(name: "a negative progress", yaml: makeEventsYAML(["{at: 2026-11-22T10:00, progress: {entity: water, count: -1}}"]),
                line: 7, column: 61, field: "events[0].progress.count", code: .invalidValue,
                mentions: "-1 is out of range (expected 0...1000000)"),
        BadCase(name: "progress without a count", yaml: makeEventsYAML(["{at: 2026-11-22T10:00, progress: {entity: water}}"]),
                line: 7, column: 38, field: "events[0].progress.count", code: .missingKey,
                mentions: "missing key \"count\" (expected the day's progress so far, such as 3)"),
    ]

    @Test(arguments: badEvents)
    func aBadEventIsRefusedWhereItIsWritten(_ bad: BadCase) throws {
        try bad.expectRefused()
    }
}
