import Foundation

extension EngineState {
    /// The last smart-timing suggestion Herald computed, kept so it is recomputed only
    /// when it is old enough.
    public struct SmartTimingState: Hashable, Sendable, Codable {
        /// The suggested reminder time, or `nil` when there was not enough history.
        public var suggestion: LocalTime?
        /// The first hour of the best two-hour window, when there is one.
        public var windowStartHour: Int?
        public var computedAt: Date

        public init(suggestion: LocalTime?, windowStartHour: Int?, computedAt: Date) {
            self.suggestion = suggestion
            self.windowStartHour = windowStartHour
            self.computedAt = computedAt
        }
    }
}

/// `EngineState.SmartTimingState` by its former name, inside the package.
package typealias SmartTimingState = EngineState.SmartTimingState
