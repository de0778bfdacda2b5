extension EngineState {
    /// An entity on one local day: the key of "done for today".
    public struct EntityDay: Hashable, Sendable, Codable, CustomStringConvertible {
        public var entity: EntityReference
        public var day: LocalDate

        public init(_ entity: EntityReference, _ day: LocalDate) {
            self.entity = entity
            self.day = day
        }

        public var description: String { "\(entity)@\(day)" }
    }
}

/// `EngineState.EntityDay` by its former name, inside the package.
package typealias EntityDay = EngineState.EntityDay
