/// The one place an app's lifecycle meets Herald: what the app's delegates, the system's
/// time signals and background refresh call, on the real platform and on the simulated
/// device alike.
///
/// Each call forwards to the ``Engine``. The report of every run goes to whoever observes
/// the engine (``Engine/observeReports(_:)``: a log, a timeline, background refresh,
/// region monitoring), so no call site carries reports; each call also returns its run's
/// report, for the caller's own use:
///
/// ```swift
/// let host = AppHost(engine: engine)
/// await engine.observeReports { report in logger.debug("re-planned", metadata: ["reasons": "\(report.reasons)"]) }
/// await host.launched()                          // application(_:didFinishLaunchingWithOptions:)
/// await host.becameActive()                      // scene did become active
/// let decision = await host.willPresent(note)    // UNUserNotificationCenterDelegate.willPresent
/// await host.received(response)                  // UNUserNotificationCenterDelegate.didReceive
/// await host.timeChanged(.dayChanged)            // significant time change, time zone change
/// try await host.chose(TravelPrompt.keepHomeAction, in: prompt)  // the travel prompt (report.travel)
/// await host.backgroundRefresh()                 // BGAppRefreshTask
/// await host.ready(responder)                    // the app's data is loaded: routes flow
/// ```
public struct AppHost: Sendable {
    public let engine: Engine

    /// - Parameter engine: The app's engine; its observers hear every run a call causes.
    public init(engine: Engine) {
        self.engine = engine
    }

    /// The process started: categories, history trimmed, a re-plan. Routes wait for
    /// ``ready(_:)``; pass `readyWith` when the app's data is in memory at launch.
    @discardableResult
    public func launched(readyWith responder: (any AppResponder)? = nil) async -> ReconcileReport {
        let report = await engine.launched()
        if let responder { await engine.ready(responder) }
        return report
    }

    /// The app came back to the foreground.
    @discardableResult
    public func becameActive() async -> ReconcileReport {
        await engine.becameActive()
    }

    /// The app left the foreground. Herald needs nothing here: the system may suspend
    /// the app, and Herald catches up when it next runs.
    public func enteredBackground() async {}

    /// A notification arrives in the foreground: how to present it (system options, or
    /// an in-app prompt for the app to show, with no banner).
    public func willPresent(_ notification: DeliveredNotification) async -> PresentationDecision {
        await engine.willPresent(notification)
    }

    /// The user responded to a notification: its effect is applied and re-planned now;
    /// its route reaches the app once it is ready.
    @discardableResult
    public func received(_ response: NotificationResponse) async -> ReconcileReport {
        await engine.received(response)
    }

    /// The user answered an in-app prompt: handled like the same action on the system
    /// notification.
    @discardableResult
    public func chose(_ actionIdentifier: String, in prompt: InAppPrompt, text: String? = nil) async -> ReconcileReport {
        await engine.chose(actionIdentifier, in: prompt, text: text)
    }

    /// The user answered the travel prompt (``TravelNotice/prompt``): its choice is
    /// recorded for every rule and re-planned now.
    @discardableResult
    public func chose(_ actionIdentifier: String, in prompt: TravelPrompt) async throws -> ReconcileReport? {
        try await engine.chose(actionIdentifier, in: prompt)
    }

    /// Time moved under the app (a day change, a zone change, the clock set).
    @discardableResult
    public func timeChanged(_ change: TimeChange) async -> ReconcileReport {
        await engine.timeChanged(change)
    }

    /// The system gave the app a background refresh.
    @discardableResult
    public func backgroundRefresh() async -> ReconcileReport {
        await engine.backgroundRefresh()
    }

    /// The app's data is loaded and its handlers wired: queued routes are handed over.
    public func ready(_ responder: any AppResponder) async {
        await engine.ready(responder)
    }
}
