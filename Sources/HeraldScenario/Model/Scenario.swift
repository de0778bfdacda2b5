import Foundation
import Herald
import HeraldSimulator

/// A scripted run of a reminder app in simulated time: the device's zone and start,
/// the app's entities and their rules, notifications already delivered, and what the
/// user does when. ``ScenarioRunner`` plays it against Herald's engine and a
/// `SimulatedNotificationCenter`; the `herald simulate` command prints the timeline.
///
/// ```yaml
/// name: Morning routine
/// zone: Europe/Berlin
/// start: 2026-11-21T08:00
/// days: 2
/// entities:
///   - id: stretch
///     title: Stretch
///     rules:
///       - {id: morning, daily: ["09:00", "09:01"]}
/// events:
///   - {at: 2026-11-21T09:05, complete: stretch}
/// ```
///
/// ```swift
/// let scenario = try Scenario(contentsOf: URL(fileURLWithPath: "Examples/habits.yaml"))
/// let result = try await ScenarioRunner(scenario: scenario).run()
/// print(result.summary.delivered)   // HeraldReport: result.text()
/// ```
///
/// Parsing reports every problem as a ``ScenarioError`` with file, line, column and
/// field path.
public struct Scenario: Hashable, Sendable {
    public var name: String
    /// The device's time zone at the start (`zone` events move the device), in which
    /// ``start`` and the end of the run are written.
    public var zone: TimeZone
    /// When the run starts, in ``zone``.
    public var start: LocalDateTime
    /// How many days the run lasts (1 unless the file says otherwise), at most
    /// `maximumDays`.
    public var days: Int
    package var planner: ScenarioPlannerSettings
    /// Which requests the simulated system keeps above 64 pending.
    package var dropRule: DropRule
    /// What the app sees of its pending requests while the user has turned
    /// notifications off (`denied_center`; ``DeniedCenter/empty`` unless the file says
    /// otherwise).
    package var deniedCenter: DeniedCenter
    /// How the app hears where the device is: every position (the default) or only
    /// entries into the regions it monitors.
    package var locationUpdates: ScenarioLocationUpdates
    /// Whether a region crossing relaunches the app after the user force-quit it
    /// (`force_quit_relaunch`; ``HeraldSimulator/ForceQuitRelaunch/never`` unless the
    /// file says otherwise).
    package var forceQuitRelaunch: ForceQuitRelaunch
    /// Whether notifications fired by location are in the delivered list the app reads
    /// (`location_deliveries`; ``HeraldSimulator/LocationDeliveries/hidden``, as iOS
    /// documents, unless the file says otherwise).
    package var locationDeliveries: LocationDeliveries
    /// Which the system does first when a notification falls due at the instant a
    /// monitored region's crossing is reported (`same_instant`;
    /// ``HeraldSimulator/SameInstantOrder/deliveriesFirst`` unless the file says otherwise).
    package var sameInstantOrder: SameInstantOrder = .deliveriesFirst
    /// The app's entities at the start.
    package var entities: [ScenarioEntity]
    /// The app's vacations at the start (`vacations:`): local days on which no rule
    /// fires, what the scenario app's ``Herald/ReminderSource/vacations()`` returns until a
    /// `vacation` or `end_vacation` event changes them.
    package var vacations: [ReminderRule.Vacation] = []
    /// Notifications in the delivered list at the start.
    package var delivered: [ScenarioDeliveredNotification]
    /// What happens, in time order.
    package var events: [ScenarioEvent]
    /// The app's notification categories, registered at every launch while authorized.
    package var categories: [ScenarioCategory]
    /// The app's notification permission at the start (`authorized` unless the file
    /// says otherwise).
    package var authorization: AuthorizationStatus
    /// The user's alert, sound and badge switches at the start (`settings:`; everything
    /// on unless the file says otherwise).
    package var notificationSettings = NotificationSettings.allOn
    /// The device's alarm channel (`settings: {alarms: ..., alarm_limit: N}`); `nil` when
    /// the file never mentions alarms: the device then has no alarm service.
    package var alarms: ScenarioAlarms?
    /// The user's devices, when the scenario plays on several (`devices:`); `nil`: one
    /// device.
    package var household: ScenarioHousehold?
    /// The user's location access at the start (`location_access:`): `always` unless said.
    package var locationAccess = LocationAccess.always
    /// Where the app's process stands once the start has been set up: the runner
    /// launches the app at the start (into the background, or the foreground), so it
    /// plans; with `.notRunning` it terminates it again at that instant, as if the app
    /// had run earlier. `.background` when the file does not say (what scenarios did
    /// before the device existed: the app plans at the start and at each midnight).
    package var app: AppState
    /// When the app says it is ready after each launch.
    package var readiness: ScenarioReadiness
    /// Whether the app's smart timing is on (`smart_timing: on`): it suggests a reminder
    /// time from the completions of the last 30 days at launch and, when two or more
    /// days old, at each day change, and moves the `smart` rules there while reminders
    /// are on. It never switches reminders on.
    package var smartTiming: Bool
    /// Whether and when the system runs the background refresh the app asks for after
    /// its launch, each return to the foreground and each refresh (`background_refresh`;
    /// ``ScenarioBackgroundRefresh/never`` by default: only `refresh` events).
    package var backgroundRefresh: ScenarioBackgroundRefresh

