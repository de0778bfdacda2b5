import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Herald while the user has turned the app badge off in Settings (notifications stay
/// authorized): it does not count on the badge (no app badge set, no badge in content,
/// the report says so), and the first run after badges come back sets the badge to what
/// is outstanding and numbers the requests again.
@Suite struct BadgesOffTests {
    /// Water at 09:00 and 20:00, walk at 18:00, in Berlin; the clock at 2026-11-21 08:00.
    func engine(settings: NotificationSettings) async -> (SimulatedNotificationCenter, Engine) {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        await center.setNotificationSettings(settings)
        let source = TestReminderSource([Fixtures.dailyRule("water", at: ["09:00", "20:00"]),
                                         Fixtures.dailyRule("walk", at: ["18:00"])])
        return (center, Engine(center: center, source: source, clock: clock))
    }

    /// `entity HH:mm` of the pending requests on `day`, with their badges.
    func badges(on day: String, in center: SimulatedNotificationCenter) async -> [String: Int?] {
        var result: [String: Int?] = [:]
        for request in await center.pendingNotificationRequests() {
            guard let identifier = request.heraldIdentifier,
                  identifier.occurrence.description.hasPrefix(day) else { continue }
            let time = identifier.occurrence.description.dropFirst(day.count + 1)
            result["\(identifier.entity.id) \(time)"] = .some(request.content.badge)
        }
        return result
    }

    @Test func withBadgesOffNoBadgeIsSetNorCarriedAndTheyComeBackRight() async throws {
        // Given badges off when the app launches at 08:00
        let (center, engine) = await engine(settings: NotificationSettings(badge: false))
        let launch = await engine.launched()

        // Then it planned the 14 days (42 requests), none with a badge, and set no badge
        #expect(launch.badgesOff)
        #expect(launch.badgeSet == nil)
        let pending = await center.pendingNotificationRequests()
        #expect(pending.count == 42)
        #expect(pending.allSatisfy { $0.content.badge == nil })
        #expect(await center.callCounts.badgeUpdates == 0)

        // When water 09:00 is delivered
        await center.advance(to: Fixtures.date("2026-11-21T09:30"))
        #expect(await center.deliveredNotifications().count == 1)
        #expect(await center.badgeCount == 0)

        // And the user turns badges back on, and the app comes to the foreground at 10:00
        await center.advance(to: Fixtures.date("2026-11-21T10:00"))
        await center.setNotificationSettings(.allOn)
        let back = await engine.becameActive()

        // Then the badge is what is outstanding (water 09:00, undone), and today's and
        // tomorrow's requests carry the count at their delivery, worked out by hand:
        // today walk 18:00 is the 2nd outstanding and water 20:00 the 3rd; tomorrow
        // starts again at 1
        #expect(!back.badgesOff)
        #expect(back.badgeSet == 1)
        #expect(await center.badgeCount == 1)
        #expect(await center.displayedBadge == 1)
        #expect(await badges(on: "20261121", in: center) == ["walk 1800": 2, "water 2000": 3])
        #expect(await badges(on: "20261122", in: center) == ["water 0900": 1, "walk 1800": 2, "water 2000": 3])

        // When they are turned off again at 11:00
        await center.advance(to: Fixtures.date("2026-11-21T11:00"))
        await center.setNotificationSettings(NotificationSettings(badge: false))
        await center.resetCallCounts()
        let off = await engine.becameActive()

        // Then the requests lose their badges, the badge is not touched: the system
        // keeps 1, the icon shows none
        #expect(off.badgesOff && off.badgeSet == nil)
        #expect(await center.callCounts.badgeUpdates == 0)
        #expect(await badges(on: "20261121", in: center) == ["walk 1800": nil, "water 2000": nil])
        #expect(await center.badgeCount == 1)
        #expect(await center.displayedBadge == 0)
    }

    @Test func alertsAndSoundsOffChangeNothingHeraldPlans() async throws {
        // Given alerts and sounds off, badges on
        let (center, engine) = await engine(settings: NotificationSettings(alert: false, sound: false, badge: true))

        // When the app launches at 08:00
        let launch = await engine.launched()

        // Then Herald plans and badges as usual: today's three numbered 1, 2, 3, badge 0
        #expect(!launch.badgesOff)
        #expect(launch.badgeSet == 0)
        #expect(await badges(on: "20261121", in: center) == ["water 0900": 1, "walk 1800": 2, "water 2000": 3])
    }

    @Test func aCenterThatCannotTellReportsEverythingOn() async {
        // A conformer written before settings existed gets the protocol's default
        struct Minimal: NotificationCenterDefaults {}
        #expect(await Minimal().notificationSettings() == .allOn)
    }
}

/// Only what a minimal conformer must write: the settings come from the default.
private protocol NotificationCenterDefaults: Herald.NotificationCenter {}
extension NotificationCenterDefaults {
    var capacity: Int { 64 }
    func add(_ request: NotificationRequest) async throws {}
    func pendingNotificationRequests() async -> [NotificationRequest] { [] }
    func removePendingNotificationRequests(withIdentifiers identifiers: [String]) async {}
    func removeAllPendingNotificationRequests() async {}
    func deliveredNotifications() async -> [DeliveredNotification] { [] }
    func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {}
    func removeAllDeliveredNotifications() async {}
    func setBadgeCount(_ count: Int) async throws {}
    func setNotificationCategories(_ categories: Set<NotificationCategory>) async {}
    func notificationCategories() async -> Set<NotificationCategory> { [] }
    func authorizationStatus() async -> AuthorizationStatus { .authorized }
    func requestAuthorization(options: AuthorizationOptions) async throws -> Bool { true }
}
