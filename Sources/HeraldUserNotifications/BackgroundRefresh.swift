#if os(iOS) || os(tvOS) || os(visionOS) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS)
import Foundation
import Herald
import Logging
import Synchronization
#if canImport(BackgroundTasks)
import BackgroundTasks
#else
import BackgroundTasksShim
#endif

/// Re-plans in the background with a `BGAppRefreshTask`, so reminders stay scheduled
/// and the day's content is rewritten even when the user does not open the app.
///
/// Register before launch finishes (the identifier must be listed in Info.plist's
/// `BGTaskSchedulerPermittedIdentifiers`, and `UIBackgroundModes` must contain
/// `fetch`), and have it observe the engine before the first run
/// (``observeRuns()``): from then on every run, whatever caused it (a launch, a
/// completion, a response, a time change, the refresh itself), submits the next
/// request, its `earliestBeginDate` from that run's refresh deadline and guaranteed
/// coverage, with the margins of a `PlannerConfiguration.RefreshPolicy`. The task's handler runs
/// `Engine.backgroundRefresh()` and completes the task; when the system takes the time
/// back, the run is cancelled, a retry is submitted and the task completed with
/// `false`, once.
///
/// ```swift
/// let refresh = BackgroundRefresh(identifier: "com.example.habits.refresh", engine: engine)
/// refresh.register()                                     // in didFinishLaunching / App.init
/// await refresh.observeRuns()                            // before the first run
/// await engine.launched()                                // its run submits the first request
/// ```
///
/// ``HeraldSystem`` does all of this for an app. Not available on macOS and watchOS,
/// which have no `BGAppRefreshTask`.
public final class BackgroundRefresh: Sendable {
    /// The task identifier, as listed in `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// What each refresh goes through to the engine (`HeraldSystem`'s forwarding).
    package let host: AppHost
    public var engine: Engine { host.engine }
    public let policy: PlannerConfiguration.RefreshPolicy
    /// `BGTaskScheduler` is not `Sendable`; Apple documents it as callable from any
    /// thread, and this type only calls it.
    nonisolated(unsafe) private let scheduler: BGTaskScheduler
    private let clock: any DeviceClock
    private let runs = RunRecord()
    private let observation = ObservationRecord()
    private let logger: Logger

    /// - Parameters:
    ///   - identifier: the refresh task's identifier.
    ///   - engine: the app's engine, which each refresh re-plans.
    ///   - scheduler: the system's scheduler (`BGTaskScheduler.shared`).
    ///   - clock: the engine's clock, for the next request's date.
    ///   - policy: when the next refresh may begin.
    ///   - logger: where a refused request is logged.
    public convenience init(
        identifier: String, engine: Engine, scheduler: BGTaskScheduler = .shared, clock: any DeviceClock = SystemClock(),
        policy: PlannerConfiguration.RefreshPolicy = PlannerConfiguration.RefreshPolicy(), logger: Logger = Logger(label: "herald.refresh")
    ) {
        self.init(identifier: identifier, host: AppHost(engine: engine), scheduler: scheduler, clock: clock,
                  policy: policy, logger: logger)
    }

    package init(
        identifier: String, host: AppHost, scheduler: BGTaskScheduler = .shared, clock: any DeviceClock = SystemClock(),
        policy: PlannerConfiguration.RefreshPolicy = PlannerConfiguration.RefreshPolicy(), logger: Logger = Logger(label: "herald.refresh")
    ) {
        self.logger = logger
        self.identifier = identifier
        self.host = host
        self.scheduler = scheduler
        self.clock = clock
        self.policy = policy
    }

    /// Registers the launch handler. Call once, before launch finishes: the system
    /// traps on a handler registered later or twice.
    ///
    /// - Returns: whether the system accepted it (`false` when the identifier is not
    ///   permitted in Info.plist).
    @discardableResult
    public func register() -> Bool {
        // The SDK's launch handler is a plain closure that the system calls on a
        // background queue. This one is formed here, in a nonisolated method of a
        // `Sendable` class: it is isolated to no actor (one formed in `@MainActor` code
        // would be, and on a device traps when that queue calls it) and captures only
        // `self`.
        scheduler.register(forTaskWithIdentifier: identifier, using: nil) { [self] task in
            handle(task)
        }
    }

