import Herald

/// One delivery as the simulated device presented it: the notification, how it was
/// shown, the app's state at that instant, and the category registered at that
/// instant, whose actions are the only ones the simulated user can choose.
///
/// ```swift
/// let presented = try #require(await device.advance(by: 3_600).first)
/// #expect(presented.presentation == .system)
/// #expect(presented.appState == .notRunning)
/// #expect(presented.offeredActions.map(\.identifier) == ["log", "snooze"])
/// ```
public struct PresentedNotification: Hashable, Sendable, Codable {
    /// The notification, dated at the instant it was delivered.
    public var notification: DeliveredNotification
    public var presentation: NotificationPresentation
    /// Where the app stood when it arrived: only in the foreground was the app asked.
    public var appState: AppState
    /// The category named by the content, as registered at delivery; `nil` when none was
    /// (the notification then offers no actions and its dismissal is not reported).
    public var category: NotificationCategory?

    public init(
        notification: DeliveredNotification,
        presentation: NotificationPresentation,
        appState: AppState,
        category: NotificationCategory?
    ) {
        self.notification = notification
        self.presentation = presentation
        self.appState = appState
        self.category = category
    }

    public var identifier: String { notification.request.identifier }

    /// The actions the notification offered: its category's, as registered at delivery.
    public var offeredActions: [NotificationAction] { category?.actions ?? [] }

    /// Whether swiping it away is reported to the app (the category had
    /// `.customDismissAction` at delivery).
    public var reportsDismissal: Bool { category?.options.contains(.customDismissAction) ?? false }
}
