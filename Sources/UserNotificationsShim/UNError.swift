#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNError`: a failure the notification center reports, with the
/// platform's code.
public struct UNError: Error {
    public enum Code: Int, Sendable {
        case notificationsNotAllowed = 1
        case notificationInvalidNoDate = 1400
        case notificationInvalidNoContent = 1401
        case badgeInputInvalid = 1600
    }

    public let code: Code

    public init(_ code: Code) {
        self.code = code
    }
}
#endif
