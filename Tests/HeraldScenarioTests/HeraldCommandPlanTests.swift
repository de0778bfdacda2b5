import Foundation
import Testing

/// `herald plan <scenario> --at <local date-time>`: what is pending at an instant, the
/// coverage horizon and the cuts, checked against values worked out by hand.
struct HeraldCommandPlanTests {
    /// A scenario whose budget (64 - reserve 60 = 4) cannot hold its 2-day horizon of
    /// three reminders a day.
    static let tightBudget = """
        name: Cuts
        zone: Europe/Berlin
        start: 2026-11-21T08:00
        planner: {reserve: 60, horizon_days: 2}
        entities:
          - id: stretch
            title: Stretch
            rules:
              - {id: morning, daily: ["09:00", "10:00", "11:00"]}
        """

    func makeScenarioFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-plan-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `2026-11-21 09:00 CET` as Foundation writes Berlin's abbreviation on this platform.
    func berlin(_ day: Int, _ hour: Int) -> String {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let date = calendar.date(from: DateComponents(year: 2026, month: 11, day: day, hour: hour))!
        let seconds = zone.secondsFromGMT(for: date)
        let abbreviation = zone.abbreviation(for: date) ?? "GMT+\(seconds / 3600)"
        return "2026-11-\(day) \(hour < 10 ? "0" : "")\(hour):00 \(abbreviation)"
    }

    @Test func planPrintsPendingCoverageAndCutsAsText() async throws {
        // Given a budget of 4 reminders and a horizon of 2 days from Saturday 08:00
        let file = try makeScenarioFile(Self.tightBudget)
        defer { try? FileManager.default.removeItem(at: file) }

        // When asked what is pending at 08:30 on the first day
        let run = try await HeraldCommandTests().makeExecution(["plan", file.path, "--at", "2026-11-21T08:30"])

        // Then the four soonest occurrences are pending (badges restart each day), the
        // coverage ends at the first cut (Sunday 10:00) and Sunday 10:00 and 11:00 are
        // cut over budget: worked out by hand from the rule and the budget. One-shots
        // only, so the guaranteed coverage ends there too; the content depends on the
        // day (the default), so the refresh is due at the next midnight.
        #expect(run.status == 0, "\(run.stderr)")
        let id = "herald:reminder:habit:stretch:morning:"
        #expect(run.stdout == """
            Cuts at \(berlin(21, 8).replacingOccurrences(of: "08:00", with: "08:30"))

            pending (4 of 64; reminders' budget 4)
              \(berlin(21, 9))  badge 1   reminder  Stretch  \(id)20261121T0900
              \(berlin(21, 10))  badge 2   reminder  Stretch  \(id)20261121T1000
              \(berlin(21, 11))  badge 3   reminder  Stretch  \(id)20261121T1100
              \(berlin(22, 9))  badge 1   reminder  Stretch  \(id)20261122T0900

            coverage horizon     \(berlin(22, 10)) (cut there by the budget)
            guaranteed coverage  \(berlin(22, 10))
            refresh deadline     \(berlin(22, 0))
            cuts                 2
              \(berlin(22, 10))  habit/stretch/morning  over budget
              \(berlin(22, 11))  habit/stretch/morning  over budget

            """)
    }

    @Test func planAsJSONAfterDeliveriesHoldsWhatIsLeft() async throws {
        // Given the same scenario, asked at 10:30 (09:00 and 10:00 have fired)
        let file = try makeScenarioFile(Self.tightBudget)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await HeraldCommandTests().makeExecution(["plan", file.path, "--at", "2026-11-21T10:30", "--json"])

        // Then the JSON names the two requests still pending from the launch's plan (no
        // re-plan since: the app is suspended in the background), and its two cuts
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let pending = try #require(object["pending"] as? [[String: Any]])
        #expect(pending.map { $0["local"] as? String } == ["2026-11-21T11:00", "2026-11-22T09:00"])
        #expect(pending.map { $0["badge"] as? Int } == [3, 1])
        #expect(pending.allSatisfy { $0["kind"] as? String == "reminder" })
        #expect(object["local"] as? String == "2026-11-21T10:30")
        #expect(object["utc"] as? String == "2026-11-21T09:30:00Z")
        let cuts = try #require(object["cuts"] as? [[String: Any]])
        #expect(cuts.map { $0["local"] as? String } == ["2026-11-22T10:00", "2026-11-22T11:00"])
        #expect(cuts.allSatisfy { $0["reason"] as? String == "over budget" && $0["entity"] as? String == "habit/stretch" })
        let coverage = try #require(object["coverage_horizon"] as? [String: Any])
        #expect(coverage["utc"] as? String == "2026-11-22T09:00:00Z" && coverage["whole_horizon"] as? Bool == false)
        #expect(object["guaranteed_coverage"] as? String == "2026-11-22T09:00:00Z")
        #expect(object["refresh_deadline"] as? String == "2026-11-21T23:00:00Z")  // 00:00 CET
    }

    @Test(arguments: [
        ("2026-11-20T08:30", "outside the scenario"),
        ("2026-11-21 08:30", "must be a local date-time"),
        ("2027-12-01T08:00", "outside the scenario"),
    ])
    func anInstantOutsideTheScenarioIsABadUsage(at: String, message: String) async throws {
        let file = try makeScenarioFile(Self.tightBudget)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await HeraldCommandTests().makeExecution(["plan", file.path, "--at", at])
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func anImpossibleEventBeforeTheInstantIsLocated() async throws {
        // Given a tap at 08:10 on a notification that has not been delivered
        let file = try makeScenarioFile(Self.tightBudget + "\nevents:\n  - {at: 2026-11-21T08:10, tap: stretch}\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await HeraldCommandTests().makeExecution(["plan", file.path, "--at", "2026-11-21T12:00"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("\(file.path):11:"), "\(run.stderr)")
    }
}
