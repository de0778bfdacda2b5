#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNNotificationCategory`: the actions a notification of this
/// category offers, and its options. Equal when identifier, actions and options are.
open class UNNotificationCategory: NSObject {
    open private(set) var identifier: String
    open private(set) var actions: [UNNotificationAction]
    open private(set) var intentIdentifiers: [String]
    open private(set) var hiddenPreviewsBodyPlaceholder: String
    open private(set) var options: UNNotificationCategoryOptions

    public convenience init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
                            options: UNNotificationCategoryOptions = []) {
        self.init(storing: identifier, actions: actions, intentIdentifiers: intentIdentifiers, placeholder: "", options: options)
    }

    public convenience init(identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
                            hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []) {
        self.init(storing: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
                  placeholder: hiddenPreviewsBodyPlaceholder, options: options)
    }

    init(storing identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String], placeholder: String,
         options: UNNotificationCategoryOptions) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.hiddenPreviewsBodyPlaceholder = placeholder
        self.options = options
        super.init()
    }

    override open func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationCategory else { return false }
        return other.identifier == identifier && other.actions == actions && other.options == options
            && other.intentIdentifiers == intentIdentifiers && other.hiddenPreviewsBodyPlaceholder == hiddenPreviewsBodyPlaceholder
    }

    override open var hash: Int { identifier.hashValue }
}
#endif
