#if !os(tvOS)
import Herald

/// What the app tells Herald, beyond launch, the foreground and readiness: the permission
/// prompt, its data being loaded, and the calls its own delegates make when it handles
/// some of them itself (the façade's ``NotificationDelegate``, ``TimeSignalForwarder`` and
/// ``BackgroundRefresh`` make them already).
///
/// Each call is one run of the engine; whoever observes the engine hears its report
/// (``Herald/Engine/observeReports(_:)``), and the call returns it too.
///
/// ```swift
/// _ = try? await herald.requestAuthorization()         // the permission prompt, once
/// await herald.launched()
/// await herald.dataLoaded(app)                          // re-plans with the data, then routes queued taps
/// try await herald.chose(TravelPrompt.keepHomeAction, in: prompt)  // the travel prompt (report.travel)
/// ```
extension HeraldSystem {
    /// Asks the user for permission to notify (the system asks once; later calls answer
    /// at once) and re-plans with the answer.
    ///
    /// - Returns: whether notifications are allowed.
    @discardableResult
    public func requestAuthorization(options: AuthorizationOptions = [.alert, .sound, .badge]) async throws -> Bool {
        try await host.requestAuthorization(options: options)
    }

    /// The app's data is loaded: a re-plan with it (its `reason` in the report), then the
    /// app is ready (``ready(_:)``), so queued taps are routed, in order, each once.
    @discardableResult
    public func dataLoaded(_ responder: any AppResponder, because reason: String = "data loaded") async
        -> ReconcileReport {
        await host.dataLoaded(responder, because: reason)
    }

    /// The app's data changed in a way no narrower engine call says (an import, a sync):
    /// a re-plan, with `reason` in its report.
    @discardableResult
    public func dataChanged(because reason: String) async -> ReconcileReport {
        await engine.reconcile(because: reason)
    }

    /// The app left the foreground. Herald needs nothing here: the system may suspend
    /// the app, and Herald catches up when it next runs.
    public func enteredBackground() async {
        await host.enteredBackground()
    }

    /// A notification arrives in the foreground: how to present it (system options, or
    /// an in-app prompt for the app to show, with no banner). The façade's
    /// ``NotificationDelegate`` asks this itself.
    public func willPresent(_ notification: DeliveredNotification) async -> PresentationDecision {
        await host.willPresent(notification)
    }

    /// The user responded to a notification: its effect is applied and re-planned now;
    /// its route reaches the app once it is ready. The façade's ``NotificationDelegate``
    /// calls this itself.
    @discardableResult
    public func received(_ response: NotificationResponse) async -> ReconcileReport {
        await host.received(response)
    }

    /// The user answered an in-app prompt (the one `presentPrompt` showed): handled like
    /// the same action on the system notification.
    @discardableResult
    public func chose(_ actionIdentifier: String, in prompt: InAppPrompt, text: String? = nil) async
        -> ReconcileReport {
        await host.chose(actionIdentifier, in: prompt, text: text)
    }

    /// The user answered the travel prompt (`TravelNotice.prompt`): its choice is
    /// recorded for every rule and re-planned now; `nil` when the action is not one of
    /// the prompt's.
    @discardableResult
    public func chose(_ actionIdentifier: String, in prompt: TravelPrompt) async throws -> ReconcileReport? {
        try await host.chose(actionIdentifier, in: prompt)
    }

    /// Time moved under the app (a day change, a zone change, the clock set). The
    /// façade's ``TimeSignalForwarder`` calls this itself from ``launched(readyWith:)`` on.
    @discardableResult
    public func timeChanged(_ change: TimeChange) async -> ReconcileReport {
        await host.timeChanged(change)
    }

    /// The system gave the app a background refresh: a re-plan. The façade's
    /// ``BackgroundRefresh`` calls this itself when it has a `refreshIdentifier`.
    @discardableResult
    public func backgroundRefresh() async -> ReconcileReport {
        await host.backgroundRefresh()
    }
}
#endif
