/// A group of actions that notifications refer to by identifier, mirroring
/// `UNNotificationCategory`.
///
/// ```swift
/// let reminder = NotificationCategory(
///     identifier: "exercise.reminder",
///     actions: [
///         NotificationAction(identifier: "log", title: "Log Exercise", options: [.foreground]),
///         NotificationAction(identifier: "snooze", title: "Snooze 5 min"),
///     ],
///     options: [.customDismissAction]
/// )
/// ```
public struct NotificationCategory: Hashable, Sendable, Codable {
    public var identifier: String
    public var actions: [NotificationAction]
    public var options: Options

    public init(identifier: String, actions: [NotificationAction], options: Options = []) {
        self.identifier = identifier
        self.actions = actions
        self.options = options
    }

    /// How notifications of a category behave, mirroring `UNNotificationCategoryOptions`.
    public struct Options: OptionSet, Hashable, Sendable, Codable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Report the user dismissing the notification to the app.
        public static let customDismissAction = Options(rawValue: 1 << 0)
        public static let allowInCarPlay = Options(rawValue: 1 << 1)
        public static let hiddenPreviewsShowTitle = Options(rawValue: 1 << 2)
        public static let hiddenPreviewsShowSubtitle = Options(rawValue: 1 << 3)
    }
}
