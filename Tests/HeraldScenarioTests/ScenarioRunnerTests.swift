import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

struct ScenarioRunnerTests {
    /// A run of `scenario` (or of the seed-004 example).
    func makeResult(_ scenario: Scenario? = nil, days: Int? = nil) async throws -> ScenarioResult {
        try await ScenarioRunner(scenario: scenario ?? makeExample("seed-004-badges.yaml"), days: days).run()
    }

    @Test func seed004BadgesCountFromOneDespiteYesterdaysNotifications() async throws {
        // Given a habit with three reminders a minute apart and two of yesterday's still delivered
        let scenario = try makeExample("seed-004-badges.yaml")
        #expect(scenario.delivered.count == 2)

        // When the day plays
        let result = try await makeResult(scenario)

        // Then today's reminders carry badges 1, 2, 3 in fire order (not 3, 4, 5)
        let today = result.deliveries.filter { !$0.beforeStart }
        #expect(today.map(\.badge) == [1, 2, 3])
        #expect(today.map(\.local.time.description) == ["09:00", "09:01", "09:02"])
        #expect(result.deliveries.filter(\.beforeStart).count == 2)
        #expect(result.summary.delivered == 3)
    }

    @Test func launchComesFirstAndTheMorningRefreshBringsTheNewDay() async throws {
        let result = try await makeResult()

        // The app is suspended at midnight; the 07:00 background refresh tells it the
        // day changed, then refreshes.
        #expect(result.reconciles.map { "\($0.local) \($0.reasons.joined(separator: ", "))" } == [
            "2026-11-21T08:00 launch", "2026-11-22T07:00 day changed", "2026-11-22T07:00 background refresh",
        ])
        #expect(result.timeline.map(\.date) == result.timeline.map(\.date).sorted())
    }

    @Test func endsWithOnlyPlannedRequestsPending() async throws {
        // Given the seed-004 day, run to its end
        let result = try await makeResult()

        // Then what is pending is exactly the last plan: nothing unexpected is left
        let lastPlanned = try #require(result.reconciles.last?.planned)
        #expect(result.summary.pending == lastPlanned)
        #expect(result.summary.cuts == 0)
        let horizon = try #require(result.summary.coverageHorizon)
        #expect(result.summary.horizonEnd.map { horizon >= $0 } == true)
    }

    @Test func completionStopsTheDaysRemindersAndRenumbers() async throws {
        // Given three reminders and a completion after the first
        let scenario = try makeScenario(body: """
            entities:
              - id: a
                title: A
                rules: [{id: r, daily: ["09:00", "09:01", "09:02"]}]
              - id: b
                title: B
                rules: [{id: r, daily: ["09:03"]}]
            events:
              - {at: 2026-11-21T09:00:30, complete: a}
            """)

        // When it runs
        let result = try await makeResult(scenario)

        // Then a's later reminders never fire and b's badge counts only what is outstanding
        let delivered = result.deliveries.map { "\($0.title)\($0.badge ?? 0)" }
        #expect(delivered == ["A1", "B1"])
        #expect(result.timeline.contains { if case .event(let event) = $0 { event.action.kind == "complete" } else { false } })
    }

    @Test func pauseDeleteAndEditChangeWhatFires() async throws {
        let scenario = try makeScenario(body: """
            days: 2
            entities:
              - {id: a, title: A, rules: [{id: r, daily: ["09:00"]}]}
              - {id: b, title: B, rules: [{id: r, daily: ["10:00"]}]}
            events:
              - {at: 2026-11-21T08:30, pause: a}
              - {at: 2026-11-21T08:31, delete: b}
              - at: 2026-11-21T08:32
                edit: {id: c, title: C, rules: [{id: r, once: 2026-11-21T11:00}]}
              - {at: 2026-11-21T12:00, resume: a}
            """)

        let result = try await makeResult(scenario)

        #expect(result.deliveries.map(\.title) == ["C", "A"])
        #expect(result.deliveries.last?.local == LocalDateTime(parsing: "2026-11-22T09:00"))
    }

    @Test func importReplacesTheNamespace() async throws {
        let scenario = try makeScenario(body: """
            entities:
              - {id: a, title: A, rules: [{id: r, daily: ["09:00"]}]}
            events:
              - {at: 2026-11-21T08:30, import: [{id: z, title: Z, rules: [{id: r, daily: ["09:30"]}]}]}
            """)

        let result = try await makeResult(scenario)

        #expect(result.deliveries.map(\.title) == ["Z"])
        #expect(result.reconciles.map(\.reasons).contains(["replaced all habit"]))
    }

    @Test func isDeterministic() async throws {
        let first = try await makeResult(makeExample("habits.yaml"))
        let second = try await makeResult(makeExample("habits.yaml"))
        #expect(first.jsonLines() == second.jsonLines())
    }

    @Test func jsonLinesDecodeWithUTCInstants() async throws {
        // When the seed-004 run is printed as JSON Lines
        let lines = try await makeResult().jsonLines().split(separator: "\n")

        // Then every line is an object with a type, entries carry utc and local, and a summary ends it
        let objects = try lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(objects.last?["type"] as? String == "summary")
        for object in objects.dropLast() {
            let utc = try #require(object["utc"] as? String)
            #expect(utc.hasSuffix("Z") && utc.count == 20)
            #expect(object["local"] is String)
        }
        let deliveries = objects.filter { $0["type"] as? String == "delivery" && $0["already_delivered"] == nil }
        #expect(deliveries.compactMap { $0["badge"] as? Int } == [1, 2, 3])
        #expect(deliveries.first?["utc"] as? String == "2026-11-21T08:00:00Z")
        #expect(deliveries.first?["local"] as? String == "2026-11-21T09:00")
    }

    @Test func textAlignsOneLinePerEntryThenSummary() async throws {
        let result = try await makeResult()
        let lines = result.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

        // Yesterday's two, then today's three numbered from one, one column each
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let cet = berlin.abbreviation(for: Date(timeIntervalSince1970: 1_795_248_000)) ?? ""   // 2026-11-21T08:00Z
        let identifier = "herald:reminder:habit:meditate:reminders:"
        #expect(lines.filter { $0.contains("  delivery  ") } == [
            "2026-11-20 09:00 \(cet)  delivery   badge 1   Meditate  \(identifier)20261120T0900  (already delivered at start)",
            "2026-11-20 09:01 \(cet)  delivery   badge 2   Meditate  \(identifier)20261120T0901  (already delivered at start)",
            "2026-11-21 09:00 \(cet)  delivery   badge 1   Meditate  \(identifier)20261121T0900  [banner, list, sound, badge; background]",
            "2026-11-21 09:01 \(cet)  delivery   badge 2   Meditate  \(identifier)20261121T0901  [banner, list, sound, badge; background]",
            "2026-11-21 09:02 \(cet)  delivery   badge 3   Meditate  \(identifier)20261121T0902  [banner, list, sound, badge; background]",
        ])
        // Three a day for the 14 days from the refresh on the 22nd at 07:00 are pending;
        // nothing is outstanding that day, so the badge is 0.
        let summary = try #require(lines.firstIndex(of: "Summary"))
        #expect(Array(lines[summary...]) == [
            "Summary",
            "  delivered           3",
            "  still in the list   5",
            "  pending at the end  42",
            "  app badge           0",
            "  reconciles          3",
            "  routes              0",
            "  coverage horizon    2026-12-06 07:00 \(cet) (the whole horizon)",
            // Nothing cut, so without the app reminders fire to the horizon's end; the
            // content depends on the day, so the refresh is due at the next midnight.
            "  guaranteed coverage 2026-12-06 07:00 \(cet)",
            "  refresh deadline    2026-11-23 00:00 \(cet)",
            "  cut occurrences     0",
            "  dropped requests    0",
            "",
        ])
    }

    @Test func shorterRunSkipsLaterEvents() async throws {
        let scenario = try makeExample("habits.yaml")
        let result = try await makeResult(scenario, days: 1)

        #expect(result.end == LocalDateTime(parsing: "2026-11-22T08:00"))
        let events = result.timeline.filter { if case .event = $0 { true } else { false } }
        #expect(events.count == 2)
    }
}
