/// A test asked the simulated device or its user for something a real device would not
/// allow: acting on a notification that is not in the list, choosing an action the
/// notification did not offer, or an impossible lifecycle transition.
///
/// Match the ``code``:
///
/// ```swift
/// do {
///     try await device.choose(action: "snooze", on: "water")
/// } catch let error as DeviceError where error.code == .actionNotOffered {
///     // the category registered at delivery had no "snooze"
/// }
/// ```
public struct DeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: Code
    /// What was wrong, on what, and what to do instead.
    public let message: String

    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// The notification is not in the delivered list (never delivered, silenced,
        /// shown without `.list` or `.banner`, or already removed).
        public static let notDelivered = Code(name: "notDelivered")
        /// The action was not offered by the category registered at delivery.
        public static let actionNotOffered = Code(name: "actionNotOffered")
        /// ``SimulatedDevice/type(_:action:on:)`` on an action without a text field.
        public static let notTextInput = Code(name: "notTextInput")
        /// ``SimulatedDevice/choose(action:on:)`` on an action that asks for text.
        public static let textRequired = Code(name: "textRequired")
        /// The app cannot make this transition from its current state.
        public static let invalidTransition = Code(name: "invalidTransition")
    }

    static func notDelivered(_ identifier: String) -> DeviceError {
        DeviceError(
            code: .notDelivered,
            message: "No notification \"\(identifier)\" is in the delivered list: it was never delivered, was silenced or shown without .list/.banner in the foreground, or was already removed. Check device.presentedNotifications or advance time first."
        )
    }

    static func actionNotOffered(_ action: String, on presented: PresentedNotification) -> DeviceError {
        let offered = presented.offeredActions.map(\.identifier)
        let category = presented.notification.request.content.categoryIdentifier
        return DeviceError(
            code: .actionNotOffered,
            message: "Notification \"\(presented.identifier)\" did not offer action \"\(action)\": its category \"\(category)\" had \(offered.isEmpty ? "no actions" : "actions \(offered)") when it was delivered. Register the category before the delivery."
        )
    }

    static func notTextInput(_ action: String, on identifier: String) -> DeviceError {
        DeviceError(
            code: .notTextInput,
            message: "Action \"\(action)\" of notification \"\(identifier)\" has no text field; use choose(action:on:)."
        )
    }

    static func textRequired(_ action: String, on identifier: String) -> DeviceError {
        DeviceError(
            code: .textRequired,
            message: "Action \"\(action)\" of notification \"\(identifier)\" asks for text; use type(_:action:on:)."
        )
    }

    static func invalidTransition(_ transition: String, from state: AppState, hint: String) -> DeviceError {
        DeviceError(
            code: .invalidTransition,
            message: "Cannot \(transition) while the app is \(state); \(hint)."
        )
    }
}
