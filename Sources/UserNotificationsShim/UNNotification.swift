#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNNotification`: a request the system delivered, and when.
/// Apple gives it no public initializer; only the shim's center makes one.
open class UNNotification: NSObject {
    open private(set) var date: Date
    open private(set) var request: UNNotificationRequest

    init(date: Date, request: UNNotificationRequest) {
        self.date = date
        self.request = request
        super.init()
    }

    /// A delivered notification for tests, as the system would hand it to a delegate.
    @_spi(Testing)
    public static func makeForTesting(date: Date, request: UNNotificationRequest) -> UNNotification {
        UNNotification(date: date, request: request)
    }
}
#endif
