import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// Every re-plan appears in the timeline with its reason and counts that mean what the
/// command-line reference (HeraldReport's CommandLineTool article) says; what the app
/// deleted routes `missing` and leaves nothing in the list, whatever its kind.
struct ScenarioReplanReportTests {
    static let body = """
        categories:
          - id: c
            actions:
              - {id: done, title: Done, kind: complete}
              - {id: snooze-5, title: Snooze, kind: snooze, minutes: 5}
        entities:
          - id: a
            title: A
            rules: [{id: r, daily: ["09:00", "10:00"], category: c}]

        """

    @Test func theReplanAfterAResponseIsReportedWithTheNotificationsItCleared() async throws {
        // Given both reminders of A delivered, and Done chosen on the second
        let result = try await ScenarioRunner(scenario: makeScenario(body: Self.body + """
            events:
              - {at: 2026-11-21T10:05, action: {on: a, id: done}}
            """)).run()

        // Then the re-plan that follows the response is a reconcile line with its reason
        let identifier = "herald:reminder:habit:a:r:20261121T1000"
        let replan = try #require(result.reconciles.first { $0.reasons == ["response \(identifier)"] })
        // And its counts: 09:00 still in the list is cleared (10:00 the user took off);
        // the two reminders of 12-05 entered the 14-day horizon since launch
        #expect(replan.clearedDelivered == 1)
        #expect(replan.removed == 0 && replan.added == 2 && replan.unchanged == 26)
        #expect(result.summary.stillDelivered == 0)
        #expect(result.summary.appBadge == 0)
        let text = result.text()
        #expect(text.contains("reconcile  response \(identifier): +2 -0 =26, cleared 1 delivered, planned 28, app badge set to 0\n"))
    }

    @Test func anEventOfAnEntityDeletedWhileNotRunningLeavesTheListAtLaunch() async throws {
        let result = try await ScenarioRunner(scenario: makeScenario(body: Self.body + """
            events:
              - {at: 2026-11-21T08:10, post: {entity: habit/a, name: streak, title: Seven days}}
              - {at: 2026-11-21T08:20, terminate}
              - {at: 2026-11-21T08:30, delete: a}
              - {at: 2026-11-21T08:40, launch}
            """)).run()

        let launch = try #require(result.reconciles.last { $0.reasons == ["launch"] })
        #expect(launch.clearedDelivered == 1)
        #expect(result.summary.stillDelivered == 0)
        #expect(result.summary.pending == 0)
    }

    @Test func everyJSONEntryHasUTCAndLocalTheSummaryToo() async throws {
        let result = try await ScenarioRunner(scenario: makeScenario(body: Self.body)).run()
        let lines = result.jsonLines().split(separator: "\n").map { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        }
        #expect(lines.allSatisfy { $0["utc"] is String && $0["local"] is String })
        // The run stops one day after 2026-11-21T08:00 in Berlin
        #expect(lines.last?["type"] as? String == "summary")
        #expect(lines.last?["utc"] as? String == "2026-11-22T07:00:00Z")
        #expect(lines.last?["local"] as? String == "2026-11-22T08:00")
    }

    @Test func aTapOnAPostRoutesWithThePostsTitleEvenWhenAnEntityHasItsIdentity() async throws {
        let result = try await ScenarioRunner(scenario: makeScenario(body: """
            entities:
              - {id: x, namespace: event, title: Entity X}
            events:
              - {at: 2026-11-21T08:30, post: {entity: x, title: Post X}}
              - {at: 2026-11-21T08:31, tap: "herald:event:event:x:posted:20261121T0830"}

            """)).run()
        #expect(result.routes.map(\.title) == ["Post X"])
    }

    @Test func aTapOnTheEventOfADeletedEntityRoutesMissing() async {
        let source = ScenarioReminderSource(entities: [])
        let post = ScenarioPost(entity: EntityReference(namespace: "achievement", id: "first"), name: "unlocked",
                                token: "1", title: "First week!", body: "", category: nil)
        await source.rememberPost(post)
        #expect(await source.resolution(of: post.entity) == .ready(title: "First week!"))
        await source.remove([post.entity])
        #expect(await source.resolution(of: post.entity) == .missing)
    }
}
