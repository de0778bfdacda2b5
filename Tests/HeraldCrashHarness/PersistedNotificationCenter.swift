import Foundation
import Herald
import HeraldSimulator

/// The center as the app sees it: every call is one step (the process may be killed
/// before it), is forwarded to the simulated system's center, and every call that
/// changes the system is followed by saving the system, so what the app did to the
/// operating system survives a kill.
///
/// ```swift
/// let center = PersistedNotificationCenter(system: system)
/// let engine = Engine(center: center, source: app, store: store, clock: system.clock)
/// ```
struct PersistedNotificationCenter: Herald.NotificationCenter {
    let system: SimulatedSystem

    var capacity: Int { system.center.capacity }
    private var center: SimulatedNotificationCenter { system.center }

    /// A change to the system: one step, then the system saved (``SimulatedSystem/changing(_:_:)``).
    private func changing<T>(_ label: @autoclosure () -> String, _ body: () async throws -> T) async rethrows -> T {
        try await system.changing(label(), body)
    }

    private func reading<T>(_ label: String, _ body: () async -> T) async -> T {
        StepCounter.shared.step(label)
        return await body()
    }

    func add(_ request: NotificationRequest) async throws {
        try await changing("center add \(request.identifier)") { try await center.add(request) }
    }

    func pendingNotificationRequests() async -> [NotificationRequest] {
        await reading("center pending") { await center.pendingNotificationRequests() }
    }

    func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {
        await changing("center remove pending \(identifiers.count)") {
            await center.removePendingNotificationRequests(withIdentifiers: identifiers)
        }
    }

    func removeAllPendingNotificationRequests() async {
        await changing("center remove all pending") { await center.removeAllPendingNotificationRequests() }
    }

    func deliveredNotifications() async -> [DeliveredNotification] {
        await reading("center delivered") { await center.deliveredNotifications() }
    }

    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
        await changing("center remove delivered \(identifiers.count)") {
            await center.removeDeliveredNotifications(withIdentifiers: identifiers)
        }
    }

    func removeAllDeliveredNotifications() async {
        await changing("center remove all delivered") { await center.removeAllDeliveredNotifications() }
    }

    func setBadgeCount(_ count: Int) async throws {
        try await changing("center badge \(count)") { try await center.setBadgeCount(count) }
    }

    func setNotificationCategories(_ categories: Set<NotificationCategory>) async {
        await changing("center categories") { await center.setNotificationCategories(categories) }
    }

    func notificationCategories() async -> Set<NotificationCategory> {
        await reading("center categories read") { await center.notificationCategories() }
    }

    func authorizationStatus() async -> AuthorizationStatus {
        await reading("center authorization") { await center.authorizationStatus() }
    }

    func requestAuthorization(options: AuthorizationOptions) async throws -> Bool {
        try await changing("center request authorization") { try await center.requestAuthorization(options: options) }
    }
}
