import Herald

/// The app under test, as ``SimulatedDevice`` runs it: the calls iOS makes on an app's
/// delegate and its notification-center delegate, in virtual time.
///
/// The device makes a fresh instance at each launch, through the factory it was given,
/// like a new process: nothing in memory survives ``SimulatedDevice/terminate()`` or
/// ``SimulatedDevice/crash()``; what must survive lives in the center (the system) or
/// in the app's store.
///
/// An app with logic of its own conforms itself and hands the lifecycle to its Herald
/// `Engine`, as `HeraldSystem` does for its delegates on a device; an app that only
/// forwards is a ``HostedApp``.
///
/// ```swift
/// actor GoalApp: SimulatedApp {
///     let engine: Engine
///     private(set) var openedResponses: [NotificationResponse] = []
///     init(engine: Engine) { self.engine = engine }
///
///     func didFinishLaunching(in state: AppState) async { await engine.launched() }
///     func didBecomeActive() async { await engine.becameActive() }
///     func didEnterBackground() async {}
///     func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
///         await engine.willPresent(notification).systemOptions
///     }
///     func didReceive(_ response: NotificationResponse) async {
///         openedResponses.append(response)
///         await engine.received(response)
///     }
///     func timeChanged(_ change: TimeChange) async { await engine.timeChanged(change) }
///     func performBackgroundRefresh() async { await engine.backgroundRefresh() }
/// }
///
/// let device = await SimulatedDevice(center: center) { GoalApp(engine: makeEngine(center)) }
/// ```
///
/// ## Contract
///
/// - Calls come one at a time, in order, at the virtual instant of the transition; the
///   device awaits each before the next. Virtual time does not move during a call.
/// - A cold launch into the foreground is one call, `didFinishLaunching(in: .foreground)`:
///   it stands for launching and becoming active, so the app does its foreground work
///   there. ``didBecomeActive()`` is only called when the app returns from the background.
/// - A response that launches the app is handed over right after `didFinishLaunching`
///   returns, at the same instant. An app that loads its data asynchronously should start
///   loading in `didFinishLaunching` and return: the response then arrives before the data
///   is ready, as on a device, and the app decides when it is ready to handle it.
/// - In the background the app is suspended (unless the device was made with
///   `suspendsInBackground: false`): it runs only while it handles a call. Time changes
///   that happen meanwhile are not told at their instant; they are kept, one of each
///   kind in the order they first happened, and told when the app next runs, right
///   after it resumes: before `didBecomeActive()` when the user returns to it, before
///   `didReceive(_:)` when a response wakes it in the background, and before
///   `performBackgroundRefresh()`. A process that ends drops them: the next launch
///   starts from the current time. In the foreground they are told at the instant.
public protocol SimulatedApp: Sendable {
    /// The process starts (cold launch), into the background (the system woke it, or the
    /// user chose a background action) or into the foreground (the user opened it).
    func didFinishLaunching(in state: AppState) async
    /// The app comes back from the background to the foreground.
    func didBecomeActive() async
    /// The app leaves the foreground.
    func didEnterBackground() async
    /// The process is about to end normally (not called on a crash). Optional.
    func willTerminate() async
    /// A notification arrives while the app is in the foreground: how to present it.
    /// Empty options silence it: not shown, not kept in the list, its badge not applied.
    func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions
    /// The user tapped the notification, chose one of its actions, typed text, or
    /// dismissed it (only for categories with a custom dismiss action).
    func didReceive(_ response: NotificationResponse) async
    /// Time moved under the running app: a local midnight passed, the zone changed, or
    /// the clock was set (iOS's significant-time-change and time-zone notifications).
    /// Told at the exact virtual instant in the foreground; a suspended app is told when
    /// it next runs (see the contract above). Optional.
    func timeChanged(_ change: TimeChange) async
    /// The system gives the app background time to bring its content up to date (iOS's
    /// background app refresh), after telling it the time changes it missed. The app
    /// stays in the background. Optional.
    func performBackgroundRefresh() async
    /// The user pressed a button of one of the app's sounding alarms, and the system runs
    /// its intent in the app's process (``SimulatedDevice/pressAlarm(_:on:)``); the app
    /// hands it to Herald (`engine.alarmButtonPressed(_:identifier:)`). Optional.
    func alarmButtonPressed(_ press: AlarmPressRecord) async
}

extension SimulatedApp {
    /// Does nothing: an app that keeps no day-dependent state can ignore time changes.
    public func timeChanged(_ change: TimeChange) async {}

    /// Does nothing: most apps keep no state that needs saving at termination.
    public func willTerminate() async {}

    /// Does nothing: an app without background work ignores its refresh time.
    public func performBackgroundRefresh() async {}

    /// Does nothing: an app that schedules no alarms gets no presses.
    public func alarmButtonPressed(_ press: AlarmPressRecord) async {}
}
