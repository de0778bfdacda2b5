import Foundation
import Herald
import HeraldSimulator
import Synchronization
import Testing

/// A location reminder and the app's own monitoring of the same region both react to
/// one entry 20 s after it: at that instant the system either delivers first or reports
/// the crossing first (``SameInstantOrder``), and the app woken by the crossing sees the
/// request still pending only in the second order. The order survives a snapshot.
@Suite struct SameInstantOrderTests {
    typealias Fixture = RegionTriggerTests

    /// What happened at the shared instant, in order: "report" (with whether the
    /// request was still pending when the app heard the crossing) and "delivery".
    func play(_ order: SameInstantOrder?) async throws -> [String] {
        let center = Fixture().makeCenter()
        if let order { await center.setSameInstantOrder(order) }
        await center.move(to: Fixture.east(2))
        try await center.add(Fixture().request("gym"))
        try await center.startMonitoring(LocationRegion(identifier: "gym-region", latitude: 0, longitude: 0, radius: 50))
        let log = Mutex<[String]>([])
        await center.setRegionHandler { _ in
            let pending = await center.pendingNotificationRequests().map(\.identifier)
            log.withLock { $0.append("report, pending \(pending)") }
        }
        await center.move(to: Fixture.east(0))
        for notification in await center.advance(by: 20) {
            log.withLock { $0.append("delivery \(notification.request.identifier) at +\(Int(notification.date.timeIntervalSince(Fixture.start)))") }
        }
        return log.withLock { $0 }
    }

    @Test func byDefaultTheDeliveryComesBeforeTheReport() async throws {
        #expect(try await play(nil) == ["report, pending []", "delivery gym at +20"])
    }

    @Test func crossingsFirstWakesTheAppWhileTheRequestIsStillPending() async throws {
        #expect(try await play(.crossingsFirst) == ["report, pending [\"gym\"]", "delivery gym at +20"])
    }

    @Test func theOrderSurvivesASnapshot() async throws {
        let center = Fixture().makeCenter()
        await center.setSameInstantOrder(.crossingsFirst)
        let data = try JSONEncoder().encode(await center.snapshot())
        let restored = SimulatedNotificationCenter(restoring: try JSONDecoder().decode(SimulatorSnapshot.self, from: data),
                                                   clock: center.clock)
        #expect(await restored.sameInstantOrder == .crossingsFirst)
        // A snapshot written before the option restores the default.
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(await Fixture().makeCenter().snapshot())) as? [String: Any])
        object["sameInstantOrder"] = nil
        let older = try JSONDecoder().decode(SimulatorSnapshot.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(await SimulatedNotificationCenter(restoring: older, clock: center.clock).sameInstantOrder == .deliveriesFirst)
    }
}
