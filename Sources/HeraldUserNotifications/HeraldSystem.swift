#if !os(tvOS)
import Foundation
import Herald
#if canImport(UserNotifications)
import UserNotifications
#else
import UserNotificationsShim
#endif
#if canImport(BackgroundTasks)
import BackgroundTasks
#elseif os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS
import BackgroundTasksShim
#endif
#if canImport(CoreLocation)
import CoreLocation
#else
import CoreLocationShim
#endif

/// Herald in an app, wired once, and the one layer the app talks to: the store, the
/// `Engine` over the system's notification center, the ``NotificationDelegate``,
/// ``BackgroundRefresh``, the ``TimeSignalForwarder`` and, for routes, a
/// ``RegionMonitor``.
///
/// Make it before launch finishes (in `App.init` or `didFinishLaunching`): it installs
/// the delegate, so the tap that launched the app is not lost, and registers the
/// refresh task. ``launched(readyWith:)`` then subscribes background refresh and region
/// monitoring to the engine before its first run (each hears every run from then on,
/// whatever caused it), starts forwarding the time signals, and re-plans.
///
/// ```swift
/// let herald = HeraldSystem(source: habits, store: try SQLiteEngineStore(path: path), categories: categories,
///                           refreshIdentifier: "com.example.habits.refresh",
///                           presentPrompt: { prompt in await show(prompt) })   // before launch finishes
/// _ = try? await herald.requestAuthorization()           // the permission prompt, once
/// await herald.launched()                                // every run from here submits the next refresh
/// await herald.becameActive()                            // each return to the foreground
/// // once the app's data is loaded: a re-plan with it, then queued taps are routed
/// await herald.dataLoaded(responder)
/// ```
///
/// The app's lifecycle, the permission, its data being loaded, in-app prompts and the
/// travel prompt are the façade's calls (``requestAuthorization(options:)``,
/// ``dataLoaded(_:because:)``, ``chose(_:in:text:)``, ...); what the user does to the
/// app's own entities (a completion, a pause, a deletion) goes to ``engine``. Background
/// refresh exists on iOS and visionOS (and Linux, against the shims); region monitoring
/// on iOS and macOS (and Linux): elsewhere `refreshIdentifier` and `monitorsRegions` are
/// ignored. Not on tvOS, which has no notification delegate.
public final class HeraldSystem: @unchecked Sendable {
    // @unchecked: every stored property is a constant. The delegate is an NSObject the
    // notification center calls from any thread (it keeps no state of its own beyond
    // the delegate it replaced, set once at install); `signals` is behind `lock`.

    /// Herald's store, which outlives the process: the engine's alone (events go
    /// through ``engine``).
    let store: any EngineStore
    /// The engine, for what the user does to the app's entities (`Engine.completed(_:on:at:)`,
    /// `Engine.entityChanged(_:)`, ...); lifecycle, permission and prompts are the façade's calls.
    public let engine: Engine
    /// What the façade's pieces (delegate, time signals, refresh) call; its calls go through it.
    package let host: AppHost
    /// The notification center's delegate, installed by the initializer (the center holds
    /// it weakly; the façade keeps it).
    public let delegate: NotificationDelegate
    /// Day, zone and clock changes, forwarded from ``launched(readyWith:)`` on.
    public let timeSignals: TimeSignalForwarder
    #if os(iOS) || os(tvOS) || os(visionOS) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS)
    /// The background refresh task, registered by the initializer; `nil` without a
    /// `refreshIdentifier`.
    public let refresh: BackgroundRefresh?
    #endif
    #if os(iOS) || os(macOS) || (!canImport(CoreLocation) && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS)
    /// Monitoring of the route's waypoints; `nil` unless `monitorsRegions`.
    public let regions: RegionMonitor?
    #endif

    /// The alarm service the engine plans alarm rules into (a ``SystemAlarmCenter``), if
    /// the app gave one; its buttons' presses reach the engine from the launch on.
    public let alarms: (any AlarmCenter)?

