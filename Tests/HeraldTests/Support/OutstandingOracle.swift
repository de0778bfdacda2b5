import Foundation
@testable import Herald

/// The outstanding count, computed independently of the planner, for property tests:
/// the delivered Herald reminders, snoozes and follow-ups of today (the device's day,
/// read with Foundation's calendar) whose rule is still declared and counts toward the
/// badge (`countsTowardBadge`), not answered since they were delivered, whose entity
/// is neither gone nor done for the occurrence's day (the device-local day of the occurrence's instant, again from
/// Foundation's calendar), one per occurrence.
enum OutstandingOracle {
    static func count(delivered: [DeliveredNotification], state: EngineState, rules: [ReminderRule],
                      gone: Set<EntityReference>, zone: TimeZone, now: Date) -> Int {
        var device = Calendar(identifier: .gregorian)
        device.timeZone = zone
        func day(_ date: Date) -> LocalDate {
            let parts = device.dateComponents([.year, .month, .day], from: date)
            return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)
        }
        let today = day(now)
        var occurrences: Set<String> = []
        for notification in delivered {
            guard let identifier = notification.request.heraldIdentifier,
                  [.reminder, .snooze, .followUp].contains(identifier.kind),
                  day(notification.date) == today,
                  !gone.contains(identifier.entity),
                  let rule = rules.first(where: { $0.entity == identifier.entity && $0.ruleID == identifier.rule }),
                  rule.countsTowardBadge,
                  let local = LocalDateTime(parsing: identifier.occurrence.rawValue.split(separator: "#")[0])
            else { continue }
            // Answered at or after it was delivered (here or on another device): it asks
            // nothing more; a snooze delivered after the answer that made it still does.
            let occurrence = NotificationIdentifier(entity: identifier.entity, rule: identifier.rule,
                                                    occurrence: OccurrenceKey(rawValue: String(identifier.occurrence.rawValue.split(separator: "#")[0])),
                                                    kind: .reminder)
            if let answered = state.acknowledged[occurrence], answered >= notification.date { continue }
            var calendar = device
            calendar.timeZone = rule.schedule.timeZone ?? zone
            let components = DateComponents(year: local.date.year, month: local.date.month, day: local.date.day,
                                            hour: local.time.hour, minute: local.time.minute, second: local.time.second)
            guard let instant = calendar.date(from: components),
                  !state.satisfiedDays.contains(EntityDay(identifier.entity, day(instant))) else { continue }
            // Every repeat of a nag (`<occurrence>#<n>`) is one occurrence with its original.
            occurrences.insert("\(identifier.entity)|\(identifier.rule)|\(local)")
        }
        return occurrences.count
    }
}
