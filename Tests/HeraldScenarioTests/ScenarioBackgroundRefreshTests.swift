import Foundation
import Herald
import HeraldScenario
import Testing

/// `background_refresh`: whether and when the system runs the background refresh the
/// app asks for, against deliveries worked out by hand.
///
/// Ten habits with reminders at 09:00 and 21:00 from Saturday 2026-11-21 08:00 in Berlin,
/// for 7 days; the app is launched into the background at the start and never opened.
/// Each plan holds 54 of the 20 occurrences a day (budget 64 - reserve 10): the rest of
/// its first day, the next and 14 of the third (10 at 09:00, 4 at 21:00), so it covers
/// until 21:00 on its third day. Content depends on the day (the default), so the
/// deadline is the next midnight and the app asks for a refresh from 00:05.
@Suite struct ScenarioBackgroundRefreshTests {
    func makeResult(_ mode: String?) async throws -> ScenarioResult {
        let body = "days: 7\n" + (mode.map { "background_refresh: \($0)\n" } ?? "") + "entities:\n" + (0..<10).map { index in
            "  - {id: h\(index), title: Habit \(index), rules: [{id: r, daily: [\"09:00\", \"21:00\"]}]}\n"
        }.joined()
        return try await ScenarioRunner(scenario: try makeScenario(body: body)).run()
    }

    /// Deliveries per local day, `2026-11-21` → count.
    func perDay(_ result: ScenarioResult) -> [String: Int] {
        Dictionary(grouping: result.deliveries, by: { "\($0.local.date)" }).mapValues(\.count)
    }

    /// The local times of the refreshes the system ran for the app's requests.
    func requestedRefreshes(_ result: ScenarioResult) -> [String] {
        result.timeline.compactMap { entry in
            guard case .event(let event) = entry, event.action == .refresh else { return nil }
            return event.local.description
        }
    }

    @Test func withNoRefreshRemindersStopWhereTheLaunchPlanEnds() async throws {
        // Given the default (never), and the same said explicitly
        for mode in [nil, "never"] {
            let result = try await makeResult(mode)

            // Then the 54 planned at launch fire and nothing after Monday 21:00
            #expect(result.summary.delivered == 54)
            #expect(perDay(result) == ["2026-11-21": 20, "2026-11-22": 20, "2026-11-23": 14])
            #expect(requestedRefreshes(result).isEmpty)
        }
    }

    @Test func aRefreshAtTheEarliestDateKeepsEveryReminder() async throws {
        let result = try await makeResult("at_earliest")

        // Then a refresh runs at 00:05 each night, and all 7 × 20 reminders fire
        #expect(requestedRefreshes(result) == (22...28).map { "2026-11-\($0)T00:05" })
        #expect(result.summary.delivered == 140)
        #expect(perDay(result) == Dictionary(uniqueKeysWithValues: (21...27).map { ("2026-11-\($0)", 20) }))
    }

