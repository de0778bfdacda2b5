import Foundation
@testable import Herald

/// Shared fixtures for planner and engine tests.
enum Fixtures {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// The instant of a local date-time (`2026-11-21T09:00`) in a zone, through
    /// Foundation's calendar (independent of Herald's own conversion).
    static func date(_ text: String, in zone: TimeZone = berlin) -> Date {
        let local = LocalDateTime(parsing: text)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(
            year: local.date.year, month: local.date.month, day: local.date.day,
            hour: local.time.hour, minute: local.time.minute, second: local.time.second))!
    }

    static func habit(_ id: String) -> EntityReference { EntityReference(namespace: "habit", id: id) }

    static func times(_ texts: [String]) -> [LocalTime] { texts.map { LocalTime(parsing: $0)! } }

    static func dailyRule(_ entity: String, _ rule: String = "r", at texts: [String], priority: Int = 0,
                          countsTowardBadge: Bool = true) -> ReminderRule {
        try! ReminderRule(entity: habit(entity), id: rule, schedule: try! .daily(at: times(texts)),
                     priority: priority, countsTowardBadge: countsTowardBadge)
    }

    /// A delivered Herald reminder of an entity's rule, delivered at a local date-time.
    static func delivered(_ entity: String, _ rule: String = "r", at text: String) -> DeliveredNotification {
        let local = LocalDateTime(parsing: text)!
        let identifier = NotificationIdentifier(entity: habit(entity), rule: rule, occurrence: OccurrenceKey(local), kind: .reminder)
        return DeliveredNotification(
            request: NotificationRequest(identifier: identifier.description,
                                         content: NotificationContent(title: entity), trigger: nil),
            date: date(text))
    }
}
