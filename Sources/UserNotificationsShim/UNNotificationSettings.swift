#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNNotificationSettings`: what the user allows. Apple gives it no
/// public initializer.
open class UNNotificationSettings: NSObject {
    open private(set) var authorizationStatus: UNAuthorizationStatus

    init(authorizationStatus: UNAuthorizationStatus) {
        self.authorizationStatus = authorizationStatus
        super.init()
    }

    /// Settings for tests.
    @_spi(Testing)
    public static func makeForTesting(authorizationStatus: UNAuthorizationStatus) -> UNNotificationSettings {
        UNNotificationSettings(authorizationStatus: authorizationStatus)
    }
}
#endif
