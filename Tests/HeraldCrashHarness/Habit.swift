import Foundation
import Herald

/// One habit of the harness's app: a name, one reminder rule and the category of its
/// content. A habit that rings as an alarm asks for one where the user allows alarms
/// (else time-sensitive), with one title every day (fixed content), so Herald covers it
/// with a weekly alarm whose second button is its category's first action. In a
/// household run (``HouseholdScenario``) a habit may say which of the user's devices
/// alert for it (``alertsOn``); `nil` leaves it to each device's default.
struct Habit: Hashable, Sendable {
    var id: String
    var name: String
    var schedule: Schedule
    var followUpAfter: TimeInterval?
    var isPaused = false
    var ringsAsAlarm = false
    var category = HarnessApp.categoryIdentifier
    var alertsOn: ReminderRule.AlertsOn?

    static let namespace = "habit"

    var entity: EntityReference { EntityReference(namespace: Self.namespace, id: id) }

    var rule: ReminderRule {
        // The harness declares only valid identities and ladders.
        let rule = try! ReminderRule(entity: entity, id: "r1", schedule: schedule, followUpAfter: followUpAfter,
                                     fixedContent: ringsAsAlarm)
        let urgent = ringsAsAlarm ? try! rule.urgent(.alarm, fallback: [.timeSensitive]) : rule
        return alertsOn.map(urgent.alerting(on:)) ?? urgent
    }
}
