#if !canImport(UserNotifications)
import Foundation
import Herald
@testable import HeraldUserNotifications
import Synchronization
import Testing
@_spi(Testing) import BackgroundTasksShim
@_spi(Testing) import CoreLocationShim
@_spi(Testing) import UserNotificationsShim

/// Location through the platform adapter: location triggers as
/// `UNLocationNotificationTrigger` with a `CLCircularRegion` (read back exactly), and
/// ``RegionMonitorTests`` watches route waypoints and the shim's 20 regions.
struct LocationAdapterTests {
    static let gym = LocationRegion(identifier: "gym", latitude: 52.52, longitude: 13.405, radius: 150,
                                    notifyOnEntry: true, notifyOnExit: true)

    @Test func aLocationRequestReadsBackExactly() async throws {
        let platform = makePlatformCenter()
        let center = UserNotificationCenter(platform)
        let identifier = NotificationIdentifier(entity: EntityReference(namespace: "habit", id: "workout"), rule: "arrive",
                                                occurrence: OccurrenceKey(rawValue: "20260310T0000"), kind: .location)
        let request = NotificationRequest(identifier: identifier.description,
                                          content: NotificationContent(title: "At the gym", badge: 1),
                                          trigger: .location(Self.gym, repeats: true))
        try await center.add(request)

        #expect(await center.pendingNotificationRequests() == [request])
        let platformRequest = try #require(await platform.pendingNotificationRequests().first)
        let trigger = try #require(platformRequest.trigger as? UNLocationNotificationTrigger)
        let region = try #require(trigger.region as? CLCircularRegion)
        #expect(trigger.repeats)
        #expect(region.identifier == "gym" && region.radius == 150)
        #expect(region.center.latitude == 52.52 && region.center.longitude == 13.405)
        #expect(region.notifyOnEntry && region.notifyOnExit)
    }

    static func route(waypoints count: Int) throws -> RouteSession {
        try RouteSession(id: "walk", name: "Walk", waypoints: (0..<count).map {
            Waypoint(id: "w\($0)", name: "W\($0)", coordinate: Coordinate(latitude: 0, longitude: 0.001 * Double($0)))
        }, proximityThreshold: 25)
    }
}

final class FailureLog: NSObject, CLLocationManagerDelegate, Sendable {
    private let failed = Mutex<[String]>([])
    var identifiers: [String] { failed.withLock { $0 } }

    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error) {
        failed.withLock { $0.append(region?.identifier ?? "") }
    }
}
#endif
