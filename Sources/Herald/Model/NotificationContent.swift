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
    /// How the system ranks this notification in a summary, from 0 to 1; 0 (the
    /// platform's default) leaves the ranking to the system.
    public var relevanceScore: Double
    /// The window or scene a tap brings forward, or `nil` for the app's default.
    public var targetContentIdentifier: String?
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
        relevanceScore: Double = 0,
        targetContentIdentifier: String? = nil,
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
        self.relevanceScore = relevanceScore
        self.targetContentIdentifier = targetContentIdentifier
        self.userInfo = userInfo
    }

    /// Reads content written before ``relevanceScore`` and ``targetContentIdentifier``
    /// existed (queued responses, scenario files) as well as current content.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        subtitle = try container.decode(String.self, forKey: .subtitle)
        body = try container.decode(String.self, forKey: .body)
        sound = try container.decodeIfPresent(NotificationSound.self, forKey: .sound)
        badge = try container.decodeIfPresent(Int.self, forKey: .badge)
        categoryIdentifier = try container.decode(String.self, forKey: .categoryIdentifier)
        threadIdentifier = try container.decode(String.self, forKey: .threadIdentifier)
        interruptionLevel = try container.decode(InterruptionLevel.self, forKey: .interruptionLevel)
        relevanceScore = try container.decodeIfPresent(Double.self, forKey: .relevanceScore) ?? 0
        targetContentIdentifier = try container.decodeIfPresent(String.self, forKey: .targetContentIdentifier)
        userInfo = try container.decode([String: JSONValue].self, forKey: .userInfo)
    }
}
