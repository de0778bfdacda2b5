import Foundation
import Testing

/// A scenario played in parts with `herald simulate --state` (two 1-day runs) gives what
/// one 2-day run gives: a rule's `quiet_hours: ignore` still holds when the resumed part
/// plans again (its 05:45 reminder is not deferred to the 07:00 end of the quiet hours),
/// and the reconcile line's urgency forecast, shown once by one run, is not shown again by
/// the resumed part. Expectations are worked by hand from the scenarios below.
struct ScenarioSplitRunTests {
    let command = HeraldCommandTests()

    /// The scenario written to a file of its own (the command reads a path), and a way to
    /// remove it.
    func makeFile(_ body: String) throws -> (path: String, remove: @Sendable () -> Void) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-split-\(UUID().uuidString).yaml").path
        try (ScenarioFixtures.header + body).write(toFile: path, atomically: true, encoding: .utf8)
        return (path, { try? FileManager.default.removeItem(atPath: path) })
    }

    /// The scenario as one 2-day run, and as two 1-day parts on one state file.
    func play(_ path: String) async throws -> (once: HeraldCommandTests.Execution, parts: [HeraldCommandTests.Execution]) {
        let state = command.makeStatePath()
        defer { state.remove() }
        let once = try await command.makeExecution(["simulate", path, "--days", "2"])
        let first = try await command.makeExecution(["simulate", path, "--days", "1", "--state", state.path])
        let second = try await command.makeExecution(["simulate", path, "--days", "1", "--state", state.path])
        for run in [once, first, second] { #expect(run.status == 0, "\(run.stderr)") }
        return (once, [first, second])
    }

    /// The timeline's event lines: those that start with their date (not the title line,
    /// which names each part's own start and end, nor the summary, which is each part's).
    func events(_ run: HeraldCommandTests.Execution) -> [String] {
        run.stdout.split(separator: "\n").filter { $0.hasPrefix("2026-") }.map(String.init)
    }

    /// A line's words, one space apart (the columns' widths depend on the whole timeline).
    func words(_ line: String) -> String { line.split(separator: " ").joined(separator: " ") }

    /// The delivery lines, word by word.
    func deliveries(_ lines: [String]) -> [String] {
        lines.filter { $0.contains("  delivery  ") }.map(words)
    }

    // MARK: - quiet_hours: ignore across a state file

    /// Quiet hours 22:00–07:00; `run/train` at 05:45 ignores them, `water/early` at 06:30
    /// observes them. The app is opened on day 2 at 20:00, so the resumed part plans
    /// again from the rules in the state file before day 2's 05:45.
    static let quietHours = """
        days: 2
        planner: {quiet_hours: {from: "22:00", to: "07:00"}}
        entities:
          - id: run
            title: Run
            rules:
              - {id: train, daily: ["05:45"], quiet_hours: ignore}
          - id: water
            title: Water
            rules:
              - {id: early, daily: ["06:30"]}
        events:
          - {at: 2026-11-22T20:00, foreground}
          - {at: 2026-11-22T20:01, background}
        """

    @Test func aResumedRunKeepsARulesQuietHoursIgnore() async throws {
        // Given the scenario as one 2-day run and as two 1-day parts
        let file = try makeFile(Self.quietHours)
        defer { file.remove() }
        let (once, parts) = try await play(file.path)

        // Then, worked by hand: the run starts Saturday 2026-11-21 08:00, after that
        // day's 05:45 and 06:30, so the first reminders are Sunday's. 05:45 ignores the
        // quiet hours and comes at its time; 06:30 is inside them and waits for their end,
        // 07:00 the same day (not past its day, so kept), alone (no other reminder is
        // deferred with it), under its own identifier. Badges count what is outstanding
        // today (the planner's default, badge: outstanding): 05:45 is the day's first (1),
        // 07:00 the second with 05:45 undone (2); Monday starts again at 1 (notifications
        // of earlier days are not counted). Monday 05:45 ("day 2" of the run, the first
        // reminder of the resumed part) comes at 05:45, not in a 07:00 group.
        let tail = "[banner, list, sound, badge; background]"
        let expected = [
            "2026-11-22 05:45 GMT+1 delivery badge 1 Run herald:reminder:habit:run:train:20261122T0545 \(tail)",
            "2026-11-22 07:00 GMT+1 delivery badge 2 Water herald:reminder:habit:water:early:20261122T0630 \(tail)",
            "2026-11-23 05:45 GMT+1 delivery badge 1 Run herald:reminder:habit:run:train:20261123T0545 \(tail)",
            "2026-11-23 07:00 GMT+1 delivery badge 2 Water herald:reminder:habit:water:early:20261123T0630 \(tail)",
        ]
        #expect(deliveries(events(once)) == expected)
        #expect(deliveries(events(parts[0])) == Array(expected[0...1]))
        #expect(deliveries(events(parts[1])) == Array(expected[2...3]))

        // And the resumed part did plan again (the day-2 20:00 reconciles) before Monday's
        // 05:45, so the rule's choice was read back from the state file
        let resumedReconciles = events(parts[1]).filter { $0.contains("  reconcile  ") }.map(words)
        #expect(resumedReconciles.map { $0.split(separator: ":").prefix(2).joined(separator: ":") } == [
            "2026-11-22 20:00 GMT+1 reconcile day changed",
            "2026-11-22 20:00 GMT+1 reconcile foreground",
        ])

        // And the split run's whole timeline is the single run's
        #expect(events(parts[0]) + events(parts[1]) == events(once))
    }

    // MARK: - The urgency forecast across a state file

    /// The pill rule asks an alarm, else critical, else time-sensitive; the scenario has
    /// no alarm channel (it does not mention alarms) and critical alerts are off by
    /// default, so it comes time-sensitive. The app is opened on day 2 at 12:00: the
    /// resumed part reconciles with the same forecast.
    static let urgency = """
        days: 2
        entities:
          - id: pills
            title: Evening pills
            rules:
              - {id: evening, daily: ["21:00"], urgency: alarm, fallback: [critical, time_sensitive]}
          - id: water
            title: Water
            rules:
              - {id: morning, daily: ["09:00"], urgency: passive}
        events:
          - {at: 2026-11-22T12:00, foreground}
          - {at: 2026-11-22T12:01, background}
        """

    @Test func aResumedRunDoesNotRepeatTheUrgencyForecast() async throws {
        // Given the scenario as one 2-day run and as two 1-day parts
        let file = try makeFile(Self.urgency)
        defer { file.remove() }
        let (once, parts) = try await play(file.path)

        // Then, worked by hand: the forecast is on the launch reconcile (Saturday 08:00)
        // and nowhere else: the day-2 reconciles forecast the same, so say nothing, in
        // one run and in the resumed part alike
        let forecast = "; urgency: habit/pills/evening: time-sensitive (alarm: no alarms; critical: not allowed)"
        let forecasts = { (run: HeraldCommandTests.Execution) in self.events(run).filter { $0.contains("; urgency: ") } }
        #expect(forecasts(once).count == 1)
        #expect(forecasts(once).first.map { $0.hasPrefix("2026-11-21 08:00 GMT+1  reconcile  launch: ") && $0.hasSuffix(forecast) } == true)
        #expect(forecasts(parts[0]).count + forecasts(parts[1]).count == forecasts(once).count)
        #expect(forecasts(parts[1]).isEmpty)

        // And the deliveries: water at 09:00 passive, the pill at 21:00 time-sensitive,
        // each day; badges count today's outstanding (09:00 is 1, 21:00 is 2 with the
        // water undone), Sunday again from 1
        let tail = "[banner, list, sound, badge; background]"
        #expect(deliveries(events(once)) == [
            "2026-11-21 09:00 GMT+1 delivery badge 1 Water herald:reminder:habit:water:morning:20261121T0900 \(tail) (passive)",
            "2026-11-21 21:00 GMT+1 delivery badge 2 Evening pills herald:reminder:habit:pills:evening:20261121T2100 \(tail) (time-sensitive)",
            "2026-11-22 09:00 GMT+1 delivery badge 1 Water herald:reminder:habit:water:morning:20261122T0900 \(tail) (passive)",
            "2026-11-22 21:00 GMT+1 delivery badge 2 Evening pills herald:reminder:habit:pills:evening:20261122T2100 \(tail) (time-sensitive)",
        ])

        // And the text timelines' event lines are the same, line for line: only the title
        // line (each part names its own start and end) and the summaries (each part's own
        // counts) differ, and neither is an event line
        #expect(events(parts[0]) + events(parts[1]) == events(once))
        #expect(parts.map { $0.stdout.split(separator: "\n").first.map(String.init) } == [
            "Test — Europe/Berlin, 2026-11-21T08:00 to 2026-11-22T08:00",
            "Test — Europe/Berlin, 2026-11-22T08:00 to 2026-11-23T08:00",
        ])
        #expect(once.stdout.split(separator: "\n").first == "Test — Europe/Berlin, 2026-11-21T08:00 to 2026-11-23T08:00")
    }
}
