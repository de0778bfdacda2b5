import Foundation

/// A response waiting for the app to be ready, kept in the store so that a response
/// that arrives before the app has wired its handlers, or before a crash, is not lost.
public struct QueuedResponse: Hashable, Sendable, Codable {
    public var response: NotificationResponse
    /// When Herald received it.
    public var receivedAt: Date
    /// The order it arrived in.
    public var sequence: Int

    public init(response: NotificationResponse, receivedAt: Date, sequence: Int) {
        self.response = response
        self.receivedAt = receivedAt
        self.sequence = sequence
    }

    public var id: String { response.responseID }
}
