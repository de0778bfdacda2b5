import Foundation

extension EngineState {
    /// One delivery of a Herald notification, recorded once in the fired log, whatever
    /// its kind and whether or not the app was running.
    public struct FiredRecord: Hashable, Sendable, Codable {
        public var identifier: NotificationIdentifier
        /// When it was delivered.
        public var date: Date

        public init(identifier: NotificationIdentifier, date: Date) {
            self.identifier = identifier
            self.date = date
        }

        /// The log's key: a notification delivered twice (a repeating one) is two records.
        public var key: String { "\(identifier)|\(date.timeIntervalSince1970)" }
    }
}

/// `EngineState.FiredRecord` by its former name, inside the package.
package typealias FiredRecord = EngineState.FiredRecord
