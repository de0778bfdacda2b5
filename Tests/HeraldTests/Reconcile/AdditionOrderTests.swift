import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Whichever requests the system drops when another SDK pushes it over 64, Herald's
/// soonest stay: a run adds its requests latest first (``AdditionOrder``).
@Suite struct AdditionOrderTests {
    @Test func locationFirstThenLatestToSoonestThenWhatFiresAtOnce() {
        func request(_ id: String) -> NotificationRequest {
            NotificationRequest(identifier: id, content: NotificationContent(title: id), trigger: nil)
        }
        let nov21 = Fixtures.date("2026-11-21T09:00"), dec04 = Fixtures.date("2026-12-04T09:00")
        var order = AdditionOrder()
        order.add(request("now"), firesAt: nov21, atOnce: true)
        order.add(request("nov21-a"), firesAt: nov21)
        order.add(request("dec04"), firesAt: dec04)
        order.add(request("park"), firesAt: nil)
        order.add(request("nov21-b"), firesAt: nov21)
        #expect(order.requests.map(\.identifier) == ["park", "dec04", "nov21-a", "nov21-b", "now"])
    }

    @Test(arguments: DropRule.allCases)
    func anotherSDKPushingTheCenterOverDropsHeraldsLatestNotItsSoonest(rule: DropRule) async throws {
        // Given three daily habits (09:00, 12:00, 15:00 in Berlin) planned at 2026-11-21 08:00:
        // 42 requests, 2026-11-21 09:00 to 2026-12-04 15:00
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, dropRule: rule, authorization: .authorized)
        let source = TestReminderSource([Fixtures.dailyRule("a", at: ["09:00"]), Fixtures.dailyRule("b", at: ["12:00"]),
                                         Fixtures.dailyRule("c", at: ["15:00"])])
        let engine = Engine(center: center, source: source, clock: clock)
        await engine.launched()
        #expect(await center.pendingNotificationRequests().count == 42)

        // When another SDK adds 30 requests due on 2026-11-23, 8 more than the center keeps
        for index in 0..<30 {
            try await center.add(NotificationRequest(
                identifier: "sdk-\(index)", content: NotificationContent(title: "Other"),
                trigger: .timeInterval(TimeInterval(2 * 86_400 + index * 60), repeats: false)))
        }

        // Then the 8 dropped are Herald's latest (worked out by hand: 2026-12-02 12:00
        // and 15:00, and all three of 12-03 and 12-04), the other SDK keeps its 30, and
        // Herald keeps its 34 soonest
        let dropped = await center.droppedRequests.map(\.identifier)
        var expectedDropped: Set<String> = []
        for (day, hours) in [(2, [12, 15]), (3, [9, 12, 15]), (4, [9, 12, 15])] {
            for hour in hours {
                let entity = ["a", "b", "c"][(hour - 9) / 3]
                let local = LocalDateTime(date: LocalDate(year: 2026, month: 12, day: day), time: LocalTime(hour: hour))
                expectedDropped.insert("herald:reminder:habit:\(entity):r:\(OccurrenceKey(local))")
            }
        }
        #expect(Set(dropped) == expectedDropped)
        let pending = await center.pendingNotificationRequests()
        #expect(pending.filter { $0.identifier.hasPrefix("sdk-") }.count == 30)
        let heraldDates = pending.compactMap(\.heraldIdentifier).map(\.occurrence)
        #expect(heraldDates.count == 34)
        #expect(heraldDates.max() == OccurrenceKey(LocalDateTime(date: LocalDate(year: 2026, month: 12, day: 2),
                                                                 time: LocalTime(hour: 9))))
    }
}
