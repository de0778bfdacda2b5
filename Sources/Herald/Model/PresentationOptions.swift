/// How a notification that arrives while the app is in the foreground is shown,
/// mirroring `UNNotificationPresentationOptions`. Empty means silenced: not shown, not
/// kept in the list.
///
/// ```swift
/// let options: PresentationOptions = [.banner, .list, .sound]
/// ```
public struct PresentationOptions: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let banner = PresentationOptions(rawValue: 1 << 0)
    public static let list = PresentationOptions(rawValue: 1 << 1)
    public static let sound = PresentationOptions(rawValue: 1 << 2)
    public static let badge = PresentationOptions(rawValue: 1 << 3)

    /// Everything the system does in the background.
    public static let all: PresentationOptions = [.banner, .list, .sound, .badge]
}
