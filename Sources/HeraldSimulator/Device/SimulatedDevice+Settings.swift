import Herald

extension SimulatedDevice {
    /// The user changes the app's notification permission in Settings.
    ///
    /// The app gets no dedicated callback, as on iOS: it learns the new status when it
    /// next becomes active or launches. When it is in the foreground, the user leaves it
    /// for Settings (`didEnterBackground()`) and comes back (`didBecomeActive()`); when
    /// it is in the background or not running, only the status changes.
    ///
    /// ```swift
    /// try await device.launch()
    /// await device.setAuthorization(.authorized)   // entered background, authorization authorized, became active
    /// ```
    @discardableResult
    public func setAuthorization(_ status: AuthorizationStatus) async -> UserActionOutcome {
        await outcome {
            let wasInForeground = appState == .foreground
            if wasInForeground { await enterBackground() }
            await center.setAuthorizationStatus(status)
            record(.authorizationChanged(status))
            if wasInForeground { await becomeActive() }
        }
    }
}
