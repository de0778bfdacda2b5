#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNNotificationContent`: what a notification shows and carries,
/// read-only (``UNMutableNotificationContent`` is the one to fill in).
///
/// `userInfo` is kept the way the system archives it: numbers and Booleans come back
/// as `NSNumber`, arrays and dictionaries as their Foundation forms.
open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying {
    var storage = ShimContentStorage()

    open var title: String { storage.title }
    open var subtitle: String { storage.subtitle }
    open var body: String { storage.body }
    open var categoryIdentifier: String { storage.categoryIdentifier }
    open var threadIdentifier: String { storage.threadIdentifier }
    open var badge: NSNumber? { storage.badge }
    open var sound: UNNotificationSound? { storage.sound }
    open var userInfo: [AnyHashable: Any] { storage.userInfo }
    open var targetContentIdentifier: String? { storage.targetContentIdentifier }
    open var interruptionLevel: UNNotificationInterruptionLevel { storage.interruptionLevel }
    open var relevanceScore: Double { storage.relevanceScore }
    open var filterCriteria: String? { storage.filterCriteria }

    override init() {
        super.init()
    }

    open func copy(with zone: NSZone? = nil) -> Any { frozenCopy() }

    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = UNMutableNotificationContent()
        copy.storage = storage
        return copy
    }

    /// An immutable copy with `userInfo` in its archived form.
    func frozenCopy() -> UNNotificationContent {
        let copy = UNNotificationContent()
        copy.storage = storage
        copy.storage.userInfo = ShimPropertyList.archived(storage.userInfo)
        return copy
    }
}

/// Linux stand-in for `UNMutableNotificationContent`.
///
/// ```swift
/// let content = UNMutableNotificationContent()
/// content.title = "Water"
/// content.badge = NSNumber(value: 2)
/// ```
open class UNMutableNotificationContent: UNNotificationContent {
    override open var title: String { get { storage.title } set { storage.title = newValue } }
    override open var subtitle: String { get { storage.subtitle } set { storage.subtitle = newValue } }
    override open var body: String { get { storage.body } set { storage.body = newValue } }
    override open var categoryIdentifier: String {
        get { storage.categoryIdentifier } set { storage.categoryIdentifier = newValue }
    }
    override open var threadIdentifier: String {
        get { storage.threadIdentifier } set { storage.threadIdentifier = newValue }
    }
    override open var badge: NSNumber? { get { storage.badge } set { storage.badge = newValue } }
    override open var sound: UNNotificationSound? { get { storage.sound } set { storage.sound = newValue } }
    override open var userInfo: [AnyHashable: Any] { get { storage.userInfo } set { storage.userInfo = newValue } }
    override open var targetContentIdentifier: String? {
        get { storage.targetContentIdentifier } set { storage.targetContentIdentifier = newValue }
    }
    override open var interruptionLevel: UNNotificationInterruptionLevel {
        get { storage.interruptionLevel } set { storage.interruptionLevel = newValue }
    }
    override open var relevanceScore: Double { get { storage.relevanceScore } set { storage.relevanceScore = newValue } }
    override open var filterCriteria: String? { get { storage.filterCriteria } set { storage.filterCriteria = newValue } }

    override public init() {
        super.init()
    }
}

/// The fields of a content, with the platform's defaults.
struct ShimContentStorage {
    var title = ""
    var subtitle = ""
    var body = ""
    var categoryIdentifier = ""
    var threadIdentifier = ""
    var badge: NSNumber?
    var sound: UNNotificationSound?
    var userInfo: [AnyHashable: Any] = [:]
    var targetContentIdentifier: String?
    var interruptionLevel: UNNotificationInterruptionLevel = .active
    var relevanceScore: Double = 0
    var filterCriteria: String?
}
#endif