    /// Submits the next request after every run of the engine from now on (see the
    /// type's documentation). Observing twice changes nothing.
    public func observeRuns() async {
        guard observation.claim() else { return }
        let token = await engine.observeReports { [weak self] report in
            guard let self else { return }
            do {
                try scheduleNext(plan: report.plan)
            } catch {
                logger.warning("submitting the next background refresh failed", metadata: ["error": "\(error)"])
            }
        }
        observation.token = token
    }

    /// Stops submitting requests after each run.
    public func stopObservingRuns() async {
        guard let token = observation.release() else { return }
        await engine.stopObserving(token)
    }

    /// Submits the next refresh (replacing a pending one), to begin no sooner than the
    /// policy says for `plan` (`nil`: the run made none, or failed).
    ///
    /// - Returns: the request's `earliestBeginDate`.
    /// - Throws: ``BackgroundRefreshError`` when the system refuses the request.
    @discardableResult
    func scheduleNext(plan: Plan?) throws(BackgroundRefreshError) -> Date {
        let date = policy.earliestBeginDate(after: plan, now: clock.now)
        let request = BGAppRefreshTaskRequest(identifier: identifier)
        request.earliestBeginDate = date
        do {
            try scheduler.submit(request)
        } catch {
            throw BackgroundRefreshError.submitFailed(identifier: identifier, underlying: error,
                                                      platformCode: (error as? BGTaskScheduler.Error)?.code.rawValue)
        }
        return date
    }

    /// The run the last task started, for tests and logs.
    var latestRun: Task<Void, Never>? { runs.latest }

    /// Runs one refresh task: re-plan (its run submits the next request, once
    /// ``observeRuns()`` was called), complete. The expiration handler is in place
    /// before the work starts, so time running out at once still ends the task.
    ///
    /// Called on the system's background queue. The expiration handler is set here,
    /// before the run exists, so no other thread sees the task's handler change; like
    /// the launch handler it is formed in nonisolated code and captures only `Sendable`
    /// values (`self`, the run's record, the completion), so the system may call it on
    /// whatever queue it chooses while the run goes on.
    func handle(_ task: BGTask) {
        let completion = TaskCompletion(task: task)
        let current = RunRecord()
        task.expirationHandler = { [self] in
            current.latest?.cancel()
            if completion.complete(success: false) {
                _ = try? scheduleNext(plan: nil)
            }
        }
        let run = Task { [self] in
            let report = await host.backgroundRefresh()
            if Task.isCancelled { return }
            completion.complete(success: report.failure == nil)
        }
        current.latest = run
        runs.latest = run
    }
}

/// Completes a task exactly once, from the run or from the expiration handler,
/// whichever comes first.
///
/// `BGTask` is not `Sendable`, and the launch handler's parameter cannot be sent, so the
/// task is held `nonisolated(unsafe)`. What makes that sound: after ``BackgroundRefresh``
/// has set the expiration handler (before any other thread can reach this object), the
/// only use of the task is `setTaskCompleted(success:)`, called once, by whichever
/// caller wins the flag under the mutex; Apple's own background-task sample completes
/// the task from the queue its work finished on, and the system expects exactly one
/// call. Nothing else reads or writes the task across threads.
private final class TaskCompletion: Sendable {
    nonisolated(unsafe) private let task: BGTask
    private let done = Mutex(false)

    init(task: BGTask) {
        self.task = task
    }

    /// - Returns: whether this call completed the task.
    @discardableResult
    func complete(success: Bool) -> Bool {
        let first = done.withLock { done in
            defer { done = true }
            return !done
        }
        if first { task.setTaskCompleted(success: success) }
        return first
    }
}

/// The latest run.
private final class RunRecord: Sendable {
    private let run = Mutex<Task<Void, Never>?>(nil)
    var latest: Task<Void, Never>? {
        get { run.withLock { $0 } }
        set { run.withLock { $0 = newValue } }
    }
}

/// The engine subscription of a refresh.
private final class ObservationRecord: Sendable {
    private struct State {
        var claimed = false
        var token: Engine.ReportObservation?
    }

    private let state = Mutex(State())

    /// Whether this call is the first to observe (until ``release()``).
    func claim() -> Bool {
        state.withLock { state in
            defer { state.claimed = true }
            return !state.claimed
        }
    }

    var token: Engine.ReportObservation? {
        get { state.withLock { $0.token } }
        set { state.withLock { $0.token = newValue } }
    }

    /// The subscription to end, if any; observing may start again.
    func release() -> Engine.ReportObservation? {
        state.withLock { state in
            defer { state.claimed = false; state.token = nil }
            return state.token
        }
    }
}
#endif
