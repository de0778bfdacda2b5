#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNNotificationAction`: a button on a notification.
open class UNNotificationAction: NSObject {
    open private(set) var identifier: String
    open private(set) var title: String
    open private(set) var options: UNNotificationActionOptions

    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(storing: identifier, title: title, options: options)
    }

    init(storing identifier: String, title: String, options: UNNotificationActionOptions) {
        self.identifier = identifier
        self.title = title
        self.options = options
        super.init()
    }

    override open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationAction, type(of: other) == type(of: self) else { return false }
        return other.identifier == identifier && other.title == title && other.options == options
    }

    override open var hash: Int { identifier.hashValue }
}

/// Linux stand-in for `UNTextInputNotificationAction`: a button that asks for text.
open class UNTextInputNotificationAction: UNNotificationAction {
    open private(set) var textInputButtonTitle: String
    open private(set) var textInputPlaceholder: String

    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = [],
                            textInputButtonTitle: String, textInputPlaceholder: String) {
        self.init(storing: identifier, title: title, options: options, buttonTitle: textInputButtonTitle,
                  placeholder: textInputPlaceholder)
    }

    init(storing identifier: String, title: String, options: UNNotificationActionOptions, buttonTitle: String,
         placeholder: String) {
        self.textInputButtonTitle = buttonTitle
        self.textInputPlaceholder = placeholder
        super.init(storing: identifier, title: title, options: options)
    }

    override open func isEqual(_ object: Any?) -> Bool {
        guard super.isEqual(object), let other = object as? UNTextInputNotificationAction else { return false }
        return other.textInputButtonTitle == textInputButtonTitle && other.textInputPlaceholder == textInputPlaceholder
    }
}
#endif
