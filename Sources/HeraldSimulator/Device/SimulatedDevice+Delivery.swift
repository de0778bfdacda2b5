import Herald

extension SimulatedDevice {
    /// The center's presenter: how a delivery is shown, given the app's state at its
    /// instant and the user's settings. Records it with the category registered now, and
    /// returns the options the center applies (list and badge).
    func present(_ notification: DeliveredNotification, outcome: DeliveryRecord.Outcome) async -> PresentationOptions {
        let category = await registeredCategory(of: notification)
        let state = appState
        var presentation: NotificationPresentation
        if state == .foreground, let app {
            let asked = await app.willPresent(notification)
            presentation = .foreground(asked: asked, outcome: outcome)
        } else {
            presentation = outcome == .deliveredQuietly ? .quiet : .system
        }
        // The user's switches in Settings apply whatever the app asked.
        presentation = presentation.applying(await center.notificationSettings())
        let presented = PresentedNotification(
            notification: notification, presentation: presentation, appState: state, category: category
        )
        presentedNotifications.append(presented)
        record(.delivered(presented), at: notification.date)
        return presentation.options
    }

    /// The category named by the notification's content, as registered in the center now.
    func registeredCategory(of notification: DeliveredNotification) async -> NotificationCategory? {
        let identifier = notification.request.content.categoryIdentifier
        guard !identifier.isEmpty else { return nil }
        return await center.notificationCategories().first { $0.identifier == identifier }
    }
}
