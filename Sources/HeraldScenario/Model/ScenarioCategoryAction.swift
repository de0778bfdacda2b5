import Foundation
import Herald

/// One action button of a ``ScenarioCategory``.
///
/// ```yaml
/// actions:
///   - {id: open, title: View Details, kind: open}                  # brings the app forward
///   - {id: log, title: Log Exercise, kind: log, foreground: true}  # complete, and open the app
///   - {id: snooze-5, title: Snooze 5 min, kind: snooze, minutes: 5}
///   - {id: tomorrow, title: Remind Tomorrow, kind: remind-tomorrow}
///   - {id: note, title: Add note, kind: text, button: Save, placeholder: How was it?}
///   - {id: share, title: Share, kind: custom}
/// ```
package struct ScenarioCategoryAction: Hashable, Sendable {
    package var id: String
    package var title: String
    package var kind: Kind
    /// Whether choosing it brings the app to the foreground (`open` always does).
    package var foreground: Bool

    package init(id: String, title: String, kind: Kind, foreground: Bool = false) {
        self.id = id
        self.title = title
        self.kind = kind
        self.foreground = foreground || kind == .open
    }

    /// What the button does, as the file spells it.
    package enum Kind: Hashable, Sendable, CustomStringConvertible {
        case open
        /// `complete` and `log` are the same action with different words.
        case complete
        case log
        case snooze(minutes: Int)
        case remindTomorrow
        case text(button: String, placeholder: String)
        case custom

        /// The spellings `kind` accepts.
        package static let names = ["open", "complete", "log", "snooze", "remind-tomorrow", "text", "custom"]

        package var description: String {
            switch self {
            case .open: "open"
            case .complete: "complete"
            case .log: "log"
            case .snooze: "snooze"
            case .remindTomorrow: "remind-tomorrow"
            case .text: "text"
            case .custom: "custom"
            }
        }

        package var isText: Bool {
            if case .text = self { true } else { false }
        }
    }

    /// Herald's action.
    package var categoryAction: ReminderCategory.Action {
        let options: NotificationAction.Options = foreground ? [.foreground] : []
        return switch kind {
        case .open: ReminderCategory.Action(identifier: id, title: title, kind: .open, options: options)
        case .complete, .log: ReminderCategory.Action(identifier: id, title: title, kind: .complete, options: options)
        case .snooze(let minutes):
            ReminderCategory.Action(identifier: id, title: title, kind: .snooze(TimeInterval(minutes) * 60), options: options)
        case .remindTomorrow: ReminderCategory.Action(identifier: id, title: title, kind: .remindTomorrow, options: options)
        case .text(let button, let placeholder):
            ReminderCategory.Action(identifier: id, title: title, kind: .textInput, options: options,
                           textInput: NotificationAction.TextInput(buttonTitle: button, placeholder: placeholder))
        case .custom: ReminderCategory.Action(identifier: id, title: title, kind: .custom(id), options: options)
        }
    }
}
