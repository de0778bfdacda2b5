/// A category of Herald notifications: its identifier, its action buttons (with what
/// each does), whether dismissals are reported, and how it appears in the foreground.
///
/// ```swift
/// let exercise = ReminderCategory(
///     identifier: "exercise.reminder",
///     actions: [.complete("log", title: "Log Exercise", options: [.foreground]),
///               .snooze("snooze-5", title: "Snooze 5 min", for: 300)],
///     reportsDismissal: true,
///     foreground: .inAppPrompt
/// )
/// ```
public struct ReminderCategory: Hashable, Sendable {
    public var identifier: String
    public var actions: [Action]
    /// Whether the user swiping the notification away is reported as a response.
    public var reportsDismissal: Bool
    public var foreground: ForegroundPresentation
    /// Further platform options (CarPlay, hidden previews).
    public var options: NotificationCategory.Options

    public init(identifier: String, actions: [Action], reportsDismissal: Bool = false,
                foreground: ForegroundPresentation = .system([.banner, .list, .sound, .badge]),
                options: NotificationCategory.Options = []) {
        self.identifier = identifier
        self.actions = actions
        self.reportsDismissal = reportsDismissal
        self.foreground = foreground
        self.options = options
    }

    /// The platform's form of the category.
    public var notificationCategory: NotificationCategory {
        NotificationCategory(
            identifier: identifier, actions: actions.map(\.notificationAction),
            options: reportsDismissal ? options.union(.customDismissAction) : options)
    }

    /// What an action identifier of a response means in this category.
    public func action(for identifier: String) -> HeraldAction {
        switch identifier {
        case NotificationResponse.defaultActionIdentifier: .open
        case NotificationResponse.dismissActionIdentifier: .dismiss
        default: actions.first { $0.identifier == identifier }?.kind ?? .custom(identifier)
        }
    }
}

extension ReminderCategory {
    /// The identifier of `doneAll`, the action of ``group``.
    public static let doneAllActionIdentifier = "herald.done-all"

    /// The category of Herald's group notifications (``PlannedGroup``): one "Done all"
    /// action that completes every member for its day. An app that groups reminders
    /// registers it (or its own category under `herald.group`, whose complete action
    /// means "Done all" too); Herald reads a response to a group with it even when the
    /// registry lacks it.
    ///
    /// ```swift
    /// let categories = try CategoryRegistry([habitCategory, .group])
    /// ```
    public static let group = ReminderCategory(
        identifier: "herald.group",
        actions: [.complete(doneAllActionIdentifier, title: "Done all")])
}
