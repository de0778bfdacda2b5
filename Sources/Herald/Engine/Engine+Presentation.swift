import Foundation

extension Engine {
    /// A notification arrived while the app is in the foreground (the delegate's
    /// `willPresent`): records it in the fired log and decides how it is shown, from
    /// its category's ``ForegroundPresentation``.
    public func willPresent(_ notification: DeliveredNotification) async -> PresentationDecision {
        if let identifier = notification.heraldIdentifier(deviceZone: clock.timeZone) {
            do {
                try commit([.recordFired(FiredRecord(identifier: identifier, date: notification.date))])
            } catch {
                logger.error("recording a delivered notification failed", metadata: [
                    "identifier": "\(notification.request.identifier)", "error": "\(error)",
                ])
            }
        }
        let content = notification.request.content
        guard let category = categories[content.categoryIdentifier] else { return .system(.all) }
        switch category.foreground {
        case .system(let options):
            return .system(options)
        case .inAppPrompt:
            let actions = category.actions.map { InAppPrompt.Action(identifier: $0.identifier, title: $0.title, kind: $0.kind) }
                + [InAppPrompt.Action(identifier: NotificationResponse.dismissActionIdentifier, title: "Dismiss", kind: .dismiss)]
            return .prompt(InAppPrompt(notification: notification, title: content.title, body: content.body, actions: actions))
        }
    }

    /// The user chose an action in an in-app prompt: handled exactly like the same
    /// action chosen on the system notification.
    @discardableResult
    public func chose(_ actionIdentifier: String, in prompt: InAppPrompt, text: String? = nil) async -> ReconcileReport {
        await received(NotificationResponse(notification: prompt.notification, actionIdentifier: actionIdentifier, userText: text))
    }
}
