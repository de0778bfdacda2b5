import Foundation
import Herald
import HeraldScenario
import Testing

/// Event floods: many events at one instant cost what they change, once.
/// Nothing here is timed; the counts say how much work was done, and a generous time
/// limit only stops a hang.
struct ScenarioFloodTests {
    /// 2,000 `edit` events at 09:00, each creating an entity with a daily 10:00 rule,
    /// while the app runs (a sync). Each re-planned alone, the app re-planned 2,000 times
    /// an app growing to 2,000 entities, and recorded each plan's cut list (222 s). They
    /// are on the timeline one by one, and the engine plans once for all of them: one
    /// reconcile at 09:00 giving the 2,000 entities as its reasons, in the file's order.
    @Test(.timeLimit(.minutes(10)))
    func twoThousandEditsAtOneInstantArePlannedOnce() async throws {
        let count = 2_000
        let edits = (0..<count).map { "  - {at: 2026-11-21T09:00, edit: {id: e\($0), title: E\($0), rules: [{id: r, daily: [\"10:00\"]}]}}\n" }
        let scenario = try makeScenario(body: "days: 1\napp: foreground\nevents:\n" + edits.joined())
        let result = try await ScenarioRunner(scenario: scenario).run()

        let nine = LocalDateTime(parsing: "2026-11-21T09:00")!
        let events = result.timeline.filter { entry in
            if case .event(let event) = entry, case .edit = event.action { event.local == nine } else { false }
        }
        #expect(events.count == count)
        let reconciles = result.reconciles.filter { $0.local == nine }
        #expect(reconciles.count == 1)
        #expect(reconciles.first?.reasons == (0..<count).map { "entity changed habit/e\($0)" })
    }

    /// Edits at one instant while the app is not running are saved one by one (no
    /// engine runs), and the next launch plans once: the same story as above, with a
    /// launch at 09:30.
    @Test(.timeLimit(.minutes(10)))
    func editsWhileTheAppIsNotRunningWaitForTheLaunch() async throws {
        let edits = (0..<500).map { "  - {at: 2026-11-21T09:00, edit: {id: e\($0), title: E\($0)}}\n" }
        let scenario = try makeScenario(body: "days: 1\napp: not-running\nevents:\n" + edits.joined()
                                        + "  - {at: 2026-11-21T09:30, launch: foreground}\n")
        let result = try await ScenarioRunner(scenario: scenario).run()

        #expect(result.reconciles.filter { $0.local.date == LocalDate(year: 2026, month: 11, day: 21) && $0.local.time.hour == 9 }
            .map { $0.local.description } == ["2026-11-21T09:30"])
    }
}
