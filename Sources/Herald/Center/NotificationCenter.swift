/// The notification center Herald drives: the async API of `UNUserNotificationCenter`,
/// so that the real one (on Apple platforms) and `SimulatedNotificationCenter` (for
/// tests and the CLI) are interchangeable.
///
/// Herald is the only code that should call it: the app declares reminders and Herald
/// plans, adds, removes and badges.
///
/// ## The contract every implementation keeps
///
/// `HeraldConformance`'s `NotificationCenterConformance` checks each point (one
/// `ConformanceCheck` per point); every implementation runs it in its tests.
///
/// - **Add replaces.** Adding a request whose identifier is pending replaces the
///   pending one, content and trigger; there is never more than one pending request
///   per identifier.
/// - **Add validates.** A repeating time-interval trigger under 60 seconds, or a
///   non-positive interval, throws ``NotificationCenterError`` (`invalidTrigger`) and
///   changes nothing: a pending request with the same identifier stays as it was.
///   Requests are accepted whatever the authorization (a denied app's are kept and
///   never shown).
/// - **Pending is what will fire.** ``pendingNotificationRequests()`` lists requests
///   that have not fired yet and repeating ones, each once, with the content and
///   trigger they were added with, in no promised order. A one-shot request leaves the
///   list when it fires; one whose trigger can never fire (a calendar date that has
///   passed) is not listed.
/// - **Removal is by identifier** and ignores identifiers that are not there. Removing
///   pending requests never touches delivered ones, and the other way round, even under
///   the same identifier.
/// - **Delivered is what the user can still see**, oldest first, until removed or
///   cleared by the user. Nothing is delivered while authorization does not allow it.
/// - **The badge is absolute.** ``setBadgeCount(_:)`` sets it; a delivered
///   notification whose content has a badge sets it to that number, `nil` leaves it;
///   `0` clears it. (The protocol cannot read the badge back, so the shared checks only
///   see that counts are accepted; implementations test the value themselves.)
/// - **Categories are replaced as a whole** by ``setNotificationCategories(_:)`` and
///   read back unchanged.
/// - **Authorization** starts `notDetermined` on a fresh install;
///   ``requestAuthorization(options:)`` answers whether delivery is allowed and fixes
///   the status: asking again gives the same answer without asking the user again.
/// - **Capacity.** Above ``capacity`` pending requests the center keeps ``capacity``
///   of them and discards the rest; a repeating request counts once. Which ones it
///   keeps is not reliable across OS versions, which is why Herald never asks for more.
///
/// Besides, ``notificationSettings()`` gives which of alert, sound and badge the user
/// allows the app (``NotificationSettings``), read by the engine at the start of each
/// run; a center that cannot tell keeps the default implementation, everything on.
///
/// ```swift
/// let center: any NotificationCenter = SimulatedNotificationCenter(clock: clock)
/// try await center.add(request)
/// let pending = await center.pendingNotificationRequests()
/// ```
public protocol NotificationCenter: Sendable {
    /// The most requests the center keeps pending: 64 on Apple platforms.
    var capacity: Int { get }

    func add(_ request: NotificationRequest) async throws
    func pendingNotificationRequests() async -> [NotificationRequest]
    func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async
    func removeAllPendingNotificationRequests() async

    func deliveredNotifications() async -> [DeliveredNotification]
    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async
    func removeAllDeliveredNotifications() async

    func setBadgeCount(_ count: Int) async throws

    func setNotificationCategories(_ categories: Set<NotificationCategory>) async
    func notificationCategories() async -> Set<NotificationCategory>

    func authorizationStatus() async -> AuthorizationStatus
    /// Asks the user (or, in the simulator, the scripted user) for permission.
    /// - Returns: whether notifications may now be delivered.
    func requestAuthorization(options: AuthorizationOptions) async throws -> Bool
    /// Which of alert, sound and badge the user allows the app (`UNNotificationSettings`).
    func notificationSettings() async -> NotificationSettings
    /// The permission and the switches together, as the engine reads them at the start
    /// of each run: one call where the platform answers both at once
    /// (`UNUserNotificationCenter.notificationSettings()` holds the authorization too).
    func permission() async -> (status: AuthorizationStatus, settings: NotificationSettings)
}

extension NotificationCenter {
    /// Everything on: the default for a center that cannot tell, so that centers
    /// written before settings existed keep compiling and keep Herald's badges.
    public func notificationSettings() async -> NotificationSettings { .allOn }

    /// ``authorizationStatus()`` and ``notificationSettings()``, one after the other.
    public func permission() async -> (status: AuthorizationStatus, settings: NotificationSettings) {
        (await authorizationStatus(), await notificationSettings())
    }
}

/// Why a notification center refused a call.
public struct NotificationCenterError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: Code
    public let message: String
    /// The platform's own code when the platform refused the call (`UNError.Code`'s
    /// raw value on Apple platforms), else `nil`.
    public let platformCode: Int?

    public init(code: Code, message: String, platformCode: Int? = nil) {
        self.code = code
        self.message = message
        self.platformCode = platformCode
    }

    public var description: String { message }

    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// The trigger cannot be scheduled (a repeating interval under 60 s).
        public static let invalidTrigger = Code(name: "invalidTrigger")
        /// The center failed to store the request (used by tests to inject failures).
        public static let addFailed = Code(name: "addFailed")
        /// The badge could not be set.
        public static let badgeFailed = Code(name: "badgeFailed")
        /// The trigger has no counterpart on this platform (a location trigger where
        /// the adapter cannot build a region).
        public static let unsupportedTrigger = Code(name: "unsupportedTrigger")
        /// The platform refused the call for another reason; see `platformCode`.
        public static let platformError = Code(name: "platformError")
    }

    public static func invalidTrigger(_ message: String) -> NotificationCenterError {
        NotificationCenterError(code: .invalidTrigger, message: message)
    }
}
