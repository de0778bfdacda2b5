import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// A nagged rule through the engine and the simulated center: the repeats are
/// delivered one by one until someone answers, and none after.
@Suite struct NagEngineTests {
    static let category = ReminderCategory(
        identifier: "habit.reminder", actions: [.complete("done", title: "Done")])

    struct Fixture {
        let center: SimulatedNotificationCenter
        let engine: Engine
    }

    func makeFixture(_ rules: [ReminderRule]) -> Fixture {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T07:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let engine = Engine(center: center, source: TestReminderSource(rules, categoryIdentifier: Self.category.identifier),
                            store: InMemoryEngineStore(), clock: clock, configuration: PlannerConfiguration(),
                            categories: try! CategoryRegistry([Self.category]))
        return Fixture(center: center, engine: engine)
    }

    func makePill() -> ReminderRule {
        try! Fixtures.dailyRule("pill", at: ["09:00"]).nagging(every: 600, times: 3)
    }

    /// The identifier text of repeat `index` of the pill's 09:00 on the 21st.
    func makeRepeat(_ index: Int) -> String {
        NotificationIdentifier(entity: Fixtures.habit("pill"), rule: "r", occurrence: OccurrenceKey(rawValue: "20261121T0900"),
                               kind: .reminder).nagRepeat(index).description
    }

    func deliveredFollowUps(_ fixture: Fixture) async -> [String] {
        await fixture.center.deliveryLog.map(\.notification).filter { $0.request.heraldIdentifier?.kind == .followUp }
            .map(\.request.identifier)
    }

    @Test func repeatsStopAtTheFirstTap() async throws {
        // Given the pill at 09:00, nagged every 10 minutes 3 times
        let fixture = makeFixture([makePill()])
        await fixture.engine.launched()
        // When nobody answers until 09:25, then the second repeat is tapped
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:25"))
        let second = await fixture.center.deliveredNotifications().last { $0.request.identifier == makeRepeat(2) }
        let report = await fixture.engine.received(NotificationResponse(notification: try #require(second),
                                                                         actionIdentifier: NotificationResponse.defaultActionIdentifier))
        await fixture.center.advance(to: Fixtures.date("2026-11-21T12:00"))
        // Then the first two repeats came at 09:10 and 09:20, without a badge, and the third never
        let log = await fixture.center.deliveryLog.map(\.notification)
        #expect(await deliveredFollowUps(fixture) == [makeRepeat(1), makeRepeat(2)])
        #expect(log.filter { $0.request.heraldIdentifier?.kind == .followUp }.map(\.date)
            == [Fixtures.date("2026-11-21T09:10"), Fixtures.date("2026-11-21T09:20")])
        #expect(log.filter { $0.request.heraldIdentifier?.kind == .followUp }.allSatisfy { $0.request.content.badge == nil })
        #expect(report.plan?.followUps.map(\.identifier.occurrence.rawValue).contains("20261121T0900#3") == false)
    }

    @Test func anIgnoredOccurrenceIsRepeatedItsTimesAndNoMore() async {
        // Given the pill nagged 3 times
        let fixture = makeFixture([makePill()])
        await fixture.engine.launched()
        // When nobody answers all morning, with a re-plan at 09:15 in between
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:15"))
        await fixture.engine.becameActive()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T12:00"))
        // Then the three repeats came, once each, and nothing after
        #expect(await deliveredFollowUps(fixture) == [makeRepeat(1), makeRepeat(2), makeRepeat(3)])
    }
}