    /// The title of the requests a `foreign` event adds (another SDK's).
    package static let foreignRequestTitle = "From another SDK"

    /// The most days one run (a file's `days`, a ``ScenarioRunner``'s, or `herald
    /// simulate --days`) may last: 366, a leap year. A longer story is played in
    /// parts, resuming a ``ScenarioSession``; longer runs are refused with a
    /// located error (`days` in a file, an `invalidValue` from the runner).
    ///
    /// ```swift
    /// let session = ScenarioSession(file: file, store: store, location: "story.sqlite")
    /// _ = try await session.play(days: Scenario.maximumDays)   // the first year
    /// _ = try await session.play(days: Scenario.maximumDays)   // and the next
    /// ```
    package static let maximumDays = 366

    /// How far `clock` events may set the device's clock back in one scenario, all
    /// together: 366 days. The time set back is played again (each midnight, each
    /// re-plan), so a run plays at most ``maximumDays`` plus this much. The parser
    /// refuses the `clock` event that goes beyond it at its line; ``ScenarioRunner``
    /// refuses such a scenario built in code before it runs.
    ///
    /// ```yaml
    /// events:
    ///   - {at: 2026-11-21T09:30, clock: 2025-11-21T09:30}   # a year back: the most
    /// ```
    package static let maximumClockSetBack: TimeInterval = 366 * 86_400

    /// The most YAML nodes (mappings, lists, keys and values) a scenario file may hold
    /// once its aliases are expanded: 200,000, ten times a year of a busy app. An alias
    /// counts its whole anchored node each time it is used, so a small file cannot
    /// make the parser read a million rules; beyond it the file is refused with
    /// ``ScenarioError/Code/tooLarge`` at the node that crosses the limit.
    ///
    /// ```yaml
    /// entities:
    ///   - {id: a, title: A, rules: &same [{id: r, daily: ["09:00"]}]}
    ///   - {id: b, title: B, rules: *same}     # counts the rules again
    /// ```
    package static let maximumNodes = 200_000

    package init(
        name: String, zone: TimeZone, start: LocalDateTime, days: Int = 1,
        planner: ScenarioPlannerSettings = ScenarioPlannerSettings(), dropRule: DropRule = .keepMostRecentlyAdded,
        entities: [ScenarioEntity], delivered: [ScenarioDeliveredNotification] = [], events: [ScenarioEvent] = [],
        categories: [ScenarioCategory] = [], authorization: AuthorizationStatus = .authorized,
        app: AppState = .background, readiness: ScenarioReadiness = .after(0), smartTiming: Bool = false,
        locationUpdates: ScenarioLocationUpdates = .positions, backgroundRefresh: ScenarioBackgroundRefresh = .never,
        deniedCenter: DeniedCenter = .empty, forceQuitRelaunch: ForceQuitRelaunch = .never,
        locationDeliveries: LocationDeliveries = .hidden
    ) {
        self.name = name
        self.zone = zone
        self.start = start
        self.days = days
        self.planner = planner
        self.dropRule = dropRule
        self.deniedCenter = deniedCenter
        self.entities = entities
        self.delivered = delivered
        self.events = events
        self.categories = categories
        self.authorization = authorization
        self.app = app
        self.readiness = readiness
        self.smartTiming = smartTiming
        self.backgroundRefresh = backgroundRefresh
        self.locationUpdates = locationUpdates
        self.forceQuitRelaunch = forceQuitRelaunch
        self.locationDeliveries = locationDeliveries
    }

    /// The category with this id, if the scenario declares it.
    package func category(_ id: String) -> ScenarioCategory? {
        categories.first { $0.id == id }
    }

    /// Parses a scenario from YAML text.
    ///
    /// - Parameters:
    ///   - yaml: The scenario document.
    ///   - file: The name errors mention.
    /// - Throws: ``ScenarioError`` naming the line, column and field of the problem.
    public init(yaml: String, file: String = "scenario.yaml") throws(ScenarioError) {
        self = try ScenarioParser(file: file).parse(yaml)
    }

    /// Reads and parses a scenario file; errors name the file as given by `url`'s path.
    public init(contentsOf url: URL) throws(ScenarioError) {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ScenarioError(code: .unreadable, file: url.relativePath, line: 0, column: 0, field: "",
                                message: "cannot read the file (\(error.localizedDescription))")
        }
        try self.init(yaml: text, file: url.relativePath)
    }

    /// The local date-time the run ends: ``start`` plus ``days`` days.
    public var end: LocalDateTime {
        LocalDateTime(date: start.date.adding(days: days), time: start.time)
    }
}
