import Foundation
import Testing

/// `herald check <scenario>`: warnings and errors worked out by hand from the file and
/// Europe/Berlin's DST dates (2026-03-29 02:00 → 03:00, 2026-10-25 03:00 → 02:00).
struct HeraldCommandCheckTests {
    static let warnings = """
        name: Check me
        zone: Europe/Berlin
        start: 2026-03-27T08:00
        days: 2
        categories:
          - id: used
            actions:
              - {id: done, title: Done, kind: complete}
              - {id: later, title: Later, kind: snooze, minutes: 10}
          - id: spare
            actions:
              - {id: open, title: Open, kind: open}
        entities:
          - id: night
            title: Night pill
            rules:
              - {id: late, daily: ["02:30"], category: used}
          - id: a
            title: A
            rules:
              - {id: one, daily: ["09:00"]}
          - id: b
            title: B
            rules:
              - {id: two, daily: ["09:00"]}
        events:
          - {at: 2026-03-28T02:35, action: {on: night, id: done}}
        """

    func makeScenarioFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-check-\(UUID().uuidString).yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `2026-03-29 03:30 CEST` as Foundation writes Berlin's abbreviation on this platform.
    func berlin(_ text: String) -> String {
        let local = text.replacingOccurrences(of: " ", with: "T")
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let formatter = DateFormatter()
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let date = formatter.date(from: local)!
        let seconds = zone.secondsFromGMT(for: date)
        return "\(text) \(zone.abbreviation(for: date) ?? "GMT+\(seconds / 3600)")"
    }

    @Test func checkWarnsAboutDSTCollisionsAndUnusedCategoriesAndExitsZero() async throws {
        // Given a 02:30 reminder across both of 2026's DST changes, two rules at 09:00, a
        // category no rule uses and an action no event chooses
        let file = try makeScenarioFile(Self.warnings)
        defer { try? FileManager.default.removeItem(at: file) }

        // When it is checked
        let run = try await HeraldCommandTests().makeExecution(["check", file.path])

        // Then each is a warning (02:30 on the spring-forward day fires at 03:30 summer
        // time; on the fall-back day it fires once, at the first, in summer time; 09:00
        // collides on both days of the run), and the status is 0
        #expect(run.status == 0, "\(run.stderr)")
        let path = file.path
        // The fold's first 02:30 is still summer time: 00:30 UTC.
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let summer = Date(timeIntervalSince1970: 1_792_888_200)  // 2026-10-25T00:30:00Z
        let foldFirst = "2026-10-25 02:30 \(zone.abbreviation(for: summer) ?? "GMT+2")"
        #expect(run.stdout == """
            \(path): warning: habit/night/late: 2026-03-29T02:30 does not exist in Europe/Berlin (the clocks go forward 1 h): it fires at \(berlin("2026-03-29 03:30"))
            \(path): warning: habit/night/late: 2026-10-25T02:30 occurs twice in Europe/Berlin (the clocks go back 1 h): it fires once, at the first, \(foldFirst)
            \(path): warning: habit/a/one, habit/b/two: fire at the same instant, \(berlin("2026-03-27 09:00")) (and 1 more time during the run): the user gets 2 notifications at once
            \(path): warning: action used/later: declared and never chosen by the scenario's events, so the scenario never tries it
            \(path): warning: category spare: declared and never used by a rule or a post (its actions: open)
            5 warnings, no errors

            """)
    }

    @Test func checkAsJSONNamesEachKind() async throws {
        let file = try makeScenarioFile(Self.warnings)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await HeraldCommandTests().makeExecution(["check", file.path, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.map { $0["kind"] as? String } == ["dst-gap", "dst-fold", "collision", "unused-action", "unused-category"])
        #expect(object["warnings"] as? Int == 5 && object["errors"] as? Int == 0)
    }

    @Test func aPlanCoveringLessThanADayIsAWarning() async throws {
        // Given a budget of one reminder (reserve 63) and reminders at 09:00 and 10:00
        let file = try makeScenarioFile("""
            name: Short
            zone: Europe/Berlin
            start: 2026-11-21T08:00
            planner: {reserve: 63}
            entities:
              - id: s
                title: S
                rules:
                  - {id: r, daily: ["09:00", "10:00"]}
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await HeraldCommandTests().makeExecution(["check", file.path])

        // Then the launch's plan holds 09:00 only and covers until 10:00: two hours ahead
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("\(file.path): warning: plan: the plan at \(berlin("2026-11-21 08:00")) (launch) covers only until \(berlin("2026-11-21 10:00")), less than a day ahead"))
        #expect(run.stdout.hasSuffix("1 warning, no errors\n"))
    }

    @Test func anEventThatCannotHappenIsALocatedErrorAndExitsOne() async throws {
        // Given a tap at 08:30 when nothing has been delivered
        let file = try makeScenarioFile("""
            name: Early tap
            zone: Europe/Berlin
            start: 2026-11-21T08:00
            entities:
              - id: s
                title: S
                rules:
                  - {id: r, daily: ["09:00"]}
            events:
              - {at: 2026-11-21T08:30, tap: s}
            """)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await HeraldCommandTests().makeExecution(["check", file.path])
        #expect(run.status == 1)
        #expect(run.stdout.hasPrefix("\(file.path):10:"), "\(run.stdout)")
        #expect(run.stdout.contains(": error: events[0].tap: "))
        #expect(run.stdout.hasSuffix("no warnings, 1 error\n"))
    }

    @Test func anUnreadableScenarioExits65WithItsLocation() async throws {
        let file = try makeScenarioFile("name: Broken\nzone: Mars/Olympus\nstart: 2026-11-21T08:00\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try await HeraldCommandTests().makeExecution(["check", file.path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("\(file.path):2:"), "\(run.stderr)")
    }
}