    private let lock = NSLock()
    private var started = false
    private var signals: Task<Void, Never>?

    /// Makes Herald's pieces, installs the delegate and registers the refresh task.
    ///
    /// - Parameters:
    ///   - source: the app's rules and content.
    ///   - store: Herald's state (an `SQLiteEngineStore` in the app's support folder).
    ///   - categories: the notification categories and their actions.
    ///   - configuration: the planner's settings.
    ///   - refreshIdentifier: the background refresh task's identifier, as listed in
    ///     `BGTaskSchedulerPermittedIdentifiers`; `nil`: no background refresh.
    ///   - monitorsRegions: whether the waypoints of routes are monitored through Core
    ///     Location (a `CLMonitor` of the façade's own, ``RegionMonitor``), which also
    ///     reports the user's location access to the engine.
    ///   - alarms: the alarm service for rules that ask for `Urgency.alarm`
    ///     (``SystemAlarmCenter`` on iOS 26); `nil`: alarm rules fall back along their ladder.
    ///   - sync: this device among the user's devices, when the app carries Herald's
    ///     records between them (`HeraldSync`; `Engine.receive(_:)`,
    ///     `Engine.outgoingSyncRecords()`); `nil`: one device.
    ///   - presentPrompt: shows an in-app prompt; pass the chosen action to
    ///     ``chose(_:in:text:)``.
    ///   - openSettings: opens the app's notification settings.
    public convenience init(
        source: any ReminderSource, store: any EngineStore, categories: CategoryRegistry = CategoryRegistry.empty,
        configuration: PlannerConfiguration = PlannerConfiguration(), refreshIdentifier: String? = nil,
        monitorsRegions: Bool = false, alarms: (any AlarmCenter)? = nil, sync: HeraldSync? = nil,
        presentPrompt: @escaping @Sendable (InAppPrompt) async -> Void = { _ in },
        openSettings: @escaping @Sendable (DeliveredNotification?) -> Void = { _ in }
    ) {
        self.init(source: source, store: store, categories: categories, configuration: configuration,
                  refreshIdentifier: refreshIdentifier, monitorsRegions: monitorsRegions, alarms: alarms,
                  sync: sync, system: .live, presentPrompt: presentPrompt, openSettings: openSettings)
    }

    /// `configuration` as the engine plans with it on `system`: the user's first weekday
    /// unless the app chose one.
    static func configuration(_ configuration: PlannerConfiguration, on system: SystemServices) -> PlannerConfiguration {
        var configuration = configuration
        configuration.firstWeekday = configuration.firstWeekday ?? system.firstWeekday
        return configuration
    }

    /// Makes the pieces over `system`'s services (the live ones, or stand-ins in tests).
    init(
        source: any ReminderSource, store: any EngineStore, categories: CategoryRegistry,
        configuration: PlannerConfiguration, refreshIdentifier: String?, monitorsRegions: Bool,
        alarms: (any AlarmCenter)? = nil, sync: HeraldSync? = nil, system: SystemServices,
        presentPrompt: @escaping @Sendable (InAppPrompt) async -> Void,
        openSettings: @escaping @Sendable (DeliveredNotification?) -> Void
    ) {
        let engine = Engine(center: UserNotificationCenter(system.notificationCenter), source: source, store: store,
                            clock: system.clock, configuration: Self.configuration(configuration, on: system),
                            categories: categories,
                            alarms: alarms, sync: sync)
        let host = AppHost(engine: engine)
        self.alarms = alarms
        self.store = store
        self.engine = engine
        self.host = host
        delegate = NotificationDelegate(host: host, presentPrompt: presentPrompt, openSettings: openSettings)
        timeSignals = TimeSignalForwarder(host: host, source: system.timeSignals)
        #if os(iOS) || os(tvOS) || os(visionOS) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS)
        refresh = refreshIdentifier.map {
            BackgroundRefresh(identifier: $0, host: host, scheduler: system.scheduler, clock: system.clock)
        }
        #endif
        #if os(iOS) || os(macOS) || (!canImport(CoreLocation) && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS)
        regions = monitorsRegions ? RegionMonitor(engine: engine, manager: system.locationManager()) : nil
        #endif
        delegate.install(on: system.notificationCenter)
        #if os(iOS) || os(tvOS) || os(visionOS) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS)
        refresh?.register()
        #endif
    }

