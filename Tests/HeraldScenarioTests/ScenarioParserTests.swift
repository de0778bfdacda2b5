import Foundation
import Herald
import HeraldScenario
import HeraldSimulator
import Testing

struct ScenarioParserTests {
    @Test func parsesEveryRuleKindEventAndSetting() throws {
        // Given a scenario using every part of the format
        let scenario = try makeScenario(body: """
            days: 2
            planner: {reserve: 4, horizon_days: 3, badge: none}
            drop_rule: keep-most-recent
            entities:
              - id: stretch
                title: Stretch
                rules:
                  - {id: morning, daily: [09:00, "09:01"]}
                  - {id: gym, weekly: {days: [MO, we], times: ["18:00"]}, priority: 2}
                  - {id: plants, every_days: {interval: 2, from: 2026-11-21, times: ["07:00"]}}
                  - {id: sips, every_minutes: {minutes: 30, from: "09:00", to: "17:00", days: [MO, TU]}}
                  - {id: rent, monthly: {days: [1, -1], times: ["08:00"]}, badge: false}
                  - {id: dentist, once: 2026-11-22T10:00, zone: Asia/Tokyo}
                  - {id: read, rrule: "DTSTART:20261121T213000\\nRRULE:FREQ=DAILY"}
              - {id: goal, namespace: goal, title: Run, paused: true, rules: []}
            delivered:
              - {entity: stretch, rule: morning, at: 2026-11-20T09:00}
            events:
              - {at: 2026-11-21T09:05, complete: stretch, day: 2026-11-21}
              - {at: 2026-11-21T10:00, pause: stretch}
              - {at: 2026-11-21T11:00, resume: goal/goal}
              - at: 2026-11-21T12:00
                edit: {id: new, title: New, rules: [{id: r, daily: ["13:00"]}]}
              - {at: 2026-11-21T13:00, delete: [new, stretch]}
              - {at: 2026-11-22T13:00, import: [{id: a, namespace: goal, title: A, rules: []}]}
            """)

        // Then every value is read
        #expect(scenario.name == "Test")
        #expect(scenario.zone.identifier == "Europe/Berlin")
        #expect(scenario.start == LocalDateTime(parsing: "2026-11-21T08:00"))
        #expect(scenario.days == 2)
        #expect(scenario.planner == ScenarioPlannerSettings(reserve: 4, horizonDays: 3, badge: .none))
        #expect(scenario.dropRule == .keepMostRecentlyAdded)
        let stretch = try #require(scenario.entities.first)
        #expect(stretch.reference == EntityReference(namespace: "habit", id: "stretch"))
        #expect(stretch.rules.map(\.kind) == ["daily", "weekly", "every_days", "every_minutes", "monthly", "once", "rrule"])
        #expect(stretch.rules[0].schedule == (try Schedule.daily(at: [LocalTime(hour: 9), LocalTime(hour: 9, minute: 1)])))
        #expect(stretch.rules[1].schedule == (try Schedule.weekly(on: [.monday, .wednesday], at: [LocalTime(hour: 18)])))
        #expect(stretch.rules[1].priority == 2)
        #expect(stretch.rules[3].schedule == (try Schedule.everyMinutes(
            30, from: LocalTime(hour: 9), to: LocalTime(hour: 17), on: [.monday, .tuesday])))
        #expect(stretch.rules[4].countsTowardBadge == false)
        #expect(stretch.rules[5].schedule.timeZone?.identifier == "Asia/Tokyo")
        #expect(scenario.entities[1].paused)
        #expect(scenario.entities[1].reference == EntityReference(namespace: "goal", id: "goal"))
        #expect(scenario.delivered.map(\.rule) == ["morning"])
        #expect(scenario.events.map(\.action.kind) == ["complete", "pause", "resume", "edit", "delete", "import"])
        #expect(scenario.events[0].action == .complete(stretch.reference, day: LocalDate(year: 2026, month: 11, day: 21)))
    }

    @Test func aRuleDeclaresFixedContentAndThePlannerItsRepeatingPolicy() throws {
        let scenario = try makeScenario(body: """
            planner: {repeating: dropping_badges}
            entities:
              - id: a
                title: A
                rules:
                  - {id: fixed, daily: ["09:00"], fixed_content: true}
                  - {id: varies, daily: ["10:00"]}
            """)
        #expect(scenario.planner.repeating == .droppingBadges)
        #expect(scenario.planner.configuration.repeatingTriggers == .droppingBadges)
        let rules = try scenario.entities[0].reminderRules()
        #expect(rules.map(\.fixedContent) == [true, false])
    }

    @Test func defaultsApplyWhenOptionalKeysAreAbsent() throws {
        let scenario = try makeScenario(body: """
            entities:
              - id: a
                title: A
                rules: [{id: r, every_days: {interval: 3, times: ["07:00"]}}]
            """)

        #expect(scenario.days == 1)
        #expect(scenario.planner == ScenarioPlannerSettings())
        #expect(scenario.dropRule == .keepMostRecentlyAdded)
        #expect(scenario.events.isEmpty && scenario.delivered.isEmpty)
        #expect(scenario.entities[0].rules[0].schedule
            == (try Schedule.everyDays(3, from: LocalDate(year: 2026, month: 11, day: 21), at: [LocalTime(hour: 7)])))
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var name: String
        var yaml: String
        var line: Int
        var column: Int
        var field: String
        var code: ScenarioError.Code
        var mentions: String

        var testDescription: String { name }

        /// Parses ``yaml`` and checks the error: it points at the node (line and
        /// column), names the field, has the code and says what was expected.
        func expectRefused(sourceLocation: SourceLocation = #_sourceLocation) throws {
            let error = try #require(parseError(yaml), sourceLocation: sourceLocation)
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(error.field == field, "\(error)", sourceLocation: sourceLocation)
            #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
            #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(mentions), "\(error)", sourceLocation: sourceLocation)
            #expect(error.file == "test.yaml", sourceLocation: sourceLocation)
            #expect(error.description.hasPrefix("test.yaml:\(line):\(column): "), sourceLocation: sourceLocation)
        }
    }

    static let entityHeader = ScenarioFixtures.header + """
        entities:
          - id: a
            title: A
            rules:

        """  // rules start on line 8

    static let badCases: [BadCase] = [
        BadCase(name: "unknown top-level key", yaml: ScenarioFixtures.header + "titel: x\n",
                line: 4, column: 1, field: "titel", code: .unknownKey, mentions: "unknown key \"titel\""),
        BadCase(name: "unknown denied-center mode", yaml: ScenarioFixtures.header + "denied_center: hidden\n",
                line: 4, column: 16, field: "denied_center", code: .invalidValue,
                mentions: "\"hidden\" is not a denied-center mode (expected empty or kept)"),
        BadCase(name: "unknown same-instant order", yaml: ScenarioFixtures.header + "same_instant: together\n",
                line: 4, column: 15, field: "same_instant", code: .invalidValue,
                mentions: "\"together\" is not an order of same-instant events (expected deliveries_first or crossings_first)"),
        BadCase(name: "unknown force-quit relaunch mode", yaml: ScenarioFixtures.header + "force_quit_relaunch: always\n",
                line: 4, column: 22, field: "force_quit_relaunch", code: .invalidValue,
                mentions: "\"always\" is not a force-quit relaunch mode (expected never or regions)"),
        BadCase(name: "unknown location-deliveries mode", yaml: ScenarioFixtures.header + "location_deliveries: shown\n",
                line: 4, column: 22, field: "location_deliveries", code: .invalidValue,
                mentions: "\"shown\" is not a way to list location deliveries (expected hidden or listed)"),
        BadCase(name: "missing name", yaml: "zone: Europe/Berlin\nstart: 2026-11-21T08:00\n",
                line: 1, column: 1, field: "name", code: .missingKey, mentions: "missing key \"name\""),
        BadCase(name: "unknown zone", yaml: "name: x\nzone: Mars/Base\nstart: 2026-11-21T08:00\n",
                line: 2, column: 7, field: "zone", code: .invalidValue, mentions: "\"Mars/Base\" is not a known time zone"),
        BadCase(name: "bad start", yaml: "name: x\nzone: Europe/Berlin\nstart: 2026-13-01T08:00\n",
                line: 3, column: 8, field: "start", code: .invalidValue, mentions: "expected yyyy-MM-ddTHH:mm"),
        BadCase(name: "entities not a list", yaml: ScenarioFixtures.header + "entities: {id: a}\n",
                line: 4, column: 11, field: "entities", code: .wrongType, mentions: "expected a list of entities"),
        BadCase(name: "missing title", yaml: ScenarioFixtures.header + "entities:\n  - id: a\n    rules: []\n",
                line: 5, column: 5, field: "entities[0].title", code: .missingKey, mentions: "missing key \"title\""),
        BadCase(name: "bad time", yaml: entityHeader + "      - id: r\n        daily: [\"09:00\", \"25:00\"]\n",
                line: 9, column: 26, field: "entities[0].rules[0].daily[1]", code: .invalidValue,
                mentions: "\"25:00\" is not a time (expected HH:mm)"),
        BadCase(name: "bad weekday", yaml: entityHeader + "      - {id: r, weekly: {days: [MO, XX], times: [\"18:00\"]}}\n",
                line: 8, column: 37, field: "entities[0].rules[0].weekly.days[1]", code: .invalidValue,
                mentions: "\"XX\" is not a weekday"),
        BadCase(name: "two schedule kinds", yaml: entityHeader + "      - {id: r, daily: [\"09:00\"], once: 2026-11-22T10:00}\n",
                line: 8, column: 35, field: "entities[0].rules[0].once", code: .invalidValue,
                mentions: "has both \"daily\" and \"once\""),
        BadCase(name: "no schedule kind", yaml: entityHeader + "      - {id: r, priority: 1}\n",
                line: 8, column: 9, field: "entities[0].rules[0]", code: .missingKey, mentions: "needs one of daily, weekly"),
        BadCase(name: "fixed content not a boolean", yaml: entityHeader + "      - {id: r, daily: [\"09:00\"], fixed_content: sometimes}\n",
                line: 8, column: 50, field: "entities[0].rules[0].fixed_content", code: .invalidValue, mentions: "fixed_content"),
        BadCase(name: "unknown repeating policy",
                yaml: ScenarioFixtures.header + "planner: {repeating: always}\n",
                line: 4, column: 22, field: "planner.repeating", code: .invalidValue,
                mentions: "\"always\" is not a repeating-trigger policy (expected exact, dropping_badges or never)"),
        BadCase(name: "unknown rule key", yaml: entityHeader + "      - {id: r, dayly: [\"09:00\"]}\n",
                line: 8, column: 17, field: "entities[0].rules[0].dayly", code: .unknownKey, mentions: "unknown key \"dayly\""),
        BadCase(name: "schedule refuses empty weekdays", yaml: entityHeader + "      - {id: r, weekly: {days: [], times: [\"18:00\"]}}\n",
                line: 8, column: 32, field: "entities[0].rules[0].weekly.days", code: .invalidSchedule,
                mentions: "needs at least one weekday"),
        BadCase(name: "schedule refuses a reversed window",
                yaml: entityHeader + "      - {id: r, every_minutes: {minutes: 30, from: \"17:00\", to: \"09:00\"}}\n",
                line: 8, column: 52, field: "entities[0].rules[0].every_minutes.from", code: .invalidSchedule,
                mentions: "must be before end"),
        BadCase(name: "bad rrule", yaml: entityHeader + "      - {id: r, rrule: \"FREQ=DAILY;BYHOUR=25\"}\n",
                line: 8, column: 24, field: "entities[0].rules[0].rrule", code: .invalidSchedule,
                mentions: "BYHOUR at position 12"),
        BadCase(name: "duplicate rule id", yaml: entityHeader + "      - {id: r, daily: [\"09:00\"]}\n      - {id: r, daily: [\"10:00\"]}\n",
                line: 9, column: 9, field: "entities[0].rules[1]", code: .duplicate, mentions: "used twice"),
        BadCase(name: "stale notification of an unknown rule",
                yaml: entityHeader + "      - {id: r, daily: [\"09:00\"]}\ndelivered:\n  - {entity: a, rule: nope, at: 2026-11-20T09:00}\n",
                line: 10, column: 23, field: "delivered[0].rule", code: .unknownEntity, mentions: "has no rule \"nope\""),
        BadCase(name: "stale notification after the start",
                yaml: entityHeader + "      - {id: r, daily: [\"09:00\"]}\ndelivered:\n  - {entity: a, rule: r, at: 2026-11-21T09:00}\n",
                line: 10, column: 30, field: "delivered[0].at", code: .outOfOrder, mentions: "is not before the start"),
        BadCase(name: "events out of order",
                yaml: entityHeader + "      - {id: r, daily: [\"09:00\"]}\nevents:\n  - {at: 2026-11-21T10:00, pause: a}\n  - {at: 2026-11-21T09:00, resume: a}\n",
                line: 11, column: 10, field: "events[1].at", code: .outOfOrder, mentions: "before the previous event"),
        BadCase(name: "event after the end of the run",
                yaml: entityHeader + "      - {id: r, daily: [\"09:00\"]}\nevents:\n  - {at: 2026-11-23T10:00, pause: a}\n",
                line: 10, column: 10, field: "events[0].at", code: .outOfOrder, mentions: "raise days"),
        BadCase(name: "unknown entity in an event",
                yaml: entityHeader + "      - {id: r, daily: [\"09:00\"]}\nevents:\n  - {at: 2026-11-21T10:00, complete: nobody}\n",
                line: 10, column: 38, field: "events[0].complete", code: .unknownEntity, mentions: "no entity \"nobody\""),
        BadCase(name: "event on a deleted entity",
                yaml: entityHeader + "      - {id: r, daily: [\"09:00\"]}\nevents:\n  - {at: 2026-11-21T10:00, delete: a}\n  - {at: 2026-11-21T11:00, pause: a}\n",
                line: 11, column: 35, field: "events[1].pause", code: .unknownEntity, mentions: "there are none"),
        BadCase(name: "event with two actions",
                yaml: entityHeader + "      - {id: r, daily: [\"09:00\"]}\nevents:\n  - {at: 2026-11-21T10:00, pause: a, resume: a}\n",
                line: 10, column: 38, field: "events[0].resume", code: .invalidValue, mentions: "has both \"pause\" and \"resume\""),
        BadCase(name: "not YAML", yaml: ScenarioFixtures.header + "entities: [\n",
                line: 5, column: 1, field: "", code: .syntax, mentions: "not valid YAML"),
    ]

    @Test(arguments: badCases)
    func reportsWhereAndWhatForBadInput(_ badCase: BadCase) throws {
        // When the bad scenario is parsed
        // Then the error points at the node, names the field and says what was expected
        try badCase.expectRefused()
    }

    @Test func describesLikeACompilerDiagnostic() throws {
        let error = try #require(parseError(Self.entityHeader + "      - id: r\n        daily: [\"25:00\"]\n"))
        #expect(error.description == #"test.yaml:9:17: entities[0].rules[0].daily[0]: "25:00" is not a time (expected HH:mm)"#)
    }

    @Test func keepsTheScheduleErrorOfARefusedRule() throws {
        let error = try #require(parseError(Self.entityHeader + "      - {id: r, rrule: \"FREQ=DAILY;BYHOUR=25\"}\n"))
        #expect(error.scheduleError?.field == "BYHOUR")
        #expect(error.scheduleError?.position == 12)
    }

    @Test func aRuleZoneThatDisagreesWithTheRRULEsTZIDIsRefusedAndOneThatAgreesIsKept() throws {
        let rrule = #""DTSTART;TZID=Europe/Berlin:20261121T090000\nRRULE:FREQ=DAILY""#
        let error = try #require(parseError(Self.entityHeader + "      - {id: r, zone: Asia/Tokyo, rrule: \(rrule)}\n"))
        #expect(error.code == .invalidSchedule)
        #expect(error.message == "the rule's zone Asia/Tokyo and the RRULE's DTSTART;TZID=Europe/Berlin disagree (give the zone once)")
        let agreeing = try Scenario(yaml: Self.entityHeader + "      - {id: r, zone: Europe/Berlin, rrule: \(rrule)}\n",
                                    file: "test.yaml")
        #expect(agreeing.entities[0].rules[0].schedule.timeZone?.identifier == "Europe/Berlin")
    }

    @Test func anRRULEWithExclusionsAndExtraTimesKeepsThemWhenTheRuleIsPinned() throws {
        // Given every other Tuesday, skipping one and adding a Wednesday, pinned by the rule's zone
        let rrule = #""DTSTART:20260106T070000\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU\nEXDATE:20260120T070000\nRDATE:20260121T070000""#

        // When the scenario is read
        let scenario = try Scenario(yaml: Self.entityHeader + "      - {id: bins, zone: Europe/Berlin, rrule: \(rrule)}\n",
                                    file: "test.yaml")

        // Then the schedule keeps the zone, the exclusion and the extra time
        let schedule = scenario.entities[0].rules[0].schedule
        #expect(schedule.timeZone?.identifier == "Europe/Berlin")
        #expect(schedule.excludedTimes == [LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 20), time: LocalTime(hour: 7))])
        #expect(schedule.extraTimes == [LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 21), time: LocalTime(hour: 7))])
    }

    @Test func refusesAStartInYearZeroAsEveryOtherDateIs() throws {
        let error = try #require(parseError("name: Test\nzone: Europe/Berlin\nstart: 0000-01-01T08:00\n"))
        #expect(error.description == #"test.yaml:3:8: start: "0000-01-01T08:00" has year 0; dates need a year from 1 to 9999"#)
    }

    @Test func ignoresAByteOrderMarkBeforeTheFirstKey() throws {
        // Given a file some editors write: a UTF-8 byte order mark, then the first key
        let text = "\u{FEFF}" + ScenarioFixtures.header + "days: 2\n"

        // When it is read
        let file = try ScenarioFile(text: text, file: "bom.yaml")

        // Then it is the scenario the text says
        #expect(file.scenario.name == "Test")
        #expect(file.scenario.days == 2)
    }
}
