#if !os(tvOS)
import Foundation
import Herald
#if canImport(UserNotifications)
import UserNotifications
#else
import UserNotificationsShim
#endif

/// Herald's `NotificationCenter` over the platform's `UNUserNotificationCenter`.
///
/// Every field of Herald's model is mapped both ways, so a request Herald adds comes
/// back from ``pendingNotificationRequests()`` equal to what was added and reconciling
/// twice touches nothing. Refusals become `NotificationCenterError` with the
/// platform's code in `platformCode`; triggers the platform would trap on (a repeating
/// interval under 60 s, a non-positive interval) are refused before they reach it.
///
/// ```swift
/// let center = UserNotificationCenter()            // UNUserNotificationCenter.current()
/// let engine = Engine(center: center, source: habits, store: store, clock: SystemClock())
/// ```
///
/// Removals and category sets are applied by the system after the call returns, and a
/// read right after can still show the state from before; the adapter never counts on
/// reading its own changes back at once (see `UnsettledChanges`): what it asked to
/// remove is left out of reads until the system no longer lists it, and the categories
/// it set are what it reads until the system shows them. Make one adapter per platform
/// center (copies share what they remember).
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
    /// What this adapter asked that the system may not show yet.
    private let unsettled = UnsettledChanges()

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
        unsettled.adding(request.identifier)
        do {
            try await center.add(platformRequest)
        } catch {
            throw PlatformMapping.error(error, code: .addFailed, doing: "adding \(request.identifier)")
        }
    }

    /// The pending requests, without those this adapter asked to remove that the
    /// system still lists.
    public func pendingNotificationRequests() async -> [NotificationRequest] {
        let read = unsettled.beginRead()
        let platform = await center.pendingNotificationRequests()
        let visible = unsettled.visiblePending(platform.map(\.identifier), readFrom: read)
        return platform.filter { visible.contains($0.identifier) }.map(PlatformMapping.request)
    }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {
        guard !identifiers.isEmpty else { return }
        unsettled.removingPending(identifiers)
        center.removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    /// Removes every pending request; those the system lists now are remembered as
    /// removed until it no longer does.
    public func removeAllPendingNotificationRequests() async {
        let listed = await center.pendingNotificationRequests().map(\.identifier)
        unsettled.removingPending(listed)
        center.removeAllPendingNotificationRequests()
    }

    /// The delivered notifications, oldest first, without those this adapter asked to
    /// remove that the system still lists.
    public func deliveredNotifications() async -> [DeliveredNotification] {
        let read = unsettled.beginRead()
        let platform = await center.deliveredNotifications()
        let visible = unsettled.visibleDelivered(platform.map { ($0.request.identifier, $0.date) }, readFrom: read)
        return zip(platform, visible).compactMap { $1 ? PlatformMapping.delivered($0) : nil }.sorted { $0.date < $1.date }
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
        guard !identifiers.isEmpty else { return }
        unsettled.removingDelivered(identifiers)
        center.removeDeliveredNotifications(withIdentifiers: identifiers)
    }

    /// Removes every delivered notification; those the system lists now are remembered
    /// as removed (up to their dates) until it no longer does.
    public func removeAllDeliveredNotifications() async {
        let listed = await center.deliveredNotifications().map { ($0.request.identifier, $0.date) }
        unsettled.removingAllDelivered(listed)
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
        unsettled.settingCategories(categories)
        center.setNotificationCategories(Set(categories.map(PlatformMapping.platformCategory)))
    }

    /// The categories this adapter last set until the system shows them, then the
    /// system's.
    public func notificationCategories() async -> Set<NotificationCategory> {
        let read = unsettled.beginRead()
        let platform = Set(await center.notificationCategories().map(PlatformMapping.category))
        return unsettled.visibleCategories(platform, readFrom: read)
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
