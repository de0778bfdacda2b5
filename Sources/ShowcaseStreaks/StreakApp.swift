import Foundation
import Herald

/// Seed 003's streak app (its response half) rebuilt on Herald: one process of the app.
///
/// At launch Herald registers the categories when permission already exists, with no
/// prompt; asking for permission registers them the moment it is granted. The
/// notification delegate exists from the first instant, but the app's handlers are
/// wired later (``wireHandlers()``, the seed's `onAppear`): responses arriving before
/// that wait in Herald's queue and are handed over once wired, in order, each once.
///
/// ```swift
/// let app = StreakApp(source: source, engineStore: engineStore, center: center, clock: clock)
/// await app.didFinishLaunching()             // categories registered if authorized
/// await app.didReceive(tap)                  // queued: handlers not wired yet
/// await app.wireHandlers()                   // the tap is routed now
/// try await app.requestPermission()          // categories registered when granted
/// ```
public actor StreakApp {
    public nonisolated let engine: Engine
    /// The app's lifecycle, wired to the engine in one place.
    package nonisolated let host: AppHost
    public nonisolated let source: StreakReminderSource
    public nonisolated let responder = StreakResponder()

    public init(source: StreakReminderSource, engineStore: any EngineStore, center: any Herald.NotificationCenter,
                clock: any DeviceClock) {
        self.source = source
        engine = Engine(center: center, source: source, store: engineStore, clock: clock,
                        categories: StreakCategories.registry)
        host = AppHost(engine: engine)
    }

    // MARK: The system's calls

    /// The process started: categories (when authorized), fired log, plan. The handlers
    /// are not wired yet.
    public func didFinishLaunching() async {
        await host.launched()
    }

    public func didBecomeActive() async {
        await host.becameActive()
    }

    public func willPresent(_ notification: DeliveredNotification) async -> PresentationOptions {
        await host.willPresent(notification).systemOptions
    }

    public func didReceive(_ response: NotificationResponse) async {
        await host.received(response)
    }

    // MARK: The app

    /// The app's state and navigation exist: responses flow to the responder.
    public func wireHandlers() async {
        await host.ready(responder)
    }

    /// The permission flow: asks, and when granted Herald registers the categories at once.
    @discardableResult
    public func requestPermission() async throws -> Bool {
        try await host.requestAuthorization()
    }

    /// Time moved (iOS's significant-time-change and time-zone notifications): the
    /// reminder is always re-planned, whether or not smart timing is on (seed 003 issues
    /// 1 and 4); smart timing is refreshed when it is on and its suggestion is two days old.
    public func timeChanged(_ change: TimeChange) async {
        if change == .dayChanged, settingsAllowSmartTiming {
            await applySmartReminder(onlyWhenStale: true)
        }
        await host.timeChanged(change)
    }

    /// The system gave the app background time (iOS's background app refresh), after
    /// telling it the time changes it missed while suspended: the reminder is re-planned
    /// with the games at risk now.
    public func performBackgroundRefresh() async {
        await host.backgroundRefresh()
    }

    /// The user played a game: it is no longer at risk today.
    public func recordResult(_ gameID: String, at date: Date) async {
        source.recordResult(gameID, at: date)
        await engine.entityChanged(StreakReminderSource.entity)
    }

    /// The user changed the settings.
    public func updateSettings(_ settings: StreakSettings) async {
        source.settings = settings
        await engine.entityChanged(StreakReminderSource.entity)
    }

    /// Moves the reminder time to the smart suggestion, when reminders are on and there
    /// is a suggestion. It never switches reminders or smart timing on (seed 003 issue
    /// 7), and without history it leaves the time alone rather than making one up.
    ///
    /// With `onlyWhenStale`, a suggestion younger than two days is left as it is.
    @discardableResult
    public func applySmartReminder(onlyWhenStale: Bool = false) async -> SmartReminderTiming.Suggestion? {
        let refresh = try? await engine.refreshSmartTiming(
            key: Self.smartTimingKey, timing: smartTiming, completions: source.playHistory, onlyWhenStale: onlyWhenStale)
        guard let refresh else { return nil }
        guard source.settings.remindersEnabled, let suggestion = refresh.suggestion else { return refresh.suggestion }
        source.settings.reminderTime = suggestion.reminderTime
        await engine.entityChanged(StreakReminderSource.entity)
        return suggestion
    }

    /// The suggestion's window for display: the same function the reminder uses.
    public func smartWindowDescription() -> String? {
        smartTiming.suggest(completions: source.playHistory, now: engine.clock.now, zone: engine.clock.timeZone)?
            .windowDescription
    }

    public nonisolated let smartTiming = SmartReminderTiming()
    static let smartTimingKey = "streaks"

    private var settingsAllowSmartTiming: Bool {
        source.settings.remindersEnabled && source.settings.smartTimingEnabled
    }

    public func unlockAchievement(_ id: String, title: String) async throws {
        try await engine.post(try ImmediateEvent(
            entity: EntityReference(namespace: "achievement", id: id), name: "unlocked", token: id,
            content: NotificationContent(title: "Achievement unlocked", body: title,
                                         categoryIdentifier: StreakCategories.achievement.identifier)))
    }

    /// Tells the user a shared result was imported.
    public func resultImported(_ game: Game, token: String) async throws {
        try await engine.post(try ImmediateEvent(
            entity: game.entity, name: "imported", token: token,
            content: NotificationContent(title: "Result imported", body: "\(game.name) result added",
                                         categoryIdentifier: StreakCategories.resultImported.identifier)))
    }
}