    deinit {
        signals?.cancel()
    }

    /// The process started: subscribes background refresh and region monitoring to the
    /// engine, hands alarm button presses (``AlarmButtonRouter``) to it when it has alarms,
    /// and starts forwarding time signals (once per façade), then launches
    /// through the host (categories, history trimmed, a re-plan, whose run submits the
    /// first refresh request). Pass `readyWith` when the app's data is in memory.
    @discardableResult
    public func launched(readyWith responder: (any AppResponder)? = nil) async -> ReconcileReport {
        await start()
        return await host.launched(readyWith: responder)
    }

    /// The app came back to the foreground: a re-plan.
    @discardableResult
    public func becameActive() async -> ReconcileReport {
        await host.becameActive()
    }

    /// The app's data is loaded and its handlers wired: queued taps are routed now, in
    /// order, each once.
    public func ready(_ responder: any AppResponder) async {
        await host.ready(responder)
    }

    /// Subscribes what follows the plans and starts the time signals; only the first
    /// call does anything.
    private func start() async {
        let first = lock.withLock {
            defer { started = true }
            return !started
        }
        guard first else { return }
        #if os(iOS) || os(tvOS) || os(visionOS) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS)
        await refresh?.observeRuns()
        #endif
        #if os(iOS) || os(macOS) || (!canImport(CoreLocation) && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS)
        await regions?.observeRuns()
        #endif
        if alarms != nil {
            let engine = engine
            await AlarmButtonRouter.setHandler { press, identifier in
                await engine.alarmButtonPressed(press, identifier: identifier)
            }
        }
        let timeSignals = timeSignals
        let task = Task { await timeSignals.run() }
        lock.withLock { signals = task }
    }
}

/// The system's services the façade is made over: the live ones in an app, stand-ins
/// in tests.
struct SystemServices {
    var notificationCenter: UNUserNotificationCenter
    var clock: any DeviceClock
    var timeSignals: any TimeSignalSource
    #if os(iOS) || os(tvOS) || os(visionOS) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS)
    var scheduler: BGTaskScheduler
    #endif
    #if os(iOS) || os(macOS) || (!canImport(CoreLocation) && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS)
    /// Made only when regions are monitored; `nil`: the monitor makes its own on the
    /// main actor.
    var locationManager: () -> CLLocationManager?
    #endif
    /// The first day of the user's week, for quotas by week (the locale's).
    var firstWeekday: Weekday = .monday

    static var live: SystemServices {
        var services = liveServices
        services.firstWeekday = Weekday(rawValue: Calendar.current.firstWeekday) ?? .monday
        return services
    }

    private static var liveServices: SystemServices {
        #if os(iOS) || (os(Linux) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS)
        SystemServices(notificationCenter: .current(), clock: SystemClock(), timeSignals: FoundationTimeSignals(),
                       scheduler: .shared, locationManager: { nil })
        #elseif os(visionOS) || HERALD_SHIM_VISIONOS
        SystemServices(notificationCenter: .current(), clock: SystemClock(), timeSignals: FoundationTimeSignals(),
                       scheduler: .shared)
        #elseif os(macOS) || HERALD_SHIM_MACOS
        SystemServices(notificationCenter: .current(), clock: SystemClock(), timeSignals: FoundationTimeSignals(),
                       locationManager: { nil })
        #else
        SystemServices(notificationCenter: .current(), clock: SystemClock(), timeSignals: FoundationTimeSignals())
        #endif
    }
}
#endif
