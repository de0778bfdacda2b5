import Foundation
import HeraldSimulator
@testable import Herald

/// A walking route along the equator: waypoints 0.001° of longitude apart (R·π/180·0.001
/// = 111.195 m on the mean radius), a 20 m threshold, and an engine on a simulated
/// device. Positions exactly on a waypoint reach it; halfway between reaches none.
struct RouteFixture {
    static let leg = Coordinate.earthRadius * .pi / 180 * 0.001

    let clock: VirtualClock
    let center: SimulatedNotificationCenter
    let store: InMemoryEngineStore
    var engine: Engine

    init(authorization: AuthorizationStatus = .authorized, store: InMemoryEngineStore = InMemoryEngineStore(),
         rules: [ReminderRule] = []) {
        clock = VirtualClock(now: Fixtures.date("2026-11-21T10:00"), timeZone: Fixtures.berlin)
        center = SimulatedNotificationCenter(clock: clock, authorization: authorization)
        self.store = store
        engine = Engine(center: center, source: TestReminderSource(rules), store: store, clock: clock)
    }

    static func waypoint(_ index: Int) -> Waypoint {
        Waypoint(id: "spot-\(index)", name: "Spot \(index)", coordinate: point(Double(index)))
    }

    /// A point on the equator, `legs` waypoint-spacings east of the first.
    static func point(_ legs: Double) -> Coordinate { Coordinate(latitude: 0, longitude: 0.001 * legs) }

    static func route(_ id: String = "walk", waypoints count: Int = 3) -> RouteSession {
        try! RouteSession(id: id, name: "Walk \(id)", waypoints: (0..<count).map(waypoint), proximityThreshold: 20)
    }

    /// Walks to a point `seconds` later, delivers what is due, and lets the engine see it.
    @discardableResult
    func walk(to legs: Double, after seconds: TimeInterval = 60) async throws -> [DeliveredNotification] {
        await center.advance(by: seconds)
        try await engine.positionChanged(Self.point(legs))
        let delivered = await center.advance(by: 0)
        await engine.becameActive()
        return delivered
    }

    /// Every route notification delivered so far, by rule (`spot`, `completion`).
    func delivered(_ rule: String) async -> [DeliveredNotification] {
        await center.deliveryLog.map(\.notification).filter {
            $0.request.heraldIdentifier?.entity.namespace == RouteSession.namespace
                && $0.request.heraldIdentifier?.rule == rule
        }
    }
}
