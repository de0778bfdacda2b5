/// A notification to show inside the app, with its category's actions plus Dismiss,
/// for categories presented ``ReminderCategory/ForegroundPresentation/inAppPrompt``. Choosing one of its
/// actions with ``Engine/chose(_:in:text:)`` runs the same handling as the system's
/// action button.
public struct InAppPrompt: Hashable, Sendable {
    public struct Action: Hashable, Sendable {
        public var identifier: String
        public var title: String
        public var kind: HeraldAction
    }

    public var notification: DeliveredNotification
    public var title: String
    public var body: String
    /// The category's actions, then Dismiss (``NotificationResponse/dismissActionIdentifier``).
    public var actions: [Action]
}
