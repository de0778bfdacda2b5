import Foundation
import Herald

/// A simulated phone around a ``SimulatedNotificationCenter``: the app's process and
/// lifecycle (not running, background, foreground), how deliveries are presented in
/// each state, and a simulated user who taps, chooses actions, types, dismisses and
/// clears, all in virtual time.
///
/// The center stands for the operating system and outlives the app: ``terminate()``
/// and ``crash()`` end the process and keep the center, and the next launch makes a
/// fresh app instance through the factory, like a new process.
///
/// ```swift
/// let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
/// let device = await SimulatedDevice(center: center) { GoalApp(engine: makeEngine(center)) }
///
/// try await device.launch()                    // didFinishLaunching(in: .foreground)
/// try await device.moveToBackground()          // didEnterBackground()
/// let shown = await device.advance(by: 3_600)  // shown by the system: banner, list, sound, badge
/// let outcome = try await device.tap("goal-7") // didBecomeActive(), then didReceive(tap)
/// ```
///
/// Time moves through the device (``advance(by:)``, ``advance(to:)``, ``run(until:)``,
/// ``jumpClock(to:)``, ``setTimeZone(_:)``) or through the center directly: either way
/// each delivery is routed by the app's state at its instant. In the foreground the app
/// is asked (``SimulatedApp/willPresent(_:)``) and empty options silence the
/// notification: it is not kept in the list and its badge is not applied. Otherwise the
/// system shows it, quietly under provisional authorization. Each delivery is recorded
/// with the category registered at that instant (``PresentedNotification``), and the
/// user can only choose that category's actions.
///
/// An app in the background is suspended, as on iOS: it runs only while it handles
/// something (its launch, a response it was launched or woken for, a
/// ``backgroundRefresh()``). Time changes it misses meanwhile (a local midnight, the
/// clock set, a new zone) are kept, one of each kind in the order they first happened,
/// and told when it next runs: right after it resumes, before ``SimulatedApp/didBecomeActive()``,
/// ``SimulatedApp/didReceive(_:)`` or ``SimulatedApp/performBackgroundRefresh()``. A
/// foreground app is told at the exact instant. `suspendsInBackground: false` tells a
/// background app at the instant too, for tests that want it.
///
/// ```swift
/// let device = await SimulatedDevice(center: center) { GoalApp(engine: makeEngine(center)) }
/// try await device.launch(into: .background)
/// await device.advance(by: 86_400)             // midnight passes: the app is suspended
/// await device.pendingTimeChanges              // [.dayChanged]
/// try await device.backgroundRefresh()         // timeChanged(.dayChanged), then the refresh
/// ```
///
/// The device installs itself as the center's presenter; the center's public delivery
/// handler stays free for the test. Drive it from one task at a time.
public actor SimulatedDevice {
    /// The operating system's notification center; it survives the app.
    public nonisolated let center: SimulatedNotificationCenter
    /// Makes the app for each new process.
    private let makeApp: @Sendable () async -> any SimulatedApp

    /// The app's current process; `nil` while not running.
    public private(set) var app: (any SimulatedApp)?
    public private(set) var appState: AppState = .notRunning
    /// How many processes have been started.
    public private(set) var launchCount = 0
    /// Every delivery the device presented, in order (suppressed firings excluded: see
    /// ``SimulatedNotificationCenter/deliveryLog``).
    public internal(set) var presentedNotifications: [PresentedNotification] = []
    /// The device's timeline, in order, with virtual timestamps.
    public internal(set) var events: [DeviceEvent] = []
    /// Whether an app in the background is suspended (iOS), so that time changes wait
    /// until it next runs; `false` tells it at the exact instant.
    public nonisolated let suspendsInBackground: Bool
    /// Time changes that happened while the app was suspended, one of each kind in the
    /// order they first happened, to be told when it next runs.
    public internal(set) var pendingTimeChanges: [TimeChange] = []
    /// Whether a region crossing relaunches an app the user force-quit.
    public nonisolated let forceQuitRelaunch: ForceQuitRelaunch
    /// Whether the user force-quit the app (``forceQuit()``) and has not opened it
    /// since: the system does not launch it in the background meanwhile (no background
    /// refresh; region crossings only under ``ForceQuitRelaunch/regions``).
    public internal(set) var isForceQuit = false
    /// The system's alarm service (AlarmKit), when the device has one: it shares the
    /// center's clock, and its alarms sound as time moves through the device.
    public nonisolated let alarms: SimulatedAlarmCenter?
    /// Hears each alarm that starts sounding (``setAlarmHandler(_:)``).
    var alarmHandler: (@Sendable (AlarmFiring) async -> Void)?
    /// Hears each region crossing and how it reached the app (``setRegionHandler(_:)``).
    var regionHandler: (@Sendable (RegionEvent, RegionEventWake) async -> Void)?
    /// Whether the app is in the background and suspended: time changes wait until it
    /// next runs.
    public var isSuspended: Bool {
        suspendsInBackground && appState == .background
    }

    /// A device with the app not running, presenting the deliveries of `center`.
    ///
    /// - Parameters:
    ///   - center: The system's center; the device becomes its presenter (one device per
    ///     center).
    ///   - suspendsInBackground: Whether an app in the background is suspended, as on
    ///     iOS (the default): time changes reach it when it next runs. With `false` it
    ///     is told at the exact instant, as a foreground app is.
    ///   - forceQuitRelaunch: Whether a region crossing relaunches an app the user
    ///     force-quit; by default it does not (the stricter reading).
    ///   - alarms: The system's alarm service, on the center's clock; `nil`: none.
    ///   - makeApp: Makes a fresh app instance at each launch (a new process).
    public init(center: SimulatedNotificationCenter, suspendsInBackground: Bool = true,
                forceQuitRelaunch: ForceQuitRelaunch = .never, alarms: SimulatedAlarmCenter? = nil,
                makeApp: @escaping @Sendable () async -> any SimulatedApp) async {
        precondition(alarms.map { $0.clock === center.clock } ?? true, "The alarm service shares the center's clock.")
        self.center = center
        self.alarms = alarms
        self.suspendsInBackground = suspendsInBackground
        self.forceQuitRelaunch = forceQuitRelaunch
        self.makeApp = makeApp
        await center.setPresenter { [weak self] notification, outcome in
            guard let self else { return .all }
            return await self.present(notification, outcome: outcome)
        }
        await center.setRegionRelay { [weak self] event in
            await self?.regionCrossed(event)
        }
    }

    /// The device clock (the center's).
    public nonisolated var clock: VirtualClock { center.clock }

    // MARK: Lifecycle

    /// The user (or, with `.background`, the system) starts the app: a cold launch, a
    /// new app instance, `didFinishLaunching(in:)`. An app the user had force-quit is
    /// no longer so.
    ///
    /// - Throws: ``DeviceError/Code/invalidTransition`` when the app is already running
    ///   or `state` is `.notRunning`.
    @discardableResult
    public func launch(into state: AppState = .foreground) async throws -> UserActionOutcome {
        guard appState == .notRunning else {
            throw DeviceError.invalidTransition("launch", from: appState, hint: "use moveToForeground() from the background, or terminate() first")
        }
        guard state != .notRunning else {
            throw DeviceError.invalidTransition("launch into notRunning", from: appState, hint: "launch into .foreground or .background")
        }
        return await outcome {
            isForceQuit = false
            await coldLaunch(into: state)
        }
    }

    /// The user leaves the app: `didEnterBackground()`.
    ///
    /// - Throws: ``DeviceError/Code/invalidTransition`` unless in the foreground.
    @discardableResult
    public func moveToBackground() async throws -> UserActionOutcome {
        guard appState == .foreground else {
            throw DeviceError.invalidTransition("move to the background", from: appState, hint: "only an app in the foreground can")
        }
        return await outcome { await enterBackground() }
    }

    /// The user returns to the app: the time changes it missed while suspended, then
    /// `didBecomeActive()`.
    ///
    /// - Throws: ``DeviceError/Code/invalidTransition`` unless in the background (use
    ///   ``launch(into:)`` when not running).
    @discardableResult
    public func moveToForeground() async throws -> UserActionOutcome {
        guard appState == .background else {
            throw DeviceError.invalidTransition(
                "move to the foreground", from: appState,
                hint: appState == .notRunning ? "use launch()" : "it already is"
            )
        }
        return await outcome { await becomeActive() }
    }

    /// The system gives the app background time to refresh its content (iOS's
    /// background app refresh): a suspended app resumes in the background and is told
    /// the time changes it missed; a stopped one is launched into the background
    /// (`didFinishLaunching(in: .background)`). Then `performBackgroundRefresh()`; the
    /// app stays in the background. An app the user force-quit is not launched for it
    /// (``isForceQuit``): the refresh is recorded as withheld and nothing runs.
    ///
    /// ```swift
    /// try await device.moveToBackground()
    /// await device.advance(by: 86_400)                  // midnight: the app is suspended
    /// let outcome = try await device.backgroundRefresh()
    /// // outcome.events: time changed: dayChanged, background refresh
    /// ```
    ///
    /// - Throws: ``DeviceError/Code/invalidTransition`` when the app is in the
    ///   foreground: the system refreshes only an app in the background or not running.
    @discardableResult
    public func backgroundRefresh() async throws -> UserActionOutcome {
        guard appState != .foreground else {
            throw DeviceError.invalidTransition(
                "give a background refresh", from: appState,
                hint: "the system refreshes only an app in the background or not running: use moveToBackground() first"
            )
        }
        return await outcome {
            if appState == .notRunning {
                guard !isForceQuit else {
                    record(.backgroundRefreshWithheld)
                    return
                }
                await coldLaunch(into: .background)
            } else {
                await tellPendingTimeChanges()
            }
            guard let app else { return }
            record(.backgroundRefresh)
            await app.performBackgroundRefresh()
        }
    }

    /// The process ends normally (the user quits it, the system reclaims it):
    /// `willTerminate()`, then the app instance is gone. The center keeps its state;
    /// time changes the app had not been told are dropped (the next process starts from
    /// the current time). Does nothing when not running.
    @discardableResult
    public func terminate() async -> UserActionOutcome {
        await outcome {
            guard let app else { return }
            record(.terminated)
            await app.willTerminate()
            endProcess()
        }
    }

    /// The process dies without a word: no `willTerminate()`, the app instance is gone,
    /// the center keeps its state. Does nothing when not running.
    @discardableResult
    public func crash() async -> UserActionOutcome {
        await outcome {
            guard app != nil else { return }
            record(.crashed)
            endProcess()
        }
    }

    // MARK: Transitions (internal)

    func coldLaunch(into state: AppState) async {
        let app = await makeApp()
        self.app = app
        launchCount += 1
        appState = state
        record(.launched(state))
        await app.didFinishLaunching(in: state)
    }

    func enterBackground() async {
        guard let app else { return }
        appState = .background
        record(.enteredBackground)
        await app.didEnterBackground()
    }

    func becomeActive() async {
        guard let app else { return }
        appState = .foreground
        await tellPendingTimeChanges()
        record(.becameActive)
        await app.didBecomeActive()
    }

    /// The suspended app runs again: it is told the time changes it missed, in order.
    func tellPendingTimeChanges() async {
        guard let app else { return }
        while !pendingTimeChanges.isEmpty {
            let change = pendingTimeChanges.removeFirst()
            record(.timeChanged(change))
            await app.timeChanged(change)
        }
    }

    func endProcess() {
        app = nil
        appState = .notRunning
        pendingTimeChanges = []
    }

    /// Appends an event at the clock's instant.
    func record(_ kind: DeviceEvent.Kind, at date: Date? = nil) {
        events.append(DeviceEvent(date: date ?? clock.now, kind: kind))
    }

    /// Runs `body` and reports the events it added and the state change.
    func outcome(
        responding response: NotificationResponse? = nil,
        _ body: () async throws -> Void
    ) async rethrows -> UserActionOutcome {
        let stateBefore = appState
        let firstEvent = events.count
        try await body()
        return UserActionOutcome(
            response: response, stateBefore: stateBefore, stateAfter: appState,
            events: Array(events[firstEvent...])
        )
    }
}
