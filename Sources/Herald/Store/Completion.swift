import Foundation

extension EngineState {
    /// The user completed (or logged) an entity for a local day, at an instant.
    public struct Completion: Hashable, Sendable, Codable {
        public var entity: EntityReference
        public var day: LocalDate
        /// When it was recorded (smart timing learns from these).
        public var date: Date

        public init(entity: EntityReference, day: LocalDate, date: Date) {
            self.entity = entity
            self.day = day
            self.date = date
        }

        public var entityDay: EntityDay { EntityDay(entity, day) }
    }
}

/// `EngineState.Completion` by its former name, inside the package.
package typealias Completion = EngineState.Completion
