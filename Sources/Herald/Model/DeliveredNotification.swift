import Foundation

/// A notification shown to the user and still in Notification Center's list,
/// mirroring `UNNotification`.
public struct DeliveredNotification: Hashable, Sendable, Codable {
    public var request: NotificationRequest
    /// When it was delivered.
    public var date: Date

    public init(request: NotificationRequest, date: Date) {
        self.request = request
        self.date = date
    }
}
