import Foundation

extension NotificationIdentifier {
    /// How many UTF-8 bytes the ``description`` of a reminder's identifier takes
    /// (`ReminderRule.identifier(for:)`), counted without making or formatting it: the
    /// grouping planner weighs every occurrence it takes by its payload bytes
    /// (`PlannedGroup.payloadBytes(ofReminderOf:at:)`), and formatting each identifier
    /// was most of that plan's time.
    ///
    /// ```swift
    /// NotificationIdentifier.reminderDescriptionByteCount(entity: water, rule: "daily", occurrence: nine)
    /// // == water's reminder identifier at nine, `.description.utf8.count`
    /// ```
    static func reminderDescriptionByteCount(entity: EntityReference, rule: String, occurrence: LocalDateTime) -> Int {
        // herald:reminder:<namespace>:<id>:<rule>:<occurrence>; a compact date-time
        // holds no character that is escaped.
        scheme.utf8.count + NotificationKind.reminder.rawValue.utf8.count + escapedByteCount(entity.namespace)
            + escapedByteCount(entity.id) + escapedByteCount(rule) + occurrence.compactDescriptionByteCount + 5
    }

    /// How many UTF-8 bytes `escape(part)` takes: each `%` and `:` becomes three.
    static func escapedByteCount(_ part: String) -> Int {
        part.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "%") || $1 == UInt8(ascii: ":") ? 3 : 1) }
    }
}

extension LocalDateTime {
    /// How many UTF-8 bytes ``compactDescription`` takes, counted without making it:
    /// 13 (`20261121T0900`), 15 with seconds, more for a year past 9999.
    var compactDescriptionByteCount: Int {
        func padded(_ value: Int, _ width: Int) -> Int {
            var digits = value < 0 ? 2 : 1
            var rest = value.magnitude / 10
            while rest > 0 { digits += 1; rest /= 10 }
            return max(width, digits)
        }
        return padded(date.year, 4) + padded(date.month, 2) + padded(date.day, 2) + 1 + padded(time.hour, 2)
            + padded(time.minute, 2) + (time.second == 0 ? 0 : padded(time.second, 2))
    }
}
