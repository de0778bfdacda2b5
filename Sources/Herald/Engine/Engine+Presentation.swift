import Foundation

extension Engine {
    /// A notification arrived while the app is in the foreground (the delegate's
    /// `willPresent`): records it in the fired log and decides how it is shown, from
    /// its category's ``ReminderCategory/ForegroundPresentation`` (`EngineStep`).
    public func willPresent(_ notification: DeliveredNotification) async -> PresentationDecision {
        do {
            return try await record(.presented(notification)).presentation ?? .system(.all)
        } catch {
            logger.error("recording a delivered notification failed", metadata: [
                "identifier": "\(notification.request.identifier)", "error": "\(error)",
            ])
            return EngineStep.presentation(of: notification, categories: categories)
        }
    }

    /// The user chose an action in an in-app prompt: handled exactly like the same
    /// action chosen on the system notification.
    @discardableResult
    public func chose(_ actionIdentifier: String, in prompt: InAppPrompt, text: String? = nil) async -> ReconcileReport {
        await received(NotificationResponse(notification: prompt.notification, actionIdentifier: actionIdentifier, userText: text))
    }
}
