import Foundation
import Herald
import Synchronization

/// Where the buttons of Herald's alarms arrive: the app's engine wiring sets one
/// handler, and each press of an alarm's stop, snooze or action button (an
/// ``AlarmButtonIntent`` the system runs in the app's process) reaches it once, with the
/// identifier of the occurrence the alarm stands for.
///
/// Presses that arrive before a handler is set (the intent ran during launch) are kept,
/// in order, and handed to the handler when it is set.
///
/// ```swift
/// AlarmButtonRouter.setHandler { press, identifier in
///     print("alarm \(identifier): \(press)")
/// }
/// ```
public enum AlarmButtonRouter {
    /// Receives one press and the alarm's identifier.
    public typealias Handler = @Sendable (SystemAlarm.ButtonPress, NotificationIdentifier) async -> Void

    private struct State {
        var handler: Handler?
        var waiting: [(SystemAlarm.ButtonPress, NotificationIdentifier)] = []
    }

    private static let state = Mutex(State())

    /// Sets the handler (`nil` removes it) and hands it the presses that waited.
    public static func setHandler(_ handler: Handler?) async {
        let waiting = state.withLock { state in
            state.handler = handler
            defer { if handler != nil { state.waiting = [] } }
            return handler == nil ? [] : state.waiting
        }
        for (press, identifier) in waiting { await handler?(press, identifier) }
    }

    /// Hands a press to the handler, or keeps it until one is set.
    static func route(_ press: SystemAlarm.ButtonPress, for identifier: NotificationIdentifier) async {
        let handler = state.withLock { state -> Handler? in
            if state.handler == nil { state.waiting.append((press, identifier)) }
            return state.handler
        }
        await handler?(press, identifier)
    }

    /// A press as an intent carries it: `stop`, `snooze` or `action:<identifier>`.
    static func text(of press: SystemAlarm.ButtonPress) -> String {
        switch press {
        case .stop: "stop"
        case .snooze: "snooze"
        case .action(let identifier): "action:\(identifier)"
        }
    }

    /// The press ``text(of:)`` wrote; `nil` for any other text.
    static func press(from text: String) -> SystemAlarm.ButtonPress? {
        switch text {
        case "stop": return .stop
        case "snooze": return .snooze
        default:
            guard text.hasPrefix("action:") else { return nil }
            return .action(String(text.dropFirst("action:".count)))
        }
    }
}
