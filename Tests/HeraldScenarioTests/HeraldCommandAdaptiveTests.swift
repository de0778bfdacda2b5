import Foundation
import Herald
import HeraldScenario
@testable import herald
import Testing

/// `herald why` and `herald occurrences` on schedules that follow the user: the held
/// back reason in text and JSON, a scenario rule's random draws by seed, the days its
/// vacations leave out, and a line for each kind that depends on what the user does.
@Suite struct HeraldCommandAdaptiveTests {
    func run(_ arguments: [String]) async throws -> HeraldCommandTests.Execution {
        try await HeraldCommandTests().makeExecution(arguments)
    }

    static let mood = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "mood"), rule: "sample")

    // MARK: why

    @Test func whySaysTheQuotaWasMetInTextAndJSON() async throws {
        let arguments = ["why", "Examples/gym-quota.yaml", "--occurrence", "habit/gym/evening", "--at", "2026-11-27T18:00"]
        let text = try await run(arguments)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("habit/gym/evening at 2026-11-27T18:00: skipped\n"), "\(text.stdout)")
        #expect(text.stdout.contains("plan (completed habit/gym): not planned: quota met for the week: 3 of 3"), "\(text.stdout)")

        let json = try await run(arguments + ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let events = try #require(object["events"] as? [[String: Any]])
        let held = try #require(events.first { $0["kind"] as? String == "held_back" })
        #expect(held["reason"] as? String == "quota_met")
        #expect(held["description"] as? String == "quota met for the week: 3 of 3")
        #expect(held["local"] as? String == "2026-11-25T19:00")
        #expect(object["verdict"] as? String == "skipped")
    }

    @Test(arguments: [
        ("Examples/plant-after-completion.yaml", "habit/fern/water", "2026-11-29T09:00", "waiting_for_completion",
         "waiting for a completion: last done 2026-11-28, next reminder 2026-12-01"),
        ("Examples/piano-vacation.yaml", "habit/piano/practice", "2026-12-24T17:00", "on_vacation", "on vacation until 2026-12-26"),
        ("Examples/water-pace.yaml", "habit/water/sips", "2026-11-23T18:00", "on_pace",
         "on pace: 7 of 8 by 18:00 (6.7 due then, 8 by 20:00)"),
    ])
    func whyNamesEachKindsReason(example: String, rule: String, at: String, reason: String, description: String) async throws {
        let json = try await run(["why", example, "--occurrence", rule, "--at", at, "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let held = (object["events"] as? [[String: Any]])?.first { $0["kind"] as? String == "held_back" }
        #expect(held?["reason"] as? String == reason, "\(json.stdout)")
        #expect(held?["description"] as? String == description, "\(json.stdout)")
    }

    // MARK: occurrences

    func occurrences(_ extra: [String], example: String = "Examples/mood-random.yaml",
                     rule: String = "habit/mood/sample") async throws -> HeraldCommandTests.Execution {
        try await run(["occurrences", "--scenario", example, "--rule", rule] + extra)
    }

    @Test func theSameSeedDrawsTheSameTimesAndAnotherSeedOthers() async throws {
        // Given the mood check-ins listed for a week with seed 7, twice, and with seed 8
        let first = try await occurrences(["--seed", "7"])
        let again = try await occurrences(["--seed", "7"])
        let other = try await occurrences(["--seed", "8"])
        #expect(first.status == 0, "\(first.stderr)")

        // Then seed 7 gives the same listing twice, and seed 8 other times
        #expect(first.stdout == again.stdout)
        #expect(first.stdout != other.stdout)
        let lines = first.stdout.split(separator: "\n")
        #expect(lines.first == "habit/mood/sample: random times: 2 a day from 10:00 to 16:00, at least 60 min apart, drawn with seed 7 on the days the schedule fires")
        // Two draws a day for the scenario's 7 days, Herald's draws for seed 7
        let scenario = try makeExample("mood-random.yaml")
        let random = try #require(scenario.entities[0].rules[0].randomTimes)
        let expected = (0..<7).flatMap { offset in
            let day = scenario.start.date.adding(days: offset)
            return random.draws(on: day, rule: Self.mood, seed: 7).map { LocalDateTime(date: day, time: $0).description }
        }
        #expect(lines.dropFirst().map { String($0.prefix(16)) } == expected)
    }

    @Test func withoutSeedTheScenariosSeedDraws() async throws {
        let scenariosOwn = try await occurrences([])
        let fortyTwo = try await occurrences(["--seed", "42"])
        #expect(scenariosOwn.stdout == fortyTwo.stdout)
        #expect(scenariosOwn.stdout.contains("drawn with seed 42"))
        // And the times are those the run delivered
        #expect(scenariosOwn.stdout.contains("2026-11-23T12:09  2026-11-23T11:09:00Z"), "\(scenariosOwn.stdout)")
    }

    @Test func theJSONListsTheNoteFirst() async throws {
        let json = try await occurrences(["--seed", "7", "--days", "1", "--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 3)
        #expect(array[0]["kind"] as? String == "random")
        #expect(array[0]["rule"] as? String == "habit/mood/sample")
        #expect((array[0]["note"] as? String)?.hasPrefix("random times: 2 a day") == true)
        #expect(array.dropFirst().allSatisfy { $0["local"] != nil && $0["utc"] != nil })
    }

    @Test func vacationsLeaveTheirDaysOut() async throws {
        let text = try await occurrences([], example: "Examples/piano-vacation.yaml", rule: "habit/piano/practice")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "habit/piano/practice: vacations (2026-12-24 to 2026-12-26) leave out 3 days: 2026-12-24 to 2026-12-26")
        // 21 December to 4 January but the 24th to the 26th: 12 days at 17:00
        #expect(lines.dropFirst().count == 12)
        #expect(!lines.contains { $0.hasPrefix("2026-12-25") })
        // The entity's own vacation, on Mondays: 28 December is left out
        let lessons = try await occurrences([], example: "Examples/piano-vacation.yaml", rule: "habit/lesson/weekly")
        #expect(lessons.stdout == """
            habit/lesson/weekly: vacations (2026-12-22 to 2027-01-03, 2026-12-24 to 2026-12-26) leave out 1 day: 2026-12-28
            2026-12-21T16:00  2026-12-21T15:00:00Z
            2027-01-04T16:00  2027-01-04T15:00:00Z

            """)
        let json = try await occurrences(["--json"], example: "Examples/piano-vacation.yaml", rule: "habit/lesson/weekly")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.first?["left_out"] as? [String] == ["2026-12-28"])
    }

    @Test(arguments: [
        ("Examples/gym-quota.yaml", "habit/gym/evening",
         "habit/gym/evening: quota: 3 completed days a week (weeks from monday); the rest of a week is left out once met, which depends on the completions: the declared schedule is listed", 9),
        ("Examples/plant-after-completion.yaml", "habit/fern/water",
         "habit/fern/water: after_completion: every 3 days counted from the last completion, which depends on the completions: the declared schedule from 2026-11-23 is listed", 4),
        ("Examples/water-pace.yaml", "habit/water/sips",
         "habit/water/sips: pace: 8 by 20:00, reminding only while behind, which depends on the progress the app reports: the declared schedule is listed", 14),
    ])
    func whatDependsOnTheUserIsListedAsDeclared(example: String, rule: String, note: String, count: Int) async throws {
        let text = try await occurrences([], example: example, rule: rule)
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == note)
        #expect(lines.count == count + 1, "\(text.stdout)")
    }

    @Test(arguments: [
        (["occurrences", "FREQ=DAILY", "--zone", "UTC", "--from", "2026-01-01", "--seed", "7"], 64,
         "--seed goes with --scenario"),
        (["occurrences", "--scenario", "Examples/mood-random.yaml"], 64, "--scenario needs --rule namespace/entity/rule"),
        (["occurrences", "FREQ=DAILY", "--scenario", "Examples/mood-random.yaml", "--rule", "habit/mood/sample"], 64,
         "give an RRULE or --scenario, not both"),
        (["occurrences", "--scenario", "Examples/mood-random.yaml", "--rule", "habit/mood/nope"], 64,
         "--rule: the scenario never mentions habit/mood/nope: give one of its rules as namespace/entity/rule (habit/mood/sample, habit/mood/weekend)"),
        (["occurrences", "--scenario", "Examples/mood-random.yaml", "--rule", "habit/mood/sample", "--days", "400"], 64,
         "--days must be 1...366 for a scenario's rule"),
        (["occurrences", "--scenario", "Examples/mood-random.yaml", "--rule", "habit/mood/sample", "--zone", "Mars/Base"], 65,
         "unknown time zone \"Mars/Base\""),
        (["occurrences", "FREQ=DAILY", "--from", "2026-01-01"], 64, "Missing expected argument '--zone <zone>'"),
        (["occurrences"], 64, "give an RRULE, or --scenario FILE with --rule namespace/entity/rule"),
    ])
    func aWrongCombinationIsRefused(arguments: [String], status: Int32, mentions: String) async throws {
        let refused = try await run(arguments)
        #expect(refused.status == status, "\(refused.stderr)")
        #expect(refused.stderr.contains(mentions), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
    }

    @Test func theListingOfARuleIsMadeFromHeraldsDraws() async throws {
        // Given the mood rule listed for 3 days from a later day in Tokyo, with seed 9
        let scenario = try makeExample("mood-random.yaml")
        let from = LocalDate(iso8601: "2027-03-01")!
        let listed = try await ScenarioRuleListing.make(scenario: scenario, rule: Self.mood,
                                                        zone: TimeZone(identifier: "Asia/Tokyo")!, from: from, days: 3, seed: 9)
        // Then it holds the draws of each day, at their wall times in Tokyo
        let random = try #require(scenario.entities[0].rules[0].randomTimes)
        let expected = (0..<3).flatMap { offset in
            random.draws(on: from.adding(days: offset), rule: Self.mood, seed: 9).map { LocalDateTime(date: from.adding(days: offset), time: $0) }
        }
        #expect(listed.listing.occurrences().map(\.local) == expected)
        #expect(listed.notes.map(\.kind) == ["random"])
    }
}
