import Foundation
import Herald

/// When triggers fire, computed the way the system does, with Foundation's calendar.
///
/// Repeating and partial triggers use Foundation's calendar, independently of Herald's
/// own expansion, so the simulator is an oracle for them: `Calendar.nextDate(after:matching:)` with
/// `.nextTimePreservingSmallerComponents` (a wall time skipped by a DST gap fires the
/// gap later, 02:30 → 03:30) and `.first` (a wall time that occurs twice fires at its
/// first occurrence). A day the components name that a month lacks (the 31st in April,
/// February 29th outside leap years) never matches, as with `.strict`
/// (`RepeatingTriggerPropertyTests` checks repeating triggers against `Calendar`).
enum TriggerSchedule {
    /// Where a newly added request stands.
    enum Placement: Equatable {
        /// It fires at this instant.
        case fires(Date)
        /// It waits for a region to be entered or left (a location trigger).
        case waitsForRegion
        /// It can never fire: the system does not keep it.
        case never
    }

    /// Checks what the system refuses at `add`.
    static func validate(_ trigger: NotificationTrigger?) throws(NotificationCenterError) {
        guard case .timeInterval(let interval, let repeats) = trigger else { return }
        guard interval.isFinite, interval > 0 else {
            throw .invalidTrigger("A time-interval trigger needs a positive interval, got \(interval) s; use a nil trigger to deliver at once.")
        }
        if repeats, interval < 60 {
            throw .invalidTrigger("A repeating time-interval trigger needs at least 60 s, got \(interval) s; use a calendar trigger or a longer interval.")
        }
    }

    /// Where a request added at `now` stands. A nil trigger is due at once.
    static func placement(of trigger: NotificationTrigger?, addedAt now: Date, deviceZone: TimeZone) -> Placement {
        switch trigger {
        case nil:
            return .fires(now)
        case .timeInterval(let interval, _):
            return .fires(now.addingTimeInterval(interval))
        case .location:
            return .waitsForRegion
        case .calendar(let calendarTrigger):
            return nextMatch(of: calendarTrigger, after: now, deviceZone: deviceZone).map(Placement.fires) ?? .never
        }
    }

    /// When a repeating request that was due at `due` fires again, seen at `now` (at or
    /// after `due`). Missed repeats are not caught up: the next fire date is after `now`.
    /// `nil` when the request does not fire again by time.
    static func nextFireDate(of trigger: NotificationTrigger?, due: Date, now: Date, deviceZone: TimeZone) -> Date? {
        switch trigger {
        case .timeInterval(let interval, true):
            let elapsedRepeats = ((now.timeIntervalSince(due)) / interval).rounded(.down)
            return due.addingTimeInterval(interval * (elapsedRepeats + 1))
        case .calendar(let calendarTrigger) where calendarTrigger.repeats:
            return nextMatch(of: calendarTrigger, after: now, deviceZone: deviceZone)
        default:
            return nil
        }
    }

    /// The first instant after `date` matching a calendar trigger's components, read in
    /// its pinned zone or else `deviceZone`.
    static func nextMatch(of trigger: CalendarTrigger, after date: Date, deviceZone: TimeZone) -> Date? {
        if !trigger.repeats, trigger.localDateTime != nil {
            guard let fixed = fixedDate(of: trigger, deviceZone: deviceZone), fixed > date else { return nil }
            return fixed
        }
        var components = trigger.dateComponents
        components.timeZone = nil
        let calendar = calendar(for: trigger, deviceZone: deviceZone)
        let shifted = calendar.nextDate(
            after: date, matching: components,
            matchingPolicy: .nextTimePreservingSmallerComponents, repeatedTimePolicy: .first,
            direction: .forward
        )
        // `.nextTimePreservingSmallerComponents` also moves a day a month lacks (the
        // 31st in April) to the next day (May 1st); a day that does not exist never
        // matches, as with `.strict`, and only a wall time a DST gap skips moves.
        if let shifted, matchesDate(shifted, of: components, in: calendar) { return shifted }
        return calendar.nextDate(after: date, matching: components, matchingPolicy: .strict,
                                 repeatedTimePolicy: .first, direction: .forward)
    }

    /// Whether `date`, read in `calendar`, is on a day the components name (their year,
    /// month, day and weekday, where set).
    private static func matchesDate(_ date: Date, of components: DateComponents, in calendar: Calendar) -> Bool {
        let local = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        return [(components.year, local.year), (components.month, local.month), (components.day, local.day),
                (components.weekday, local.weekday)].allSatisfy { wanted, actual in wanted == nil || wanted == actual }
    }

    /// The one instant a trigger with year, month, day, hour and minute names (past or
    /// not), or `nil` when the components leave it open or name a date that does not
    /// exist (February 30: the system never fires those). `nextDate` costs tens of
    /// microseconds and this is the path for the one-shot requests Herald mostly adds,
    /// so it converts with Herald's `ZoneConverter`, which gives what
    /// `Calendar.date(from:)` gives for a wall time that exists, and what `nextDate` with
    /// `.nextTimePreservingSmallerComponents` gives for one a DST gap skips: the wall
    /// time moved later by the gap (`FixedDateOracleTests` checks it against Foundation
    /// in ten zones around every transition of 2026–2027, and at random). Repeating and
    /// partial triggers still go through `Calendar`.
    static func fixedDate(of trigger: CalendarTrigger, deviceZone: TimeZone) -> Date? {
        guard let local = trigger.localDateTime, local.date.isValid, local.time.isValid else { return nil }
        return ZoneConverter.for(trigger.timeZone ?? deviceZone).instant(for: local).date
    }

    private static func calendar(for trigger: CalendarTrigger, deviceZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = trigger.timeZone ?? deviceZone
        return calendar
    }
}
