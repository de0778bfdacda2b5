import Foundation
import Testing
#if !canImport(UserNotifications)
@_spi(Testing) import UserNotificationsShim
import CoreLocationShim

struct UserNotificationsShimTests {
    @Test func triggersAnswerFromTheStandInsClockNotTheWallClock() {
        // The shared center's clock starts at 2001-01-01 00:00 UTC and no test moves it
        let start = Date(timeIntervalSinceReferenceDate: 0)
        #expect(UNTimeIntervalNotificationTrigger(timeInterval: 90, repeats: false).nextTriggerDate()
                == start.addingTimeInterval(90))
        let nine = UNCalendarNotificationTrigger(dateMatching: DateComponents(hour: 9, minute: 0), repeats: true)
        #expect(nine.nextTriggerDate() == start.addingTimeInterval(9 * 3_600))
    }

    @Test func addingAnIdentifierAgainReplacesThePendingRequest() async throws {
        let center = makePlatformCenter()

        try await center.add(makePlatformRequest("a", after: 600))
        try await center.add(makePlatformRequest("a", after: 1_200))

        let pending = await center.pendingNotificationRequests()
        #expect(pending.map(\.identifier) == ["a"])
        #expect((pending[0].trigger as? UNTimeIntervalNotificationTrigger)?.timeInterval == 1_200)
    }

    @Test(arguments: [
        (ShimPendingDropRule.keepSoonest, (0..<64).map { "r\($0)" }),
        (ShimPendingDropRule.keepLastAdded, (6..<70).map { "r\($0)" }),
    ])
    func aboveSixtyFourOneRequestIsDroppedByTheRule(rule: ShimPendingDropRule, kept: [String]) async throws {
        // Given 70 requests added in fire order, one minute apart
        let center = makePlatformCenter(dropRule: rule)
        for index in 0..<70 { try await center.add(makePlatformRequest("r\(index)", after: 600 + Double(index) * 60)) }

        // Then 64 stay, the soonest or the last added, and add never threw
        let pending = await center.pendingNotificationRequests().map(\.identifier)
        #expect(pending.count == 64)
        #expect(Set(pending) == Set(kept))
    }

    @Test func deliveredNotificationsSetTheBadgeAbsolutely() async throws {
        // Given permission and three requests with badges 2, none and 0
        let center = makePlatformCenter()
        #expect(try await center.requestAuthorization(options: [.alert, .badge]))
        try await center.add(makePlatformRequest("two", after: 60, badge: 2))
        try await center.add(makePlatformRequest("none", after: 120))
        try await center.add(makePlatformRequest("zero", after: 180, badge: 0))

        // When they fire one by one, then the badge is 2, stays 2, then clears
        center.advanceForTesting(by: 60)
        #expect(center.badgeForTesting == 2)
        center.advanceForTesting(by: 60)
        #expect(center.badgeForTesting == 2)
        center.advanceForTesting(by: 60)
        #expect(center.badgeForTesting == 0)
        let delivered = await center.deliveredNotifications()
        #expect(delivered.map(\.request.identifier) == ["two", "none", "zero"])
        #expect(delivered.map(\.date) == [60, 120, 180].map { tuesdayMorning.addingTimeInterval($0) })
        #expect(await center.pendingNotificationRequests().isEmpty)
    }

    /// A content's badge is ignored while the user has turned badges off.
    @Test func withBadgesOffADeliveryLeavesTheBadge() async throws {
        let center = makePlatformCenter()
        #expect(try await center.requestAuthorization(options: [.alert, .badge]))
        center.setNotificationSettingsForTesting(alert: .enabled, sound: .enabled, badge: .disabled)
        center.deliverForTesting(makePlatformRequest("two", badge: 2))
        #expect(center.badgeForTesting == 0)
        center.setNotificationSettingsForTesting(alert: .enabled, sound: .enabled, badge: .enabled)
        center.deliverForTesting(makePlatformRequest("three", badge: 3))
        #expect(center.badgeForTesting == 3)
    }

    /// A notification a location trigger fired is shown but never listed for the app,
    /// and it can be removed by identifier.
    @Test func aLocationDeliveryIsNotListedButCanBeRemoved() async throws {
        let center = makePlatformCenter()
        #expect(try await center.requestAuthorization(options: [.alert]))
        let region = CLCircularRegion(center: CLLocationCoordinate2D(latitude: 52.52, longitude: 13.405), radius: 100,
                                      identifier: "gym")
        let content = UNMutableNotificationContent()
        content.title = "At the gym"
        center.deliverForTesting(UNNotificationRequest(identifier: "gym", content: content,
                                                       trigger: UNLocationNotificationTrigger(region: region, repeats: false)))
        center.deliverForTesting(makePlatformRequest("water"))

        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["water"])
        #expect(center.notificationListForTesting.map(\.request.identifier) == ["gym", "water"])
        center.removeDeliveredNotifications(withIdentifiers: ["gym"])
        center.removeDeliveredNotifications(withIdentifiers: ["water"])
        center.settleForTesting()   // removals land after the call returns, as on iOS
        #expect(await center.deliveredNotifications().isEmpty)
        #expect(center.notificationListForTesting.isEmpty)
    }

    @Test func nothingIsDeliveredWithoutPermission() async throws {
        let center = makePlatformCenter(userAnswer: .deny)
        #expect(try await center.requestAuthorization(options: [.alert]) == false)
        try await center.add(makePlatformRequest("hidden", after: 60, badge: 4))

        center.advanceForTesting(by: 120)

        #expect(await center.deliveredNotifications().isEmpty)
        #expect(await center.pendingNotificationRequests().isEmpty)
        #expect(center.badgeForTesting == 0)
    }

    @Test func authorizationIsAnsweredOnce() async throws {
        let center = makePlatformCenter(userAnswer: .deny)
        #expect(await center.notificationSettings().authorizationStatus == .notDetermined)

        #expect(try await center.requestAuthorization(options: [.alert]) == false)
        center.setAuthorizationStatusForTesting(.notDetermined)
        #expect(try await center.requestAuthorization(options: [.provisional]) == true)
        #expect(await center.notificationSettings().authorizationStatus == .provisional)
        #expect(try await center.requestAuthorization(options: [.alert]) == true)
        #expect(await center.notificationSettings().authorizationStatus == .provisional)
    }

    @Test func aCalendarTriggerFiresInTheZoneItCarries() async throws {
        // Given 09:30 in Tokyo (00:30 UTC), seen from Berlin at 07:00 UTC: next is tomorrow 00:30 UTC
        let center = makePlatformCenter()
        _ = try await center.requestAuthorization(options: [.alert])
        var components = DateComponents(hour: 9, minute: 30)
        components.timeZone = TimeZone(identifier: "Asia/Tokyo")
        let content = UNMutableNotificationContent()
        content.title = "tokyo"
        try await center.add(UNNotificationRequest(
            identifier: "tokyo", content: content, trigger: UNCalendarNotificationTrigger(dateMatching: components, repeats: true)))

        // When 18 h pass (until 01:00 UTC the next day)
        center.advanceForTesting(by: 18 * 3_600)

        // Then it fired once at 00:30 UTC on March 11 and stays pending
        let delivered = await center.deliveredNotifications()
        #expect(delivered.map(\.date) == [Date(timeIntervalSince1970: 1_773_189_000)])
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["tokyo"])
    }

    @Test func userInfoIsArchivedWithBooleansAndNumbersApart() async throws {
        let content = UNMutableNotificationContent()
        content.userInfo = ["flag": true, "count": 1, "nested": ["inner": [false, 2.5]]]

        let request = UNNotificationRequest(identifier: "x", content: content, trigger: nil)

        let flag = try #require(request.content.userInfo["flag"] as? NSNumber)
        let count = try #require(request.content.userInfo["count"] as? NSNumber)
        #expect(String(cString: flag.objCType) == "c")
        #expect(String(cString: count.objCType) != "c")
    }

    @Test func theDelegateReceivesResponsesAndPresentations() async throws {
        let center = makePlatformCenter()
        let delegate = RecordingDelegate()
        center.delegate = delegate
        let notification = center.deliverForTesting(makePlatformRequest("n"))

        let options = await center.presentForTesting(notification)
        await center.respondForTesting(to: notification, actionIdentifier: "note", userText: "hello")

        #expect(options == [.banner, .sound])
        #expect(delegate.received == ["n note hello"])
    }
}

/// A delegate that records what it was told.
final class RecordingDelegate: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var log: [String] = []
    var received: [String] { lock.withLock { log } }

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions {
        [.banner, .sound]
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        let text = (response as? UNTextInputNotificationResponse)?.userText ?? "-"
        let line = "\(response.notification.request.identifier) \(response.actionIdentifier) \(text)"
        lock.withLock { log.append(line) }
    }
}
#endif