    @Test func aRefreshTwoDaysLateMissesTheEndsOfCoverage() async throws {
        // Given the system running each request 48 h after its earliest begin date
        let result = try await makeResult("{after_minutes: 2880}")

        // Then the launch's request (Sunday 00:05) runs on Tuesday 00:05 and that
        // run's (Wednesday 00:05) on Friday 00:05; Friday's (Saturday 00:05) would run
        // after the end. Each plan covers until 21:00 on its third day, so 6 reminders
        // are missed on Monday at 21:00 and 6 on Thursday at 21:00: 140 - 12 = 128.
        #expect(requestedRefreshes(result) == ["2026-11-24T00:05", "2026-11-27T00:05"])
        #expect(result.summary.delivered == 128)
        #expect(perDay(result) == ["2026-11-21": 20, "2026-11-22": 20, "2026-11-23": 14, "2026-11-24": 20,
                                   "2026-11-25": 20, "2026-11-26": 14, "2026-11-27": 20])
    }

    @Test func aRunCausedByACompletionAsksForTheNextRefreshToo() async throws {
        // Given the system running each request 48 h late, and a habit completed on
        // Monday 10:00 while the app is in the background (a data change, no lifecycle call)
        let body = "days: 7\nbackground_refresh: {after_minutes: 2880}\nentities:\n" + (0..<10).map { index in
            "  - {id: h\(index), title: Habit \(index), rules: [{id: r, daily: [\"09:00\", \"21:00\"]}]}\n"
        }.joined() + "events:\n  - {at: 2026-11-23T10:00, complete: h0}\n"
        let result = try await ScenarioRunner(scenario: try makeScenario(body: body)).run()

        // Then the completion's run replaced the launch's request (Sunday 00:05, due on
        // Tuesday 00:05) with its own: the next midnight's, Tuesday 00:05, run 48 h later
        // on Thursday 00:05; that run's request (Friday 00:05) would run on Sunday 00:05,
        // after the end (Saturday 08:00)
        #expect(requestedRefreshes(result) == ["2026-11-26T00:05"])
    }

    @Test func aResumedRunKeepsThePendingRequest() async throws {
        // Given the at_earliest week played as 2 days to Monday 08:00, paused (Monday
        // 00:05's refresh ran; its request for Tuesday 00:05 is pending), then the other
        // 5 from the checkpoint
        let body = "days: 7\nbackground_refresh: at_earliest\nentities:\n" + (0..<10).map { index in
            "  - {id: h\(index), title: Habit \(index), rules: [{id: r, daily: [\"09:00\", \"21:00\"]}]}\n"
        }.joined()
        let store = InMemoryEngineStore()
        let first = try await ScenarioRunner(scenario: try makeScenario(body: body), days: 2, store: store).play(from: nil)
        let request = try #require(first.checkpoint.refreshRequest)
        #expect(request == ZoneConverter.for(TimeZone(identifier: "Europe/Berlin")!)
            .instant(for: LocalDateTime(parsing: "2026-11-24T00:05")!).date)
        let rest = try await ScenarioRunner(scenario: try makeScenario(body: body), days: 5, store: store)
            .play(from: first.checkpoint)

        // Then together they deliver what the one run delivers
        #expect(first.result.summary.delivered + rest.result.summary.delivered == 140)
        #expect(requestedRefreshes(rest.result).first == "2026-11-24T00:05")
    }

    @Test func aQuitAppGetsNoRefresh() async throws {
        // Given a user who quits the app on Saturday at noon
        let body = """
            days: 3
            background_refresh: at_earliest
            app: foreground
            entities:
              - {id: h, title: H, rules: [{id: r, daily: ["09:00"]}]}
            events:
              - {at: 2026-11-21T12:00, terminate}
            """
        let result = try await ScenarioRunner(scenario: try makeScenario(body: body)).run()

        // Then iOS runs no background task for it: no refresh
        #expect(requestedRefreshes(result).isEmpty)
    }

    @Test(arguments: [
        ("background_refresh: sometimes", 4, 21, #""sometimes" is not a background refresh mode (expected never or at_earliest)"#),
        ("background_refresh: {after_minutes: 0}", 4, 37, "0 is out of range"),
        ("background_refresh: {after_minutes: 10081}", 4, 37, "10081 is out of range"),
        ("background_refresh: {after: 2h}", 4, 22, "after"),
        ("background_refresh: [at_earliest]", 4, 21, "expected a background refresh mode (never, at_earliest, or {after_minutes: N})"),
    ])
    func aBadModeIsLocated(line: String, row: Int, column: Int, message: String) {
        let error = parseError(ScenarioFixtures.header + line + "\n")
        #expect(error?.description.hasPrefix("test.yaml:\(row):\(column): ") == true, "\(String(describing: error))")
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
    }

    @Test func theModeIsRead() throws {
        #expect(try makeScenario(body: "").backgroundRefresh == .never)
        #expect(try makeScenario(body: "background_refresh: at_earliest\n").backgroundRefresh == .atEarliest)
        #expect(try makeScenario(body: "background_refresh: {after_minutes: 120}\n").backgroundRefresh == .after(7_200))
    }
}
