/// A button a notification offers, mirroring `UNNotificationAction` and
/// `UNTextInputNotificationAction`.
///
/// ```swift
/// let log = NotificationAction(identifier: "log", title: "Log Exercise", options: [.foreground])
/// let note = NotificationAction(identifier: "note", title: "Add note",
///                               textInput: .init(buttonTitle: "Save", placeholder: "How did it go?"))
/// ```
public struct NotificationAction: Hashable, Sendable, Codable {
    public var identifier: String
    public var title: String
    public var options: Options
    /// Present for an action that asks the user to type text.
    public var textInput: TextInput?

    public init(identifier: String, title: String, options: Options = [], textInput: TextInput? = nil) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.textInput = textInput
    }

    /// How an action behaves, mirroring `UNNotificationActionOptions`.
    public struct Options: OptionSet, Hashable, Sendable, Codable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Opens the app in the foreground.
        public static let foreground = Options(rawValue: 1 << 0)
        /// Shown in red: the action deletes or changes something.
        public static let destructive = Options(rawValue: 1 << 1)
        /// Needs the device unlocked.
        public static let authenticationRequired = Options(rawValue: 1 << 2)
    }

    /// The text field of a text-input action.
    public struct TextInput: Hashable, Sendable, Codable {
        public var buttonTitle: String
        public var placeholder: String

        public init(buttonTitle: String, placeholder: String = "") {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }
}
