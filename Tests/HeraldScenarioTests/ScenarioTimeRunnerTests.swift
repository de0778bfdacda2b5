import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// Time moving under the scenario's app: day changes at the exact instant in the
/// foreground and when a suspended app next runs, zone changes, the clock set back and
/// forward, completions recorded at given times.
struct ScenarioTimeRunnerTests {
    /// A run of inline YAML (after the standard header), with the store it used.
    func makeRun(_ body: String, days: Int? = nil) async throws -> (result: ScenarioResult, store: InMemoryEngineStore) {
        let store = InMemoryEngineStore()
        let result = try await ScenarioRunner(scenario: makeScenario(body: body), days: days, store: store).run()
        return (result, store)
    }

    /// The scenario's events as the timeline records them: `local description (note)`.
    func events(_ result: ScenarioResult) -> [String] {
        result.timeline.compactMap { entry in
            guard case .event(let event) = entry else { return nil }
            return "\(event.local) \(event.action)" + (event.note.map { " (\($0))" } ?? "")
        }
    }

    /// On screen, where the app hears of each time change at its instant.
    static let floatingAndPinned = """
        app: foreground
        days: 2
        entities:
          - {id: water, title: Water, rules: [{id: r, daily: ["09:00"]}]}
          - {id: pills, title: Pills, rules: [{id: r, daily: ["21:00"], zone: Europe/Berlin}]}

        """

