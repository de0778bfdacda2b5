import Foundation
import Herald
import HeraldSimulator
import Testing

/// The system while the user has turned the app's notifications off, against the one
/// field report (iOS 14): the pending list reads empty, adds and removals have no effect
/// and raise no error, and the list returns as it was once notifications are back on;
/// requests that fall due meanwhile are consumed without being shown. `kept` is the
/// other reading: the app sees and changes its requests as usual.
struct DeniedCenterTests {
    @Test func turnedOffTheAppSeesNothingChangesNothingAndGetsItsRequestsBack() async throws {
        // Given three requests, at 13:00, 14:00 and 18:00, then notifications turned off at 12:00
        let center = makeCenter()
        try await center.add(makeRequest("a", trigger: .timeInterval(3_600, repeats: false)))
        try await center.add(makeRequest("b", trigger: .timeInterval(7_200, repeats: false)))
        try await center.add(makeRequest("c", trigger: .timeInterval(6 * 3_600, repeats: false)))
        await center.setAuthorizationStatus(.denied)

        // When the app reads, adds and removes while they are off
        let seen = await center.pendingNotificationRequests()
        try await center.add(makeRequest("d"))
        await center.removePendingNotificationRequests(withIdentifiers: ["b"])
        await center.removeAllPendingNotificationRequests()

        // Then it saw nothing, and nothing it did took effect (the system still holds a, b, c)
        #expect(seen.isEmpty)
        #expect(await center.hidesPending)
        #expect(await center.callCounts.ignoredWhileDenied == 3)
        #expect(await center.callCounts.adds == 3)
        #expect(await center.callCounts.pendingRemovalBatches == 0)
        #expect(await center.pendingSchedule().map(\.request.identifier) == ["a", "b", "c"])

        // When 13:00 passes while they are off, and they come back on at 15:00
        _ = await center.advance(by: 3 * 3_600)
        await center.setAuthorizationStatus(.authorized)

        // Then a fired unseen, b too (14:00), and c is back as it was, untouched by the calls made meanwhile
        #expect(await center.deliveryLog.map(\.outcome) == [.suppressed, .suppressed])
        #expect(await center.deliveredNotifications().isEmpty)
        #expect(await center.pendingIdentifiers() == ["c"])
        #expect(await center.pendingSchedule().first?.nextFireDate == instant("2026-03-27T18:00:00+01:00"))
    }

    @Test func keptTheAppSeesAndChangesItsRequestsWhileTurnedOff() async throws {
        let center = makeCenter(deniedCenter: .kept)
        try await center.add(makeRequest("a"))
        await center.setAuthorizationStatus(.denied)

        try await center.add(makeRequest("b"))
        await center.removePendingNotificationRequests(withIdentifiers: ["a"])

        #expect(await center.hidesPending == false)
        #expect(await center.pendingIdentifiers() == ["b"])
        #expect(await center.callCounts.ignoredWhileDenied == 0)
    }

    @Test(arguments: [AuthorizationStatus.notDetermined, .provisional, .authorized])
    func onlyTurnedOffHidesTheList(status: AuthorizationStatus) async throws {
        let center = makeCenter(authorization: status)
        try await center.add(makeRequest("a"))
        #expect(await center.pendingIdentifiers() == ["a"])
        #expect(await center.hidesPending == false)
    }

    @Test func theModeSurvivesASnapshotAndAnOlderSnapshotRestoresEmpty() async throws {
        let center = makeCenter(deniedCenter: .kept)
        let saved = try JSONEncoder().encode(await center.snapshot())
        let restored = SimulatedNotificationCenter(
            restoring: try JSONDecoder().decode(SimulatorSnapshot.self, from: saved), clock: center.clock)
        #expect(restored.deniedCenter == .kept)

        // A snapshot written before the mode existed has no such key
        var older = try #require(try JSONSerialization.jsonObject(with: saved) as? [String: Any])
        older["deniedCenter"] = nil
        let olderData = try JSONSerialization.data(withJSONObject: older)
        let fromOlder = SimulatedNotificationCenter(
            restoring: try JSONDecoder().decode(SimulatorSnapshot.self, from: olderData), clock: center.clock)
        #expect(fromOlder.deniedCenter == .empty)
    }
}
