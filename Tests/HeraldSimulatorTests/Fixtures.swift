import Foundation
import Herald
import HeraldSimulator

let berlin = TimeZone(identifier: "Europe/Berlin")!
let newYork = TimeZone(identifier: "America/New_York")!
let tokyo = TimeZone(identifier: "Asia/Tokyo")!

/// An instant written with its offset, `2026-03-27T12:00:00+01:00`.
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    guard let date = formatter.date(from: text) else { fatalError("Not an ISO 8601 instant: \(text)") }
    return date
}

/// How a delivery's instant reads on the wall in `zone`, `2026-03-29T03:30+02:00`.
func wallTime(_ date: Date, in zone: TimeZone = berlin) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = zone
    formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate, .withTimeZone, .withColonSeparatorInTimeZone]
    return formatter.string(from: date).replacingOccurrences(of: ":00+", with: "+").replacingOccurrences(of: ":00-", with: "-")
}

/// A center on a fresh clock (Friday 2026-03-27 12:00 in Berlin), authorized unless said otherwise.
func makeCenter(
    at start: String = "2026-03-27T12:00:00+01:00",
    in zone: TimeZone = berlin,
    capacity: Int = 64,
    dropRule: DropRule = .keepSoonest,
    authorization: AuthorizationStatus = .authorized,
    userAnswer: UserAuthorizationAnswer = .allow,
    deniedCenter: DeniedCenter = .empty
) -> SimulatedNotificationCenter {
    SimulatedNotificationCenter(
        clock: VirtualClock(now: instant(start), timeZone: zone),
        capacity: capacity, dropRule: dropRule, authorization: authorization, userAnswer: userAnswer,
        deniedCenter: deniedCenter
    )
}

/// A request with a simple content; `trigger` defaults to one hour from when it is added.
func makeRequest(
    _ identifier: String,
    trigger: NotificationTrigger? = .timeInterval(3_600, repeats: false),
    title: String? = nil,
    badge: Int? = nil
) -> NotificationRequest {
    NotificationRequest(
        identifier: identifier,
        content: NotificationContent(title: title ?? identifier, badge: badge),
        trigger: trigger
    )
}

/// A calendar trigger firing every day at a wall time.
func daily(hour: Int, minute: Int, pinnedTo zone: TimeZone? = nil) -> NotificationTrigger {
    .calendar(CalendarTrigger(hour: hour, minute: minute, repeats: true, timeZone: zone))
}

/// A one-shot calendar trigger at a wall date and time.
func once(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, pinnedTo zone: TimeZone? = nil) -> NotificationTrigger {
    .calendar(CalendarTrigger(year: year, month: month, day: day, hour: hour, minute: minute, timeZone: zone))
}

extension SimulatedNotificationCenter {
    /// Pending identifiers, sorted, for "nothing unexpected is left" checks.
    func pendingIdentifiers() async -> [String] {
        await pendingNotificationRequests().map(\.identifier).sorted()
    }

    func deliveredIdentifiers() async -> [String] {
        await deliveredNotifications().map(\.request.identifier)
    }
}
