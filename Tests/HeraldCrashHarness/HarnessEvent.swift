import Herald

/// One thing that happens in the crash scenario: the system moving time (and sounding
/// alarms), the user acting on a notification or an alarm, or the app telling the
/// engine about a change.
enum HarnessEvent: Sendable, CustomStringConvertible {
    /// The system moves the clock to a local time, delivering what falls due and
    /// sounding the alarms whose time came (no app step: the system does it, and saves
    /// itself after).
    case advance(to: LocalDateTime)
    /// The device tells the app the local day changed.
    case dayChanged
    /// The app comes to the foreground.
    case becameActive
    /// The user marks a habit done in the app.
    case completed(String)
    /// The user chooses an action (or taps) on the newest delivered notification of a
    /// habit; nothing happens when there is none.
    case respond(String, action: String)
    /// The user presses a button (stop, snooze, or the category's first action) on the
    /// habit's sounding alarm; nothing happens when none is sounding.
    case pressAlarm(String, SystemAlarm.ButtonPress)
    /// The user changes the category of the habit's content (for an alarm habit: which
    /// second button its alarm shows).
    case setCategory(String, String)
    case pause(String)
    case resume(String)
    case edit(String, Schedule)
    case delete(String)
    /// The user starts the walking route with this id (``CrashScenario/route(_:)``).
    case startRoute(String)
    /// The device reports a position: `legs` waypoint spacings along the route's line.
    case position(Double)
    case stopRoute

    /// Whether the event changes the app's own data (saved before the engine is told).
    var changesAppData: Bool {
        switch self {
        case .pause, .resume, .edit, .delete, .setCategory: true
        default: false
        }
    }

    var description: String {
        switch self {
        case .advance(let local): "advance to \(local)"
        case .dayChanged: "day changed"
        case .becameActive: "became active"
        case .completed(let habit): "complete \(habit)"
        case .respond(let habit, let action): "respond \(action) on \(habit)"
        case .pressAlarm(let habit, .stop): "press stop on \(habit)'s alarm"
        case .pressAlarm(let habit, .snooze): "press snooze on \(habit)'s alarm"
        case .pressAlarm(let habit, .action(let action)): "press \(action) on \(habit)'s alarm"
        case .setCategory(let habit, let category): "set category \(category) on \(habit)"
        case .pause(let habit): "pause \(habit)"
        case .resume(let habit): "resume \(habit)"
        case .edit(let habit, _): "edit \(habit)"
        case .delete(let habit): "delete \(habit)"
        case .startRoute(let route): "start route \(route)"
        case .position(let legs): "position \(legs)"
        case .stopRoute: "stop route"
        }
    }
}
