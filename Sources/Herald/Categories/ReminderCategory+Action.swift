import Foundation

extension ReminderCategory {
    /// One button of a ``ReminderCategory``: how it looks and what it does.
    ///
    /// ```swift
    /// let actions: [Action] = [
    ///     .complete("log", title: "Log Exercise", options: [.foreground]),
    ///     .snooze("snooze-5", title: "Snooze 5 min", for: 300),
    ///     .remindTomorrow("tomorrow", title: "Remind Tomorrow"),
    ///     .textInput("note", title: "Add note", button: "Save", placeholder: "How was it?"),
    ///     .custom("share", title: "Share"),
    /// ]
    /// ```
    public struct Action: Hashable, Sendable {
        public var identifier: String
        public var title: String
        public var kind: HeraldAction
        public var options: NotificationAction.Options
        public var textInput: NotificationAction.TextInput?

        public init(identifier: String, title: String, kind: HeraldAction, options: NotificationAction.Options = [],
                    textInput: NotificationAction.TextInput? = nil) {
            self.identifier = identifier
            self.title = title
            self.kind = kind
            self.options = options
            self.textInput = textInput
        }

        public static func open(_ identifier: String, title: String) -> Action {
            Action(identifier: identifier, title: title, kind: .open, options: [.foreground])
        }

        public static func complete(_ identifier: String, title: String,
                                    options: NotificationAction.Options = []) -> Action {
            Action(identifier: identifier, title: title, kind: .complete, options: options)
        }

        public static func snooze(_ identifier: String, title: String, for seconds: TimeInterval) -> Action {
            Action(identifier: identifier, title: title, kind: .snooze(seconds))
        }

        public static func remindTomorrow(_ identifier: String, title: String) -> Action {
            Action(identifier: identifier, title: title, kind: .remindTomorrow)
        }

        public static func textInput(_ identifier: String, title: String, button: String,
                                     placeholder: String = "") -> Action {
            Action(identifier: identifier, title: title, kind: .textInput,
                           textInput: NotificationAction.TextInput(buttonTitle: button, placeholder: placeholder))
        }

        public static func custom(_ identifier: String, title: String,
                                  options: NotificationAction.Options = []) -> Action {
            Action(identifier: identifier, title: title, kind: .custom(identifier), options: options)
        }

        /// The platform's form of the button.
        public var notificationAction: NotificationAction {
            NotificationAction(identifier: identifier, title: title, options: options, textInput: textInput)
        }
    }
}
