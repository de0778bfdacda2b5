import Foundation
import Testing

/// `herald why <scenario> --occurrence <namespace>/<entity>/<rule> --at <local date-time>`:
/// the story of one occurrence, by the executable's output and exit status.
struct HeraldCommandWhyTests {
    /// `2026-11-21 09:00 GMT+1` as the timeline writes Berlin's winter offset on this platform.
    func berlin(_ text: String) -> String {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        return "\(text) \(zone.abbreviation(for: Date(timeIntervalSince1970: 1_763_712_000)) ?? "GMT+1")"
    }

    static let meditate = "herald:reminder:habit:meditate:reminders:"

    @Test func whyPrintsTheStoryOfADeliveredOccurrence() async throws {
        // Given seed 004 (three reminders at 09:00, 09:01, 09:02, launched at 08:00)
        // When asked about Saturday 09:01
        let run = try await HeraldCommandTests().makeExecution([
            "why", "Examples/seed-004-badges.yaml", "--occurrence", "habit/meditate/reminders", "--at", "2026-11-21T09:01",
        ])

        // Then the launch planned it with badge 2 (the day's second) and added it, and
        // the system showed it at 09:01
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == """
            habit/meditate/reminders at 2026-11-21T09:01: delivered
              \(berlin("2026-11-21 08:00"))  plan (launch): planned as \(Self.meditate)20261121T0901 (badge 2)
              \(berlin("2026-11-21 08:00"))  reconcile: added \(Self.meditate)20261121T0901 to the center
              \(berlin("2026-11-21 09:01"))  system: delivered \(Self.meditate)20261121T0901

            """)
    }

    @Test func whyWithJSONGivesTheVerdictAndTheEvents() async throws {
        let run = try await HeraldCommandTests().makeExecution([
            "why", "Examples/seed-004-badges.yaml", "--occurrence", "habit/meditate/reminders", "--at", "2026-11-21T09:01",
            "--json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["verdict"] as? String == "delivered")
        let occurrence = try #require(object["occurrence"] as? [String: Any])
        #expect(occurrence["entity"] as? String == "habit/meditate")
        #expect(occurrence["rule"] as? String == "reminders")
        #expect(occurrence["local"] as? String == "2026-11-21T09:01")
        #expect(occurrence["utc"] as? String == "2026-11-21T08:01:00Z")
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.map { $0["kind"] as? String } == ["planned", "added", "delivered"])
        #expect(events.map { $0["utc"] as? String } == ["2026-11-21T07:00:00Z", "2026-11-21T07:00:00Z", "2026-11-21T08:01:00Z"])
        #expect(events[0]["badge"] as? Int == 2)
        #expect(events[0]["fires_at"] as? String == "2026-11-21T08:01:00Z")
        #expect(events[0]["reasons"] as? [String] == ["launch"])
        #expect(events.allSatisfy { $0["identifier"] as? String == Self.meditate + "20261121T0901" })
    }

    @Test func aRuleTheScenarioNeverMentionsIsAUsageError() async throws {
        let run = try await HeraldCommandTests().makeExecution([
            "why", "Examples/seed-004-badges.yaml", "--occurrence", "habit/water/reminders", "--at", "2026-11-21T09:00",
        ])
        #expect(run.status == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("--occurrence: the scenario never mentions habit/water/reminders"))
        #expect(run.stderr.contains("habit/meditate/reminders"))
    }

    @Test(arguments: [
        (["--occurrence", "habit/meditate", "--at", "2026-11-21T09:00"], "--occurrence must be namespace/entity/rule"),
        (["--occurrence", "habit//reminders", "--at", "2026-11-21T09:00"], "--occurrence must be namespace/entity/rule"),
        (["--occurrence", "habit/meditate/reminders", "--at", "21.11.2026 09:00"], "--at must be a local date-time"),
    ])
    func aMalformedOccurrenceOrTimeIsAUsageError(_ options: [String], _ message: String) async throws {
        let run = try await HeraldCommandTests().makeExecution(["why", "Examples/seed-004-badges.yaml"] + options)
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func aScenarioThatCannotBeReadIsADataError() async throws {
        let run = try await HeraldCommandTests().makeExecution([
            "why", "Package.swift", "--occurrence", "habit/meditate/reminders", "--at", "2026-11-21T09:00",
        ])
        #expect(run.status == 65)
    }
}
