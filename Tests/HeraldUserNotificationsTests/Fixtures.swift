// The fixtures drive the Linux stand-ins; on Apple platforms the system's center has no
// test factories, so these tests run on Linux only.
#if !canImport(UserNotifications)
import Foundation
import Testing
import Herald
@testable import HeraldUserNotifications
@_spi(Testing) import UserNotificationsShim

/// 2026-03-10 08:00 in Berlin (07:00 UTC), a Tuesday, far from a DST change.
let tuesdayMorning = Date(timeIntervalSince1970: 1_773_126_000)
let berlin = TimeZone(identifier: "Europe/Berlin")!

/// A clock that stands still, for engines under test.
struct FixedClock: DeviceClock {
    var now: Date
    var timeZone: TimeZone
}

/// A fresh install's platform center (not yet asked for permission) at Tuesday 08:00.
func makePlatformCenter(
    userAnswer: ShimAuthorizationAnswer = .grant, dropRule: ShimPendingDropRule = .keepSoonest
) -> UNUserNotificationCenter {
    UNUserNotificationCenter.makeForTesting(now: tuesdayMorning, timeZone: berlin, userAnswer: userAnswer, dropRule: dropRule)
}

/// A request firing `seconds` from now, with only a title.
func makePlatformRequest(_ identifier: String, after seconds: TimeInterval = 3_600, badge: Int? = nil) -> UNNotificationRequest {
    let content = UNMutableNotificationContent()
    content.title = identifier
    content.badge = badge.map { NSNumber(value: $0) }
    return UNNotificationRequest(
        identifier: identifier, content: content,
        trigger: UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false)
    )
}

/// Two habits, water at 09:00 and 20:00 and walk at 09:00 and 20:00, pinned to Berlin;
/// content carries every field the adapter maps and a nested payload.
struct TwoHabits: ReminderSource, AppResponder {
    static let category = "habit"
    static let categories = try! CategoryRegistry([
        ReminderCategory(identifier: category, actions: [
            .complete("done", title: "Done"),
            .snooze("snooze", title: "Snooze 10 min", for: 600),
        ]),
    ])

    let routes = RouteLog()

    func reminderRules() async throws -> [ReminderRule] {
        let times = [LocalTime(hour: 9), LocalTime(hour: 20)]
        return try ["water", "walk"].map { id in
            try ReminderRule(entity: EntityReference(namespace: "habit", id: id), id: "daily",
                             schedule: .daily(at: times, timeZone: berlin))
        }
    }

    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        NotificationContent(
            title: reminder.rule.entity.id, subtitle: "Daily", body: "Keep it up", sound: .named("chime.caf"),
            categoryIdentifier: Self.category, threadIdentifier: "habits", interruptionLevel: .timeSensitive,
            relevanceScore: 0.5, targetContentIdentifier: "habit-\(reminder.rule.entity.id)",
            userInfo: ["extra": ["streak": 3, "done": false, "tags": ["a", true, 1.5, nil]]]
        )
    }

    func resolve(_ entity: EntityReference) async -> EntityResolution { .ready(title: entity.id) }

    func handle(_ route: ResponseHandoff) async { await routes.append(route) }
}

/// Routes the app received, in order.
actor RouteLog {
    private(set) var routes: [ResponseHandoff] = []
    func append(_ route: ResponseHandoff) { routes.append(route) }
}

/// An engine over the adapter over a fresh, authorized platform center.
func makeEngine(
    platform: UNUserNotificationCenter, app: TwoHabits = TwoHabits(), categories: CategoryRegistry = TwoHabits.categories,
    contentDependsOnDay: Bool = true
) async throws -> Engine {
    _ = try await platform.requestAuthorization(options: [.alert, .badge, .sound])
    return Engine(
        center: UserNotificationCenter(platform), source: app, clock: FixedClock(now: tuesdayMorning, timeZone: berlin),
        configuration: PlannerConfiguration(horizon: 3 * 86_400, contentDependsOnDay: contentDependsOnDay),
        categories: categories
    )
}

/// Prompts the app was asked to show.
/// Polls `condition` every 10 ms for up to a minute: long enough for a suite that
/// shares two cores among parallel tests, and still an end for a condition that never
/// holds.
func waitUntil(_ condition: () async throws -> Bool) async throws {
    for _ in 0..<6_000 {
        if try await condition() { return }
        try await Task.sleep(for: .milliseconds(10))
    }
    Issue.record("the condition did not hold within a minute")
}

actor PromptLog {
    private(set) var prompts: [InAppPrompt] = []
    func append(_ prompt: InAppPrompt) { prompts.append(prompt) }
}
#endif
