#if os(iOS) || os(tvOS) || os(visionOS) || os(Linux)
import Foundation
import Herald
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
/// `fetch`), then submit after each foreground run. The handler runs
/// `engine.backgroundRefresh()`, submits the next request (its
/// `earliestBeginDate` from the plan's refresh deadline and guaranteed coverage, with the
/// margins of a `RefreshPolicy`), and completes the task;
/// when the system takes the time back, the run is cancelled and the task completed
/// with `false`, once.
///
/// ```swift
/// let refresh = BackgroundRefresh(identifier: "com.example.habits.refresh", engine: engine)
/// refresh.register()                                     // in didFinishLaunching / App.init
/// try refresh.scheduleNext(after: await engine.becameActive())
/// ```
///
/// Not available on macOS and watchOS, which have no `BGAppRefreshTask`.
public final class BackgroundRefresh: Sendable {
    /// The task identifier, as listed in `BGTaskSchedulerPermittedIdentifiers`.
    public let identifier: String
    /// The app's host: each refresh goes through it to the engine.
    public let host: AppHost
    public var engine: Engine { host.engine }
    public let policy: RefreshPolicy
    /// `BGTaskScheduler` is not `Sendable`; Apple documents it as callable from any
    /// thread, and this type only calls it.
    nonisolated(unsafe) private let scheduler: BGTaskScheduler
    private let clock: any DeviceClock
    private let runs = RunRecord()

    /// - Parameters:
    ///   - identifier: the refresh task's identifier.
    ///   - engine: the engine to re-plan.
    ///   - scheduler: the system's scheduler (`BGTaskScheduler.shared`).
    ///   - clock: the engine's clock, for the next request's date.
    ///   - policy: when the next refresh may begin.
    public convenience init(
        identifier: String, engine: Engine, scheduler: BGTaskScheduler = .shared, clock: any DeviceClock = SystemClock(),
        policy: RefreshPolicy = RefreshPolicy()
    ) {
        self.init(identifier: identifier, host: AppHost(engine: engine), scheduler: scheduler, clock: clock, policy: policy)
    }

    /// A refresh through the app's host (which sees every run's report).
    public init(
        identifier: String, host: AppHost, scheduler: BGTaskScheduler = .shared, clock: any DeviceClock = SystemClock(),
        policy: RefreshPolicy = RefreshPolicy()
    ) {
        self.identifier = identifier
        self.host = host
        self.scheduler = scheduler
        self.clock = clock
        self.policy = policy
    }

    /// Registers the launch handler. Call once, before launch finishes.
    ///
    /// - Returns: whether the system accepted it (`false` when the identifier is not
    ///   permitted in Info.plist).
    @discardableResult
    public func register() -> Bool {
        scheduler.register(forTaskWithIdentifier: identifier, using: nil) { [self] task in
            handle(task)
        }
    }

    /// Submits the next refresh (replacing a pending one), to begin no sooner than the
    /// policy says for this run's plan.
    ///
    /// - Returns: the request's `earliestBeginDate`.
    /// - Throws: ``BackgroundRefreshError`` when the system refuses the request.
    @discardableResult
    public func scheduleNext(after report: ReconcileReport) throws(BackgroundRefreshError) -> Date {
        try scheduleNext(plan: report.plan)
    }

    /// Submits the next refresh after `plan` (`nil`: the run made none).
    private func scheduleNext(plan: Plan?) throws(BackgroundRefreshError) -> Date {
        let date = policy.earliestBeginDate(after: plan, now: clock.now)
        let request = BGAppRefreshTaskRequest(identifier: identifier)
        request.earliestBeginDate = date
        do {
            try scheduler.submit(request)
        } catch {
            throw BackgroundRefreshError.submitFailed(identifier: identifier, underlying: error)
        }
        return date
    }

    /// The run the last task started, for tests and logs.
    var latestRun: Task<Void, Never>? { runs.latest }

    /// Runs one refresh task: re-plan, submit the next request, complete.
    func handle(_ task: BGTask) {
        let completion = TaskCompletion(task: task)
        let run = Task { [self] in
            let report = await host.backgroundRefresh()
            if Task.isCancelled { return }
            _ = try? scheduleNext(after: report)
            completion.complete(success: report.failure == nil)
        }
        runs.latest = run
        task.expirationHandler = { [self] in
            run.cancel()
            if completion.complete(success: false) {
                _ = try? scheduleNext(plan: nil)
            }
        }
    }
}

/// Completes a task exactly once. `BGTask` is not `Sendable`; completing it from any
/// thread is allowed, and the flag is behind a lock.
private final class TaskCompletion: @unchecked Sendable {
    private let lock = NSLock()
    private let task: BGTask
    private var done = false

    init(task: BGTask) {
        self.task = task
    }

    /// - Returns: whether this call completed the task.
    @discardableResult
    func complete(success: Bool) -> Bool {
        let first = lock.withLock {
            defer { done = true }
            return !done
        }
        if first { task.setTaskCompleted(success: success) }
        return first
    }
}

/// The latest run, behind a lock.
private final class RunRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var run: Task<Void, Never>?
    var latest: Task<Void, Never>? {
        get { lock.withLock { run } }
        set { lock.withLock { run = newValue } }
    }
}
#endif