    @Test func travelKeepsFloatingWallTimesAndPinnedInstants() async throws {
        // Given a floating 09:00 and a 21:00 pinned to Berlin, and the phone in New York from Saturday noon
        let (result, _) = try await makeRun(Self.floatingAndPinned + """
            events:
              - {at: 2026-11-21T12:00, zone: America/New_York}

            """)

        // Then the zone change re-plans with its reason, at the instant, in the new zone's time
        let travel = try #require(result.reconciles.first { $0.reasons == ["time zone changed"] })
        #expect(travel.local == LocalDateTime(parsing: "2026-11-21T06:00"))
        // And pills keep 21:00 Berlin (15:00 in New York); water keeps 09:00, in New York time once there
        let delivered = result.deliveries.map { "\($0.title) \($0.local)" }
        #expect(delivered == [
            "Water 2026-11-21T09:00", "Pills 2026-11-21T15:00", "Water 2026-11-22T09:00", "Pills 2026-11-22T15:00",
        ])
        #expect(result.deliveries.map(\.date).map(TimeTextProbe.utc) == [
            "2026-11-21T08:00:00Z", "2026-11-21T20:00:00Z", "2026-11-22T14:00:00Z", "2026-11-22T20:00:00Z",
        ])
        // And the day changes at New York's midnight
        let midnights = result.reconciles.filter { $0.reasons == ["day changed"] }.map(\.local.description)
        #expect(midnights == ["2026-11-22T00:00", "2026-11-23T00:00"])
        #expect(result.deviceZones().end.identifier == "America/New_York")
    }

    @Test func clockSetBackFiresNothingTwice() async throws {
        // Given the 09:00 delivered and the clock set back to 08:00 at 09:30
        let (result, _) = try await makeRun(Self.floatingAndPinned + """
            events:
              - {at: 2026-11-21T09:30, clock: 2026-11-21T08:00}

            """, days: 1)

        // Then the re-plan says why, and 09:00 does not come again
        let jump = try #require(result.reconciles.first { $0.reasons == ["significant time change"] })
        #expect(jump.local == LocalDateTime(parsing: "2026-11-21T08:00"))
        #expect(result.deliveries.filter { $0.title == "Water" }.map(\.local.description) == ["2026-11-21T09:00"])
        #expect(events(result) == ["2026-11-21T09:30 the user sets the clock to 2026-11-21 08:00 (back 1 h 30 min)"])
    }

    @Test func clockSetForwardDeliversWhatBecameOverdueOnce() async throws {
        // Given the clock set forward from 08:30 over the 09:00 reminder
        let (result, _) = try await makeRun("""
            app: foreground
            entities: [{id: water, title: Water, rules: [{id: r, daily: ["09:00"]}]}]
            events:
              - {at: 2026-11-21T08:30, clock: 2026-11-21T10:00}

            """)

        // Then it fires once, at the new time, and the app re-plans
        let water = result.deliveries.filter { $0.title == "Water" }
        #expect(water.map(\.local.description) == ["2026-11-21T10:00"])
        #expect(result.reconciles.contains { $0.reasons == ["significant time change"] })
    }

    // MARK: Suspension and background refresh

    @Test func aSuspendedAppHearsOfTheNewDayOnlyWhenItNextRuns() async throws {
        // Given the app in the background (suspended), a background refresh on Sunday
        // morning and the user opening it on Monday at 10:00
        let (result, _) = try await makeRun("""
            days: 3
            entities: [{id: water, title: Water, rules: [{id: r, daily: ["09:00"]}]}]
            events:
              - {at: 2026-11-22T07:00, refresh}
              - {at: 2026-11-23T10:00, foreground}

            """)

        // Then no midnight reaches it while suspended: Sunday's at the refresh, Monday's
        // when it comes to the foreground (before it becomes active); Tuesday's, on
        // screen, at the instant
        #expect(result.reconciles.map { "\($0.local) \($0.reasons.joined(separator: ", "))" } == [
            "2026-11-21T08:00 launch",
            "2026-11-22T07:00 day changed", "2026-11-22T07:00 background refresh",
            "2026-11-23T10:00 day changed", "2026-11-23T10:00 foreground",
            "2026-11-24T00:00 day changed",
        ])
        #expect(result.lifecycle.map { "\($0.local) \($0.change)" } == [
            "2026-11-21T08:00 launched into the background", "2026-11-21T08:00 app ready",
            "2026-11-23T10:00 became active",
        ])
        #expect(result.timeline.compactMap { entry -> String? in
            guard case .event(let event) = entry else { return nil }
            return "\(event.local) \(event.action.kind) \(event.note ?? "-")"
        } == ["2026-11-22T07:00 refresh -"])
    }

    @Test func aRefreshLaunchesAStoppedAppIntoTheBackground() async throws {
        // Given the app not running, and a background refresh on Sunday at 06:00
        let (result, _) = try await makeRun("""
            app: not-running
            entities: [{id: water, title: Water, rules: [{id: r, daily: ["09:00"]}]}]
            events:
              - {at: 2026-11-22T06:00, refresh}

            """)

        // Then the system launches it into the background, it plans, and it refreshes
        #expect(result.lifecycle.map { "\($0.local) \($0.change)" } == [
            "2026-11-21T08:00 launched into the background", "2026-11-21T08:00 app ready",
            "2026-11-21T08:00 terminated",
            "2026-11-22T06:00 launched into the background", "2026-11-22T06:00 app ready",
        ])
        #expect(result.reconciles.map { "\($0.local) \($0.reasons.joined(separator: ", "))" } == [
            "2026-11-21T08:00 launch", "2026-11-22T06:00 launch", "2026-11-22T06:00 background refresh",
        ])
        let note = result.timeline.compactMap { entry -> String? in
            if case .event(let event) = entry { event.note } else { nil }
        }
        #expect(note == ["the app is not running: launched into the background"])
    }

    @Test func aRefreshInTheForegroundCannotHappen() async throws {
        let scenario = try makeScenario(body: """
            app: foreground
            entities: []
            events:
              - {at: 2026-11-21T09:00, refresh}

            """)

        let error = await #expect(throws: ScenarioError.self) { try await ScenarioRunner(scenario: scenario).run() }

        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let nine = try #require(ISO8601DateFormatter().date(from: "2026-11-21T08:00:00Z"))
        #expect(error?.code == .impossibleEvent)
        #expect(error?.line == 7)
        #expect(error?.field == "events[0].refresh")
        #expect(error?.message == "at 2026-11-21 09:00 \(berlin.abbreviation(for: nine) ?? ""): the app is in the foreground, and the system refreshes only an app in the background or not running (add a background event before it)")
    }

    @Test func aPausedRunKeepsWhatTheSuspendedAppWasNotToldYet() async throws {
        // Given a run paused on Sunday at 08:00, with Sunday's midnight not told to the
        // suspended app, and the user opening it at 09:30
        let scenario = try makeScenario(body: """
            days: 2
            entities: [{id: water, title: Water, rules: [{id: r, daily: ["09:00"]}]}]
            events:
              - {at: 2026-11-22T09:30, foreground}

            """)
        let store = InMemoryEngineStore()
        let first = try await ScenarioRunner(scenario: scenario, days: 1, store: store).play(from: nil)
        #expect(first.checkpoint.pendingTimeChanges == [.dayChanged])

        // When the rest is played from the checkpoint
        let rest = try await ScenarioRunner(scenario: scenario, days: 1, store: store).play(from: first.checkpoint)

        // Then the resumed app hears of the day change when it comes to the foreground,
        // as in one uninterrupted run
        #expect(rest.result.reconciles.map { "\($0.local) \($0.reasons.joined(separator: ", "))" } == [
            "2026-11-22T09:30 day changed", "2026-11-22T09:30 foreground", "2026-11-23T00:00 day changed",
        ])
        let once = try await ScenarioRunner(scenario: scenario).run()
        #expect(first.result.reconciles + rest.result.reconciles == once.reconciles)
    }

    @Test func completionIsRecordedWhenItWasDone() async throws {
        // Given water logged at 10:00 as done at 07:45, and done again the next day at the event's time
        let (_, store) = try await makeRun("""
            days: 2
            entities: [{id: water, title: Water, rules: [{id: r, daily: ["08:00"]}]}]
            events:
              - {at: 2026-11-21T10:00, complete: {entity: water, at: 2026-11-21T07:45}}
              - {at: 2026-11-22T09:00, complete: water}

            """)

        // Then the history holds both times, for smart timing
        let completions = store.load().completions.values.sorted { $0.date < $1.date }
        #expect(completions.map { TimeTextProbe.utc($0.date) } == ["2026-11-21T06:45:00Z", "2026-11-22T08:00:00Z"])
        #expect(completions.map(\.day.description) == ["2026-11-21", "2026-11-22"])
    }

    @Test func completionWhileNotRunningKeepsItsTimeToo() async throws {
        let (result, store) = try await makeRun("""
            app: not-running
            entities: [{id: water, title: Water, rules: [{id: r, daily: ["08:00"]}]}]
            events:
              - {at: 2026-11-21T10:00, complete: {entity: water, at: 2026-11-20T22:15}}

            """)

        let completion = try #require(store.load().completions.values.first)
        #expect(TimeTextProbe.utc(completion.date) == "2026-11-20T21:15:00Z")
        #expect(completion.day.description == "2026-11-20")
        #expect(events(result) == [
            "2026-11-21T10:00 complete habit/water, done at 2026-11-20 22:15 (the app is not running: saved; Herald catches up at the next launch)",
        ])
    }

    /// Around Berlin's spring-forward night the day still changes once, at midnight,
    /// and each daily occurrence fires once, also the one in the missing hour.
    @Test func dayChangesAtTheExactInstantAcrossDST() async throws {
        let scenario = try Scenario(yaml: """
            name: DST
            zone: Europe/Berlin
            start: 2026-03-28T12:00
            days: 2
            app: foreground
            entities: [{id: a, title: A, rules: [{id: r, daily: ["02:30", "09:00"]}]}]

            """)
        let result = try await ScenarioRunner(scenario: scenario).run()

        #expect(result.reconciles.filter { $0.reasons == ["day changed"] }.map { TimeTextProbe.utc($0.date) }
            == ["2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z"])
        // 02:30 does not exist on the 29th: it comes at 03:30 CEST, the instant the gap moves it to
        #expect(result.deliveries.map { TimeTextProbe.utc($0.date) } == [
            "2026-03-29T01:30:00Z", "2026-03-29T07:00:00Z", "2026-03-30T00:30:00Z", "2026-03-30T07:00:00Z",
        ])
    }

    @Test func aJSONEventSaysWhereTheDeviceWentAndWhatTheClockWasSetTo() async throws {
        let (result, _) = try await makeRun(Self.floatingAndPinned + """
            events:
              - {at: 2026-11-21T09:00, clock: 2026-11-21T08:30}
              - {at: 2026-11-21T12:00, zone: Asia/Tokyo}

            """)

        let objects = try result.jsonLines().split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let events = objects.filter { $0["type"] as? String == "event" }
        #expect(events.compactMap { $0["clock"] as? String } == ["2026-11-21T08:30"])
        #expect(events.compactMap { $0["zone"] as? String } == ["Asia/Tokyo"])
        let reasons = objects.filter { $0["type"] as? String == "reconcile" }.compactMap { $0["reasons"] as? [String] }
        #expect(reasons.contains(["significant time change"]))
        #expect(reasons.contains(["time zone changed"]))
        #expect(objects.last?["device_zone"] as? String == "Asia/Tokyo")
    }
}

/// UTC text for instants in expectations.
enum TimeTextProbe {
    static func utc(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
