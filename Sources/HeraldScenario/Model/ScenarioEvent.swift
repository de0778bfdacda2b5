import Foundation
import Herald
import HeraldSimulator

/// Something that happens at a local date-time: the app's data changes (complete,
/// pause, resume, delete, edit, import), the app's process moves (launch, background,
/// foreground, terminate, crash, ready), the user answers the permission prompt or
/// changes Settings, the user acts on a notification (tap, action, text, dismiss,
/// clear), the app posts an immediate notification, the system gives the app a
/// background refresh, or time moves under the device (zone, clock).
///
/// `at` is what the device's clock shows, in the zone the device is in at that point:
/// after a `zone` event the following events are read in the new zone, and after a
/// `clock` event they continue from the time the user set.
///
/// ```yaml
/// events:
///   - {at: 2026-11-21T09:05, complete: stretch}
///   - {at: 2026-11-21T10:00, pause: water}
///   - {at: 2026-11-21T10:05, tap: water}                       # the latest of water
///   - {at: 2026-11-21T10:06, action: {on: stretch, id: snooze-5}}
///   - {at: 2026-11-21T10:07, text: {on: stretch, action: note, text: Felt good}}
///   - {at: 2026-11-21T10:08, terminate}
///   - {at: 2026-11-22T06:00, refresh}                          # background app refresh
///   - {at: 2026-11-22T07:00, foreign: 2}                       # another SDK adds 2 requests
///   - {at: 2026-11-22T20:00, delete: [gym, water]}
///   - {at: 2026-11-22T21:00, complete: {entity: stretch, at: 2026-11-22T07:45}}  # done earlier
///   - {at: 2026-11-23T01:00, zone: Asia/Tokyo}                  # lands in Tokyo: 09:00 there
///   - {at: 2026-11-23T09:30, clock: 2026-11-23T08:30}           # the user sets the clock back
///   - {at: 2026-11-23T09:40, travel_choice: keep_home}          # every reminder keeps Berlin time
///   - {at: 2026-11-23T10:00, progress: {entity: water, count: 3}}   # 3 glasses so far today
///   - {at: 2026-11-23T18:00, vacation: {from: 2026-11-24, to: 2026-11-30}}
///   - {at: 2026-11-26T12:00, end_vacation}                      # back early: ends on the 25th
/// ```
package struct ScenarioEvent: Hashable, Sendable {
    /// When it happens, as the device's clock shows it then (in the zone it is in).
    package var at: LocalDateTime
    package var action: Action
    /// Where the file wrote it, for errors found while running (a tap on nothing).
    package var location: ScenarioLocation?
    /// The device it happens on (`on:`), in a scenario of several devices; `nil`: the
    /// first device (or the only one).
    package var device: String?

    package init(at: LocalDateTime, action: Action, location: ScenarioLocation? = nil, device: String? = nil) {
        self.at = at
        self.action = action
        self.location = location
        self.device = device
    }

    /// What happens.
    package enum Action: Hashable, Sendable, CustomStringConvertible {
        /// The entity is done for `day` (the day of `at` when `nil`); it was done at `at`,
        /// a local date-time not after the event (the event's own time when `nil`), which
        /// is what smart timing learns from.
        case complete(EntityReference, day: LocalDate?, at: LocalDateTime? = nil)
        case pause(EntityReference)
        case resume(EntityReference)
        /// The entities are deleted.
        case delete([EntityReference])
        /// An entity is saved (created when new).
        case edit(ScenarioEntityEdit)
        /// An import replaces every entity of `namespace` with `entities`.
        case `import`(namespace: String, entities: [ScenarioEntity])
        /// The user switches reminders on or off in the app's settings: for the whole app
        /// (`entity` `nil`) or one entity. Smart timing never switches them on.
        case reminders(enabled: Bool, entity: EntityReference?)
        /// The user (or the system, into the background) starts the app.
        case launch(AppState)
        /// The user leaves the app.
        case background
        /// The user returns to the app from the background.
        case foreground
        /// The app's process ends normally.
        case terminate
        /// The app's process dies.
        case crash
        /// The user swipes the app away in the app switcher (`force_quit`): the process
        /// is killed, and the system does not launch it in the background until the
        /// user opens it again (region crossings only under `force_quit_relaunch: regions`).
        case forceQuit
        /// The app says its data is loaded.
        case ready
        /// The system gives the app a background refresh: a suspended app resumes in
        /// the background (told the time changes it missed), a stopped one is launched
        /// into the background; then it re-plans.
        case refresh
        /// The app asks for permission and the user answers (`authorize: granted|denied`).
        case authorize(granted: Bool)
        /// The user changes the permission in Settings.
        case settings(AuthorizationStatus)
        /// The user turns alerts, sounds or badges on or off in Settings
        /// (`settings: {alert: on, sound: off, badge: off}`), notifications staying allowed.
        case notificationSettings(NotificationSettings)
        /// The user taps a notification (its default action).
        case tap(ScenarioTarget)
        /// The user chooses one of a notification's actions.
        case action(ScenarioTarget, id: String)
        /// The user types text into a text-input action.
        case text(ScenarioTarget, action: String, text: String)
        /// The user swipes a notification away.
        case dismiss(ScenarioTarget)
        /// The user clears a notification from the list (`nil`: all of them).
        case clear(ScenarioTarget?)
        /// The app posts an immediate notification.
        case post(ScenarioPost)
        /// Code that is not Herald's (a push SDK, an old scheduling path) adds this many
        /// requests behind Herald's back, each firing one hour later. They take slots of
        /// the center's 64; Herald subtracts them at its next run.
        case foreign(count: Int)
        /// The device moves to another time zone (the user travels, or picks one in
        /// Settings): the events after it are read in that zone.
        case zone(TimeZone)
        /// The user sets the device clock, forward or back, to this local date-time in
        /// the device's zone then: the events after it continue from there.
        case clock(LocalDateTime)
        /// The user chooses how reminders behave away from home, in the app
        /// (`travel_choice: keep_home | follow_local`, for every rule; `travel_choice:
        /// {rule: pill/morning, choice: keep_home}`, for one): ``Engine/chooseTravel(_:for:)``.
        case travelChoice(TravelPrompt.Choice, rule: ReminderRule.ID?)
        /// The device is at a position (`position: {lat, lon}`); the app hears of it
        /// when it runs, and location triggers whose region it crossed fire 20 s later.
        case position(Coordinate)
        /// The device walks along positions at a speed, reporting a position every few
        /// seconds (`walk: {to: [{lat, lon}, ...], speed: 1.4, every: 10}`).
        case walk(SimulatedWalk)
        /// The app starts a walking route (`route: {id, threshold, waypoints: [...]}`).
        case startRoute(RouteSession)
        /// The app stops the route in progress (`stop_route`).
        case stopRoute
        /// The user switches the app's route notifications on or off
        /// (`route_notifications: on|off`, ``Engine/setRouteNotificationsEnabled(_:)``):
        /// while off, no spot or completion notification is sent, and none is sent later.
        case routeNotifications(enabled: Bool)
        /// The user changes the app's location access in Settings
        /// (`location_access: always|when_in_use|denied|not_determined`): the app reads it
        /// when it next launches or becomes active.
        case locationAccess(LocationAccess)
        /// The user puts the app in the scheduled summary at these times, or takes it out
        /// (`summary: ["08:00", "18:00"]`, `summary: off`).
        case summary([LocalTime]?)
        /// A Focus that does not allow the app starts and lasts until a local time (the
        /// next one at or after the event) or date-time, or ends (`focus: {until: "22:00"}`,
        /// `focus: off`).
        case focus(until: LocalDateTime?, timeOnly: Bool)
        /// The user changes the app's alarm permission in Settings (`settings: {alarms:
        /// on | denied | unavailable}`): the next run of the app sees it. With other
        /// switches in the same event (`settings: {time_sensitive: off, alarms: denied}`),
        /// the notification settings change too, as a settings event of their own does.
        case alarms(AlarmAuthorization, notifications: NotificationSettings? = nil)
        /// The user presses a button of the target's sounding alarm (`alarm: {on:
        /// pills/evening, button: stop | snooze | <action id>}`).
        case alarm(ScenarioTarget, button: SystemAlarm.ButtonPress)
        /// The user moves between their devices (`user:`, several devices only).
        case user(HouseholdUser)
        /// The app's user takes a vacation (`vacation: {from, to}`): the app's
        /// vacations (``Herald/ReminderSource/vacations()``) gain it, and the app re-plans.
        case vacation(ReminderRule.Vacation)
        /// The user ends their vacation on the local `day` (`end_vacation`): the app's
        /// vacation holding `day` ends the day before (one starting that day is removed);
        /// with none holding it, the next one to start is removed (``ScenarioVacations``).
        case endVacation(day: LocalDate)
        /// The app records the day's progress on an entity (`progress: {entity, count}`):
        /// its source reports `count` for the local `day`
        /// (``Herald/ReminderSource/progress(of:on:)``), and the app re-plans as after
        /// an entity change, so a rule with a pace reminds only while behind.
        case progress(EntityReference, count: Int, day: LocalDate)

        package var description: String {
            switch self {
            case .complete(let entity, let day, let at):
                "complete \(entity)" + (day.map { " for \($0)" } ?? "") + (at.map { ", done at \($0.date) \($0.time)" } ?? "")
            case .pause(let entity): "pause \(entity)"
            case .resume(let entity): "resume \(entity)"
            case .delete(let entities): "delete \(entities.map(\.description).joined(separator: ", "))"
            case .edit(let edit): "edit \(edit.entity)"
            case .import(let namespace, let entities):
                "import \(entities.count) \(namespace) entit\(entities.count == 1 ? "y" : "ies")"
            case .reminders(let enabled, let entity):
                "reminders \(enabled ? "on" : "off")" + (entity.map { " for \($0)" } ?? " for the app")
            case .launch(let state): "launch into the \(state)"
            case .background: "move to the background"
            case .foreground: "move to the foreground"
            case .terminate: "terminate"
            case .crash: "crash"
            case .forceQuit: "the user force-quits the app"
            case .ready: "the app says it is ready"
            case .refresh: "the system gives the app a background refresh"
            case .authorize(let granted): "asked for permission: the user \(granted ? "allows" : "does not allow")"
            case .settings(let status): "Settings: notifications \(status.rawValue)"
            case .notificationSettings(let settings): "Settings: \(settings)"
            case .tap(let target): "tap \(target)"
            case .action(let target, let id): "choose \(id) on \(target)"
            case .text(let target, let action, let text): "type \"\(text)\" into \(action) on \(target)"
            case .dismiss(let target): "dismiss \(target)"
            case .clear(let target): target.map { "clear \($0)" } ?? "clear all"
            case .post(let post): "post \(post.entity) \(post.name)"
            case .foreign(let count): "another SDK adds \(count) request\(count == 1 ? "" : "s")"
            case .zone(let zone): "the device moves to \(zone.identifier)"
            case .clock(let time): "the user sets the clock to \(time.date) \(time.time)"
            case .travelChoice(let choice, let rule):
                "the user chooses to \(choice)" + (rule.map { " for \($0)" } ?? " for every reminder")
            case .position(let position): "the device is at \(position)"
            case .walk(let walk): "the device walks through \(walk.path.count) position\(walk.path.count == 1 ? "" : "s") at \(walk.speed) m/s"
            case .startRoute(let route): "start route \(route.id) (\(route.waypoints.count) waypoints, \(route.proximityThreshold) m)"
            case .stopRoute: "stop the route"
            case .routeNotifications(let enabled): "route notifications \(enabled ? "on" : "off") for the app"
            case .locationAccess(let access): "Settings: location access \(access)"
            case .summary(let times):
                times.map { "Settings: scheduled summary at " + $0.map(\.description).joined(separator: ", ") }
                    ?? "Settings: scheduled summary off"
            case .focus(let until, let timeOnly):
                until.map { "a Focus starts, until \(timeOnly ? $0.time.description : $0.description)" } ?? "the Focus ends"
            case .alarms(let authorization, let notifications):
                "Settings: alarms \(ScenarioAlarms.name(of: authorization))" + (notifications.map { ", \($0)" } ?? "")
            case .alarm(let target, let button): "press \(Self.name(of: button)) on the alarm of \(target)"
            case .user(let user): "the user: \(ScenarioHousehold.describe(user))"
            case .vacation(let vacation): "vacation from \(vacation.from) to \(vacation.to)"
            case .endVacation(let day): "the vacation ends: back on \(day)"
            case .progress(let entity, let count, let day): "progress \(entity): \(count) on \(day)"
            }
        }

        /// The event's kind as the file spells it (`complete`, `tap`, ...).
        package var kind: String {
            switch self {
            case .complete: "complete"
            case .pause: "pause"
            case .resume: "resume"
            case .delete: "delete"
            case .edit: "edit"
            case .import: "import"
            case .reminders: "reminders"
            case .launch: "launch"
            case .background: "background"
            case .foreground: "foreground"
            case .terminate: "terminate"
            case .crash: "crash"
            case .forceQuit: "force_quit"
            case .ready: "ready"
            case .refresh: "refresh"
            case .authorize: "authorize"
            case .settings, .notificationSettings: "settings"
            case .tap: "tap"
            case .action: "action"
            case .text: "text"
            case .dismiss: "dismiss"
            case .clear: "clear"
            case .post: "post"
            case .foreign: "foreign"
            case .zone: "zone"
            case .clock: "clock"
            case .travelChoice: "travel_choice"
            case .position: "position"
            case .walk: "walk"
            case .startRoute: "route"
            case .stopRoute: "stop_route"
            case .routeNotifications: "route_notifications"
            case .locationAccess: "location_access"
            case .summary: "summary"
            case .focus: "focus"
            case .alarms: "settings"
            case .alarm: "alarm"
            case .user: "user"
            case .vacation: "vacation"
            case .endVacation: "end_vacation"
            case .progress: "progress"
            }
        }

        /// Whether it changes the app's data (and is told to Herald when the app runs).
        package var changesData: Bool {
            switch self {
            case .complete, .pause, .resume, .delete, .edit, .import, .reminders, .routeNotifications, .travelChoice,
                 .vacation, .endVacation, .progress: true
            default: false
            }
        }

        /// The entities it names, for the JSON timeline.
        package var entities: [EntityReference] {
            switch self {
            case .complete(let entity, _, _), .pause(let entity), .resume(let entity), .progress(let entity, _, _): [entity]
            case .delete(let gone): gone
            case .edit(let edit): [edit.entity]
            case .import(_, let imported): imported.map(\.reference)
            case .tap(let target), .action(let target, _), .text(let target, _, _), .dismiss(let target),
                 .clear(.some(let target)), .alarm(let target, _):
                target.entity.map { [$0] } ?? []
            case .post(let post): [post.entity]
            case .reminders(_, let entity): entity.map { [$0] } ?? []
            case .travelChoice(_, let rule): rule.map { [$0.entity] } ?? []
            default: []
            }
        }

        /// Whether it changes or uses the device's alarm channel.
        package var concernsAlarms: Bool {
            switch self {
            case .alarms, .alarm: true
            default: false
            }
        }

        /// `stop`, `snooze` or the action's id: a button as the scenario file names it.
        package static func name(of button: SystemAlarm.ButtonPress) -> String {
            switch button {
            case .stop: "stop"
            case .snooze: "snooze"
            case .action(let id): id
            }
        }
    }
}

/// Where something was written in a scenario file.
package struct ScenarioLocation: Hashable, Sendable {
    package var file: String
    package var line: Int
    package var column: Int
    /// The field path, such as `events[3].tap`.
    package var field: String

    package init(file: String, line: Int, column: Int, field: String) {
        self.file = file
        self.line = line
        self.column = column
        self.field = field
    }
}
