#if !os(tvOS)
import Foundation
import Herald
#if canImport(UserNotifications)
import UserNotifications
#else
import UserNotificationsShim
#endif

/// Herald's ``Herald/NotificationCenter`` over the platform's `UNUserNotificationCenter`.
///
/// Every field of Herald's model is mapped both ways, so a request Herald adds comes
/// back from ``pendingNotificationRequests()`` equal to what was added and reconciling
/// twice touches nothing. Refusals become ``Herald/NotificationCenterError`` with the
/// platform's code in `platformCode`; triggers the platform would trap on (a repeating
/// interval under 60 s, a non-positive interval) are refused before they reach it.
///
/// ```swift
/// let center = UserNotificationCenter()            // UNUserNotificationCenter.current()
/// let engine = Engine(center: center, source: habits, store: store, clock: SystemClock())
/// ```
///
/// Not built on tvOS, where UserNotifications lacks alert content. Location triggers map
/// to `UNLocationNotificationTrigger` with a `CLCircularRegion` on iOS and watchOS (and
/// the Linux stand-in); elsewhere ``add(_:)`` refuses them with `unsupportedTrigger`.
public struct UserNotificationCenter: Herald.NotificationCenter {
    /// `UNUserNotificationCenter` is not `Sendable`, but Apple documents its methods as
    /// safe to call from any thread, and this type only calls them.
    nonisolated(unsafe) private let center: UNUserNotificationCenter

    /// The most requests the system keeps pending: 64 on Apple platforms.
    public let capacity: Int

    /// - Parameters:
    ///   - center: the platform's center; the app's own by default.
    ///   - capacity: the platform's pending limit (64 on every OS version so far).
    public init(_ center: UNUserNotificationCenter = .current(), capacity: Int = 64) {
        self.center = center
        self.capacity = capacity
    }

    /// The platform's center this adapter drives (to install a ``NotificationDelegate``).
    public var platformCenter: UNUserNotificationCenter { center }

    public func add(_ request: NotificationRequest) async throws {
        let platformRequest = try PlatformMapping.platformRequest(request)
        do {
            try await center.add(platformRequest)
        } catch {
            throw PlatformMapping.error(error, code: .addFailed, doing: "adding \(request.identifier)")
        }
    }

    public func pendingNotificationRequests() async -> [NotificationRequest] {
        await center.pendingNotificationRequests().map(PlatformMapping.request)
    }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {
        guard !identifiers.isEmpty else { return }
        center.removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    public func removeAllPendingNotificationRequests() async {
        center.removeAllPendingNotificationRequests()
    }

    public func deliveredNotifications() async -> [DeliveredNotification] {
        await center.deliveredNotifications().map(PlatformMapping.delivered).sorted { $0.date < $1.date }
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
        guard !identifiers.isEmpty else { return }
        center.removeDeliveredNotifications(withIdentifiers: identifiers)
    }

    public func removeAllDeliveredNotifications() async {
        center.removeAllDeliveredNotifications()
    }

    /// Sets the app badge; on watchOS, which has no app badge and no `setBadgeCount`,
    /// does nothing.
    public func setBadgeCount(_ count: Int) async throws {
        #if !os(watchOS) && !HERALD_SHIM_WATCHOS
        do {
            try await center.setBadgeCount(count)
        } catch {
            throw PlatformMapping.error(error, code: .badgeFailed, doing: "setting the badge to \(count)")
        }
        #endif
    }

    public func setNotificationCategories(_ categories: Set<NotificationCategory>) async {
        center.setNotificationCategories(Set(categories.map(PlatformMapping.platformCategory)))
    }

    public func notificationCategories() async -> Set<NotificationCategory> {
        Set(await center.notificationCategories().map(PlatformMapping.category))
    }

    public func authorizationStatus() async -> AuthorizationStatus {
        PlatformMapping.status(await center.notificationSettings().authorizationStatus)
    }

    /// The user's alert, sound and badge switches; one the platform reports as
    /// `notSupported` (the badge on watchOS) reads as off.
    public func notificationSettings() async -> NotificationSettings {
        PlatformMapping.settings(await center.notificationSettings())
    }

    /// The authorization and the switches from one `notificationSettings()` call.
    public func permission() async -> (status: AuthorizationStatus, settings: NotificationSettings) {
        let platform = await center.notificationSettings()
        return (PlatformMapping.status(platform.authorizationStatus), PlatformMapping.settings(platform))
    }

    public func requestAuthorization(options: AuthorizationOptions) async throws -> Bool {
        do {
            return try await center.requestAuthorization(options: PlatformMapping.platformOptions(options))
        } catch {
            throw PlatformMapping.error(error, code: .platformError, doing: "asking for permission")
        }
    }
}
#endif
