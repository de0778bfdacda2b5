/// What a notification shows: the platform-neutral counterpart of
/// `UNMutableNotificationContent`.
///
/// Herald builds content from what the app's ``ReminderSource`` returns and adds its
/// own payload to ``userInfo`` (see ``HeraldPayload``); apps put their extras beside it.
///
/// ```swift
/// var content = NotificationContent(title: "Drink water", body: "Second glass of the day")
/// content.sound = .default
/// content.categoryIdentifier = "habit.reminder"
/// ```
public struct NotificationContent: Hashable, Sendable, Codable {
    public var title: String
    public var subtitle: String
    public var body: String
    /// The sound to play, or `nil` for a silent notification.
    public var sound: NotificationSound?
    /// The app badge to set when this notification is delivered: an absolute number;
    /// `0` clears the badge and `nil` leaves it as it is.
    public var badge: Int?
    /// The category whose actions the notification offers; empty for none.
    public var categoryIdentifier: String
    /// The thread that groups notifications in the list; empty for the app's default.
    public var threadIdentifier: String
    public var interruptionLevel: InterruptionLevel
    /// JSON-safe extras. Herald owns the ``HeraldPayload/userInfoKey`` entry.
    public var userInfo: [String: JSONValue]

    public init(
        title: String,
        subtitle: String = "",
        body: String = "",
        sound: NotificationSound? = .default,
        badge: Int? = nil,
        categoryIdentifier: String = "",
        threadIdentifier: String = "",
        interruptionLevel: InterruptionLevel = .active,
        userInfo: [String: JSONValue] = [:]
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.sound = sound
        self.badge = badge
        self.categoryIdentifier = categoryIdentifier
        self.threadIdentifier = threadIdentifier
        self.interruptionLevel = interruptionLevel
        self.userInfo = userInfo
    }
}
