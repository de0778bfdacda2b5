import Foundation
import Herald
import HeraldSimulator
import Testing

struct SnapshotTests {
    /// A center with some of everything: pending of each trigger kind, delivered, badge,
    /// categories, a dropped request.
    private func makeBusyCenter() async throws -> SimulatedNotificationCenter {
        let center = makeCenter(capacity: 4, dropRule: .keepMostRecentlyAdded)
        let park = LocationRegion(identifier: "park", latitude: 52.5, longitude: 13.4, radius: 120)
        try await center.add(makeRequest("dropped"))
        try await center.add(makeRequest("shown", trigger: .timeInterval(60, repeats: false), badge: 3))
        try await center.add(makeRequest("daily", trigger: daily(hour: 9, minute: 0)))
        try await center.add(makeRequest("park", trigger: .location(park, repeats: false)))
        try await center.add(makeRequest("later", trigger: .timeInterval(2 * 86_400, repeats: false)))
        await center.setNotificationCategories([NotificationCategory(identifier: "c", actions: [])])
        await center.advance(by: 120)
        return center
    }

    @Test func aRestoredCenterCarriesOnExactlyLikeTheOriginal() async throws {
        // Given a busy center and its snapshot, saved as JSON while the app "crashes"
        let original = try await makeBusyCenter()
        let data = try JSONEncoder().encode(await original.snapshot())

        // When a new center is restored from it on its own clock at the same instant
        let snapshot = try JSONDecoder().decode(SimulatorSnapshot.self, from: data)
        let restored = SimulatedNotificationCenter(
            restoring: snapshot, clock: VirtualClock(now: original.clock.now, timeZone: original.clock.timeZone)
        )

        // Then it holds the same state and delivers the same from there on
        #expect(await restored.snapshot() == original.snapshot())
        #expect(await restored.badgeCount == 3)
        #expect(await restored.droppedRequests.map(\.identifier) == ["dropped"])
        let expected = await original.advance(by: 3 * 86_400)
        let actual = await restored.advance(by: 3 * 86_400)
        #expect(actual == expected)
        #expect(await restored.pendingIdentifiers() == ["daily", "park"])
    }

    @Test func requestsThatFellDueWhileTheAppWasDeadFireOnTheNextMove() async throws {
        // Given a snapshot taken before a request was due
        let center = makeCenter()
        try await center.add(makeRequest("r", trigger: .timeInterval(60, repeats: false)))
        let snapshot = await center.snapshot()

        // When the center is restored an hour later and time moves by nothing
        let clock = VirtualClock(now: center.clock.now.addingTimeInterval(3_600), timeZone: berlin)
        let restored = SimulatedNotificationCenter(restoring: snapshot, clock: clock)
        let delivered = await restored.advance(by: 0)

        // Then it fires at once, at the restored clock's time
        #expect(delivered.map(\.date) == [clock.now])
        #expect(await restored.pendingIdentifiers().isEmpty)
    }
}
