import Foundation
import Herald
import HeraldSimulator

/// The app a scenario runs on the ``SimulatedDevice``: a fresh process at each launch,
/// wrapping a fresh Herald `Engine` over the app's data (``ScenarioReminderSource``)
/// and Herald's store, which outlive the process like files on disk.
///
/// Every system call goes through Herald's `AppHost`, the forwarding `HeraldSystem` does. The recorder, the refresh
/// requests and (with ``ScenarioLocationUpdates/regions``) region monitoring observe the
/// engine from the moment it is made, so each hears every run without a call site
/// handing reports on:
/// - Launch: `host.launched()` (categories, fired log, plan); the app says it is
///   ready (`host.ready`) at once, or the scenario's `ready_after` seconds later
///   (the runner moves time there), or at a `ready` event.
/// - Back from the background: `host.becameActive()`.
/// - Foreground delivery: `host.willPresent`; a prompt silences the system banner
///   and stays open in the app until the user answers it or the process ends.
/// - Response: `host.received` (its effect and the re-plan that follows are recorded);
///   routes reach ``ScenarioResponder`` once ready.
/// - Alarm button pressed: `engine.alarmButtonPressed` (a response like a
///   notification's, routed once ready).
/// - Time change (midnight, zone, clock): `host.timeChanged`, when the device tells
///   it: at the instant in the foreground, when it next runs after being suspended in
///   the background.
/// - Background refresh: `host.backgroundRefresh()`.
/// - After every run (a launch, a return to the foreground, a data change, a response,
///   a time change, a background refresh), it submits its next refresh request from
///   the plan, as `BackgroundRefresh` does (``ScenarioRefreshRequests``); quitting it
///   cancels the request.
/// - With ``ScenarioLocationUpdates/regions``, every plan's waypoint regions are
///   monitored, as `RegionMonitor` does on a device.
///
/// A process made with `resuming` stands for the one a paused run left running (see
/// ``ScenarioCheckpoint``): its launch is not a launch of the story, so it records and
/// plans nothing and only takes up the readiness the process had.
///
/// Everything it does is written to the run's recorder as it happens.
actor ScenarioApp: SimulatedApp {
    let environment: ScenarioAppEnvironment
    let engine: Engine
    /// The app's lifecycle wired to the engine.
    let host: AppHost
    /// When the app will say it is ready, while it is loading.
    private(set) var readyAt: Date?
    private(set) var isReady = false
    /// In-app prompts shown and not answered yet, oldest first.
    private(set) var openPrompts: [InAppPrompt] = []
    /// The travel prompt shown and not answered yet (``Herald/TravelNotice/prompt``).
    private(set) var travelPrompt: TravelPrompt?

    /// The process of a paused run this one continues, until its launch has taken it up.
    private var resuming: ResumedProcess?

    init(environment: ScenarioAppEnvironment, resuming: ResumedProcess? = nil) async {
        self.environment = environment
        self.resuming = resuming
        engine = environment.makeEngine()
        host = AppHost(engine: engine)
        // Before the first run: the timeline, the refresh requests and region monitoring
        // hear every run of this process, in run order.
        await engine.observeReports { report in
            await environment.recorder.heard(report)
            // The next background refresh, as `BackgroundRefresh` asks after every run.
            environment.refreshRequests.submit(after: report.plan, now: environment.center.clock.now)
            if environment.monitorsRegions, let plan = report.plan {
                await environment.center.monitorWaypoints(of: plan.regions)
            }
            if let notice = report.travel { await self.show(notice) }
        }
    }

    /// A travel notice: its prompt stays open until the user chooses for every rule,
    /// or the next notice replaces it.
    private func show(_ notice: TravelNotice) {
        travelPrompt = notice.prompt
    }

    /// The user chooses how reminders behave away from home: for every rule in the
    /// open travel prompt when there is one (the prompt's action), else in the app's
    /// settings (``Herald/Engine/chooseTravel(_:for:)``).
    func chooseTravel(_ choice: TravelPrompt.Choice, for rule: ReminderRule.ID?) async throws {
        if rule == nil, let prompt = travelPrompt, let action = prompt.actions.first(where: { $0.choice == choice }) {
            travelPrompt = nil
            try await host.chose(action.identifier, in: prompt)
        } else {
            try await engine.chooseTravel(choice, for: rule)
        }
    }

    private var recorder: ScenarioRecorder { environment.recorder }

    func didFinishLaunching(in state: AppState) async {
        if let resumed = resuming {
            resuming = nil
            readyAt = resumed.readyAt
            if resumed.isReady { await becomeReady(recording: false) }
            return
        }
        await recorder.lifecycle(.launched(state))
        await refreshSmartTiming()
        await host.launched()
        await readLocationAccess()
        switch environment.readiness {
        case .after(let seconds) where seconds <= 0:
            await becomeReady()
        case .after(let seconds):
            readyAt = environment.center.clock.now.addingTimeInterval(seconds)
        case .onEvent:
            break
        }
    }

    func didBecomeActive() async {
        await recorder.lifecycle(.becameActive)
        await host.becameActive()
        await readLocationAccess()
    }

    /// Tells Herald the user's location access, as `RegionMonitor` does when Core
    /// Location calls `locationManagerDidChangeAuthorization(_:)` (at launch and when the
    /// app comes back from Settings): a run only when it changed.
    private func readLocationAccess() async {
        // A store that fails here fails the next run too, which the timeline shows.
        _ = try? await engine.locationAccessChanged(await environment.center.locationAccess)
    }

    func didEnterBackground() async {
        await recorder.lifecycle(.enteredBackground)
        await host.enteredBackground()
    }

    func willTerminate() async {
        await recorder.lifecycle(.terminated)
        environment.refreshRequests.cancel()
    }

    func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
        let decision = await host.willPresent(notification)
        if case .prompt(let prompt) = decision {
            openPrompts.append(prompt)
            await recorder.stash(prompt)
        }
        return decision.systemOptions
    }

    func didReceive(_ response: NotificationResponse) async {
        await host.received(response)
    }

    /// The intent of an alarm's button runs in the app: Herald turns the press into a
    /// response to the occurrence (routed once the app is ready) and runs.
    func alarmButtonPressed(_ press: AlarmPressRecord) async {
        await engine.alarmButtonPressed(press.press, identifier: press.identifier)
    }

    func timeChanged(_ change: TimeChange) async {
        if change == .dayChanged { await refreshSmartTiming() }
        await host.timeChanged(change)
    }

    /// Seed 003's smart timing, when the scenario turns it on: recomputed at launch and
    /// at a day change once the last suggestion is two days old, from the completions of
    /// the last 30 days in the device's zone. While reminders are on for the app the
    /// `smart` rules move to the suggested time (the re-plan that follows schedules them
    /// there); while they are off nothing is applied and nothing is switched on.
    func refreshSmartTiming() async {
        guard environment.smartTiming else { return }
        guard let refresh = try? await engine.refreshSmartTiming(key: Self.smartTimingKey, timing: smartTiming,
                                                                 onlyWhenStale: true) else { return }
        let suggestion = refresh.suggestion
        let source = environment.source
        var applied = false
        var note: String?
        if let suggestion {
            if await source.settings.remindersOn {
                applied = await source.setSmartTime(suggestion.reminderTime)
                if !applied { note = "the smart rules are there already" }
            } else {
                note = "reminders are off, and smart timing never switches them on"
            }
        }
        await recorder.smartTiming(suggestion, applied: applied, note: note)
    }

    private let smartTiming = SmartReminderTiming()
    static let smartTimingKey = "scenario"

    func performBackgroundRefresh() async {
        await host.backgroundRefresh()
    }

    /// The app's data is loaded: queued responses are routed now.
    func becomeReady(recording: Bool = true) async {
        guard !isReady else { return }
        isReady = true
        readyAt = nil
        if recording { await recorder.lifecycle(.ready) }
        await host.ready(ScenarioResponder(source: environment.source, recorder: recorder, engine: engine))
    }

    /// The user answers an open prompt: the same handling as the system's action.
    func chose(_ actionIdentifier: String, in prompt: InAppPrompt, text: String? = nil) async {
        close(prompt)
        await host.chose(actionIdentifier, in: prompt, text: text)
    }

    /// The prompt goes away without an answer.
    func close(_ prompt: InAppPrompt) {
        openPrompts.removeAll { $0 == prompt }
    }
}

/// The app's process as a paused run left it: ready, or loading until `readyAt`.
struct ResumedProcess: Sendable {
    var isReady: Bool
    var readyAt: Date?
}
