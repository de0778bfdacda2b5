import Foundation

extension EngineState {
    /// A response waiting for the app to be ready, kept in the store so that a response
    /// that arrives before the app has wired its handlers, or before a crash, is not lost.
    public struct QueuedResponse: Hashable, Sendable, Codable {
        public var response: NotificationResponse
        /// When Herald received it.
        public var receivedAt: Date
        /// The order it arrived in.
        public var sequence: Int
        /// What Herald did about it when it arrived (a built-in action takes effect at
        /// once); the route reports it when the app is ready.
        public var effect: ActionEffect

        public init(response: NotificationResponse, receivedAt: Date, sequence: Int, effect: ActionEffect = .none) {
            self.response = response
            self.receivedAt = receivedAt
            self.sequence = sequence
            self.effect = effect
        }

        public var id: String { response.responseID }
    }
}

/// `EngineState.QueuedResponse` by its former name, inside the package.
package typealias QueuedResponse = EngineState.QueuedResponse
