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
    /// A content's values, in one immutable box its copies share: copying a content
    /// is one reference, reading a value needs no access check, comparing two copies is
    /// one pointer comparison, and a change makes a new box.
    fileprivate struct Values: Sendable {
        var title: String
        var subtitle: String
        var body: String
        var sound: Sound?
        var badge: Int?
        var categoryIdentifier: String
        var threadIdentifier: String
        var interruptionLevel: InterruptionLevel
        var relevanceScore: Double
        var targetContentIdentifier: String?
        var userInfo: [String: JSONValue]
    }

    fileprivate final class Storage: Sendable {
        let values: Values
        init(_ values: Values) { self.values = values }
    }

    fileprivate var storage: Storage

    /// Changes values in a new box, so no copy sees the change.
    private mutating func change(_ body: (inout Values) -> Void) {
        var values = storage.values
        body(&values)
        storage = Storage(values)
    }

    public var title: String {
        _read { yield storage.values.title }
        set { change { $0.title = newValue } }
    }
    public var subtitle: String {
        _read { yield storage.values.subtitle }
        set { change { $0.subtitle = newValue } }
    }
    public var body: String {
        _read { yield storage.values.body }
        set { change { $0.body = newValue } }
    }
    /// The sound to play, or `nil` for a silent notification.
    public var sound: Sound? {
        _read { yield storage.values.sound }
        set { change { $0.sound = newValue } }
    }
    /// The app badge to set when this notification is delivered: an absolute number;
    /// `0` clears the badge and `nil` leaves it as it is.
    public var badge: Int? {
        _read { yield storage.values.badge }
        set { change { $0.badge = newValue } }
    }
    /// The category whose actions the notification offers; empty for none.
    public var categoryIdentifier: String {
        _read { yield storage.values.categoryIdentifier }
        set { change { $0.categoryIdentifier = newValue } }
    }
    /// The thread that groups notifications in the list; empty for the app's default.
    public var threadIdentifier: String {
        _read { yield storage.values.threadIdentifier }
        set { change { $0.threadIdentifier = newValue } }
    }
    public var interruptionLevel: InterruptionLevel {
        _read { yield storage.values.interruptionLevel }
        set { change { $0.interruptionLevel = newValue } }
    }
    /// How the system ranks this notification in a summary, from 0 to 1; 0 (the
    /// platform's default) leaves the ranking to the system.
    public var relevanceScore: Double {
        _read { yield storage.values.relevanceScore }
        set { change { $0.relevanceScore = newValue } }
    }
    /// The window or scene a tap brings forward, or `nil` for the app's default.
    public var targetContentIdentifier: String? {
        _read { yield storage.values.targetContentIdentifier }
        set { change { $0.targetContentIdentifier = newValue } }
    }
    /// JSON-safe extras. Herald owns the ``HeraldPayload/userInfoKey`` entry.
    public var userInfo: [String: JSONValue] {
        _read { yield storage.values.userInfo }
        set { change { $0.userInfo = newValue } }
    }

    public init(
        title: String,
        subtitle: String = "",
        body: String = "",
        sound: Sound? = .default,
        badge: Int? = nil,
        categoryIdentifier: String = "",
        threadIdentifier: String = "",
        interruptionLevel: InterruptionLevel = .active,
        relevanceScore: Double = 0,
        targetContentIdentifier: String? = nil,
        userInfo: [String: JSONValue] = [:]
    ) {
        storage = Storage(Values(title: title, subtitle: subtitle, body: body, sound: sound, badge: badge,
                                 categoryIdentifier: categoryIdentifier, threadIdentifier: threadIdentifier,
                                 interruptionLevel: interruptionLevel, relevanceScore: relevanceScore,
                                 targetContentIdentifier: targetContentIdentifier, userInfo: userInfo))
    }

    /// Reads content written before ``relevanceScore`` and ``targetContentIdentifier``
    /// existed (queued responses, scenario files) as well as current content.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        storage = Storage(Values(
            title: try container.decode(String.self, forKey: .title),
            subtitle: try container.decode(String.self, forKey: .subtitle),
            body: try container.decode(String.self, forKey: .body),
            sound: try container.decodeIfPresent(Sound.self, forKey: .sound),
            badge: try container.decodeIfPresent(Int.self, forKey: .badge),
            categoryIdentifier: try container.decode(String.self, forKey: .categoryIdentifier),
            threadIdentifier: try container.decode(String.self, forKey: .threadIdentifier),
            interruptionLevel: try container.decode(InterruptionLevel.self, forKey: .interruptionLevel),
            relevanceScore: try container.decodeIfPresent(Double.self, forKey: .relevanceScore) ?? 0,
            targetContentIdentifier: try container.decodeIfPresent(String.self, forKey: .targetContentIdentifier),
            userInfo: try container.decode([String: JSONValue].self, forKey: .userInfo)))
    }

    /// Encodes every field under its name; absent optionals are left out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encode(subtitle, forKey: .subtitle)
        try container.encode(body, forKey: .body)
        try container.encodeIfPresent(sound, forKey: .sound)
        try container.encodeIfPresent(badge, forKey: .badge)
        try container.encode(categoryIdentifier, forKey: .categoryIdentifier)
        try container.encode(threadIdentifier, forKey: .threadIdentifier)
        try container.encode(interruptionLevel, forKey: .interruptionLevel)
        try container.encode(relevanceScore, forKey: .relevanceScore)
        try container.encodeIfPresent(targetContentIdentifier, forKey: .targetContentIdentifier)
        try container.encode(userInfo, forKey: .userInfo)
    }

    private enum CodingKeys: String, CodingKey {
        case title, subtitle, body, sound, badge, categoryIdentifier, threadIdentifier, interruptionLevel
        case relevanceScore, targetContentIdentifier, userInfo
    }

    /// Equal when every field is; copies of one content are equal at once.
    public static func == (lhs: NotificationContent, rhs: NotificationContent) -> Bool {
        if lhs.storage === rhs.storage { return true }
        guard lhs.title == rhs.title, lhs.subtitle == rhs.subtitle, lhs.body == rhs.body, lhs.sound == rhs.sound,
              lhs.badge == rhs.badge, lhs.categoryIdentifier == rhs.categoryIdentifier else { return false }
        guard lhs.threadIdentifier == rhs.threadIdentifier, lhs.interruptionLevel == rhs.interruptionLevel,
              lhs.relevanceScore == rhs.relevanceScore else { return false }
        return lhs.targetContentIdentifier == rhs.targetContentIdentifier && lhs.userInfo == rhs.userInfo
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(title)
        hasher.combine(subtitle)
        hasher.combine(body)
        hasher.combine(sound)
        hasher.combine(badge)
        hasher.combine(categoryIdentifier)
        hasher.combine(threadIdentifier)
        hasher.combine(interruptionLevel)
        hasher.combine(relevanceScore)
        hasher.combine(targetContentIdentifier)
        hasher.combine(userInfo)
    }
}
