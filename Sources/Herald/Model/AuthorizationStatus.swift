/// Whether the app may show notifications, mirroring `UNAuthorizationStatus`.
public enum AuthorizationStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// The user has not been asked yet.
    case notDetermined
    /// The user said no: requests are accepted and never shown.
    case denied
    /// The user said yes.
    case authorized
    /// Delivered quietly to the list, without interrupting, until the user decides.
    case provisional
    /// Authorized for a limited time (App Clips).
    case ephemeral

    /// Whether notifications reach the user at all.
    public var allowsDelivery: Bool {
        switch self {
        case .authorized, .provisional, .ephemeral: true
        case .notDetermined, .denied: false
        }
    }
}

/// What an app asks permission for, mirroring `UNAuthorizationOptions`.
public struct AuthorizationOptions: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let badge = AuthorizationOptions(rawValue: 1 << 0)
    public static let sound = AuthorizationOptions(rawValue: 1 << 1)
    public static let alert = AuthorizationOptions(rawValue: 1 << 2)
    public static let provisional = AuthorizationOptions(rawValue: 1 << 3)
    public static let timeSensitive = AuthorizationOptions(rawValue: 1 << 4)
    /// The app has its own notification settings screen: the system offers a link to it
    /// and the delegate's `openSettingsFor` is called only when this was requested
    /// (`UNAuthorizationOptions.providesAppNotificationSettings`; not on watchOS).
    public static let providesAppNotificationSettings = AuthorizationOptions(rawValue: 1 << 5)
}
