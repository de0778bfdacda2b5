import Herald

// Hooks for ``SimulatedDevice``, which stands for the rest of the operating system
// around the center: the app's process, its foreground presentation and the user.
// Internal: the app under test only sees the center's public, platform-like API.
extension SimulatedNotificationCenter {
    /// Installs the function that decides how each delivery is presented (asked before
    /// the notification reaches the list and its badge is applied). `nil` presents
    /// everything as the system does in the background.
    func setPresenter(
        _ presenter: (@Sendable (DeliveredNotification, DeliveryRecord.Outcome) async -> PresentationOptions)?
    ) {
        self.presenter = presenter
    }

    /// The user removes notifications from the list (tap, action, swipe, clear): not a
    /// call of the app, so it is not counted in ``callCounts``.
    func removeDeliveredByUser(withIdentifiers identifiers: Set<String>) {
        delivered.remove(identifiers)
    }
}
