/// The one place an app's lifecycle meets Herald, whatever the platform: what the app's
/// delegates, the system's time signals and background refresh call. On Apple
/// platforms an app holds `HeraldSystem` (module `HeraldUserNotifications`), which makes
/// its host and carries these same calls; the simulated device (`HostedApp`), the
/// scenario player and the showcase apps hold a host directly.
///
/// Each call forwards to the ``Engine``. The report of every run goes to whoever observes
/// the engine (``Engine/observeReports(_:)``: a log, a timeline, background refresh,
/// region monitoring), so no call site carries reports; each call also returns its run's
/// report, for the caller's own use:
///
/// ```swift
/// let host = AppHost(engine: engine)
/// await engine.observeReports { report in logger.debug("re-planned", metadata: ["badge": "\(report.badgeSet ?? 0)"]) }
/// _ = try await host.requestAuthorization()      // the permission prompt, once
/// await host.launched()                          // application(_:didFinishLaunchingWithOptions:)
/// await host.becameActive()                      // scene did become active
/// let decision = await host.willPresent(note)    // UNUserNotificationCenterDelegate.willPresent
/// await host.received(response)                  // UNUserNotificationCenterDelegate.didReceive
/// await host.timeChanged(.dayChanged)            // significant time change, time zone change
/// try await host.chose(TravelPrompt.keepHomeAction, in: prompt)  // the travel prompt (report.travel)
/// await host.backgroundRefresh()                 // BGAppRefreshTask
/// await host.dataLoaded(responder)               // the app's data is loaded: a re-plan, then routes flow
/// ```
package struct AppHost: Sendable {
    package let engine: Engine

    /// - Parameter engine: The app's engine; its observers hear every run a call causes.
    package init(engine: Engine) {
        self.engine = engine
    }

    /// The process started: categories, history trimmed, a re-plan. Routes wait for
    /// ``ready(_:)``; pass `readyWith` when the app's data is in memory at launch.
    @discardableResult
    package func launched(readyWith responder: (any AppResponder)? = nil) async -> ReconcileReport {
        let report = await engine.launched()
        if let responder { await engine.ready(responder) }
        return report
    }

    /// Asks the user for permission to notify (the system asks once) and re-plans with
    /// the answer.
    ///
    /// - Returns: whether notifications are allowed.
    @discardableResult
    package func requestAuthorization(options: AuthorizationOptions = [.alert, .sound, .badge]) async throws -> Bool {
        try await engine.requestAuthorization(options: options)
    }

    /// The app's data is loaded: a re-plan with it (`reason` in its report), then the app
    /// is ready (``ready(_:)``), so queued routes are handed over, in order, each once.
    @discardableResult
    package func dataLoaded(_ responder: any AppResponder, because reason: String = "data loaded") async
        -> ReconcileReport {
        let report = await engine.reconcile(because: reason)
        await engine.ready(responder)
        return report
    }

    /// The app came back to the foreground.
    @discardableResult
    package func becameActive() async -> ReconcileReport {
        await engine.becameActive()
    }

    /// The app left the foreground. Herald needs nothing here: the system may suspend
    /// the app, and Herald catches up when it next runs.
    package func enteredBackground() async {}

    /// A notification arrives in the foreground: how to present it (system options, or
    /// an in-app prompt for the app to show, with no banner).
    package func willPresent(_ notification: DeliveredNotification) async -> PresentationDecision {
        await engine.willPresent(notification)
    }

    /// The user responded to a notification: its effect is applied and re-planned now;
    /// its route reaches the app once it is ready.
    @discardableResult
    package func received(_ response: NotificationResponse) async -> ReconcileReport {
        await engine.received(response)
    }

    /// The user answered an in-app prompt: handled like the same action on the system
    /// notification.
    @discardableResult
    package func chose(_ actionIdentifier: String, in prompt: InAppPrompt, text: String? = nil) async -> ReconcileReport {
        await engine.chose(actionIdentifier, in: prompt, text: text)
    }

    /// The user answered the travel prompt (``TravelNotice/prompt``): its choice is
    /// recorded for every rule and re-planned now.
    @discardableResult
    package func chose(_ actionIdentifier: String, in prompt: TravelPrompt) async throws -> ReconcileReport? {
        try await engine.chose(actionIdentifier, in: prompt)
    }

    /// Time moved under the app (a day change, a zone change, the clock set).
    @discardableResult
    package func timeChanged(_ change: TimeChange) async -> ReconcileReport {
        await engine.timeChanged(change)
    }

    /// The system gave the app a background refresh.
    @discardableResult
    package func backgroundRefresh() async -> ReconcileReport {
        await engine.backgroundRefresh()
    }

    /// The app's data is loaded and its handlers wired: queued routes are handed over.
    package func ready(_ responder: any AppResponder) async {
        await engine.ready(responder)
    }
}
