import Foundation

extension EngineState {
    /// A reminder the user snoozed: the snooze request stands in for the original
    /// occurrence until it fires.
    public struct SnoozeRecord: Hashable, Sendable, Codable {
        /// The original occurrence (kind `reminder` or `followUp`).
        public var original: NotificationIdentifier
        /// When the snooze fires.
        public var until: Date

        public init(original: NotificationIdentifier, until: Date) {
            self.original = original
            self.until = until
        }

        /// The identifier of the snooze request: the original's, of kind `snooze`. Snoozing
        /// again replaces it rather than adding another.
        public var snoozeIdentifier: NotificationIdentifier {
            NotificationIdentifier(entity: original.entity, rule: original.rule, occurrence: original.occurrence, kind: .snooze)
        }
    }
}

/// `EngineState.SnoozeRecord` by its former name, inside the package.
package typealias SnoozeRecord = EngineState.SnoozeRecord
