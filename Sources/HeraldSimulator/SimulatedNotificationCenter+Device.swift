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

    /// Installs the device's hook for region crossings: when set, each crossing goes to
    /// it (the device wakes or relaunches the app first) instead of straight to the
    /// region handler.
    func setRegionRelay(_ relay: (@Sendable (RegionEvent) async -> Void)?) {
        regionRelay = relay
    }

    /// Hands a crossing to the app's region handler (``setRegionHandler(_:)``).
    func reportToRegionHandler(_ event: RegionEvent) async {
        await regionHandler?(event)
    }

    /// The user removes notifications from the list (tap, action, swipe, clear): not a
    /// call of the app, so it is not counted in ``callCounts``.
    func removeDeliveredByUser(withIdentifiers identifiers: Set<String>) {
        delivered.remove(identifiers)
    }
}
