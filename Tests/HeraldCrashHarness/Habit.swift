import Foundation
import Herald

/// One habit of the harness's app: a name and one reminder rule.
struct Habit: Hashable, Sendable {
    var id: String
    var name: String
    var schedule: Schedule
    var followUpAfter: TimeInterval?
    var isPaused = false

    static let namespace = "habit"

    var entity: EntityReference { EntityReference(namespace: Self.namespace, id: id) }

    var rule: ReminderRule {
        // The harness declares only valid identities.
        try! ReminderRule(entity: entity, id: "r1", schedule: schedule, followUpAfter: followUpAfter)
    }
}
