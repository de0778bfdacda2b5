#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNNotificationSound`. Like Apple's, it has no public way to read
/// back which sound it is.
open class UNNotificationSound: NSObject {
    let name: String?

    init(name: String?) {
        self.name = name
        super.init()
    }

    /// The system's default sound.
    open class var `default`: UNNotificationSound { UNNotificationSound(name: nil) }

    #if !HERALD_SHIM_WATCHOS
    /// A sound file in the app's bundle or `Library/Sounds` (not on watchOS).
    public convenience init(named name: UNNotificationSoundName) {
        self.init(name: name.rawValue)
    }
    #endif

    override open func isEqual(_ object: Any?) -> Bool {
        (object as? UNNotificationSound)?.name == name
    }

    override open var hash: Int { name.hashValue }
}

/// The file name of a notification sound.
public struct UNNotificationSoundName: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}
#endif
