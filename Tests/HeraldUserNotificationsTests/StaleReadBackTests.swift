#if !canImport(UserNotifications)
import Foundation
import Herald
@testable import HeraldUserNotifications
import Testing
@_spi(Testing) import UserNotificationsShim

/// The SDK applies category sets and removals on its own queue, after the call returns:
/// the shim queues them until the system settles, and the adapter never counts on
/// reading its own changes back at once.
struct StaleReadBackTests {
    // MARK: The shim, as iOS

    @Test func removalsAndCategoriesShowOnlyOnceTheSystemSettles() async throws {
        let center = makePlatformCenter()
        _ = try await center.requestAuthorization(options: [.alert])
        try await center.add(makePlatformRequest("a"))
        try await center.add(makePlatformRequest("b"))
        center.deliverForTesting(makePlatformRequest("shown"))
        let habit = UNNotificationCategory(identifier: "habit", actions: [], intentIdentifiers: [])

        center.setNotificationCategories([habit])
        center.removePendingNotificationRequests(withIdentifiers: ["a"])
        center.removeDeliveredNotifications(withIdentifiers: ["shown"])

        // Reads right after show the state from before
        #expect(await center.notificationCategories().isEmpty)
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["a", "b"])
        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["shown"])
        #expect(center.queuedChangeCountForTesting == 3)

        center.settleForTesting()

        #expect(await center.notificationCategories() == [habit])
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["b"])
        #expect(await center.deliveredNotifications().isEmpty)

        center.removeAllPendingNotificationRequests()
        center.deliverForTesting(makePlatformRequest("later"))
        center.removeAllDeliveredNotifications()
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["b"])
        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["later"])
        center.settleForTesting()
        #expect(await center.pendingNotificationRequests().isEmpty)
        #expect(await center.deliveredNotifications().isEmpty)
    }

    /// The system's queue is serial: an add comes after the removal before it.
    @Test func aRemovalFollowedByAnAddOfTheSameIdentifierLeavesItAdded() async throws {
        let center = makePlatformCenter()
        try await center.add(makePlatformRequest("a", after: 600))

        center.removePendingNotificationRequests(withIdentifiers: ["a"])
        try await center.add(makePlatformRequest("a", after: 1_200))
        center.settleForTesting()

        let pending = await center.pendingNotificationRequests()
        #expect(pending.map(\.identifier) == ["a"])
        #expect((pending.first?.trigger as? UNTimeIntervalNotificationTrigger)?.timeInterval == 1_200)
    }

    /// Apple does not promise that a removed request cannot fire while its removal is
    /// queued: the shim lets it, and the removal still removes what it names when it lands.
    @Test func aRequestCanFireWhileItsRemovalIsQueuedAndTheRemovalStillLands() async throws {
        let center = makePlatformCenter()
        _ = try await center.requestAuthorization(options: [.alert])
        try await center.add(UNNotificationRequest(
            identifier: "minute", content: UNMutableNotificationContent(),
            trigger: UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: true)))

        center.removePendingNotificationRequests(withIdentifiers: ["minute"])
        center.advanceForTesting(by: 61)

        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["minute"])
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["minute"])
        center.settleForTesting()
        #expect(await center.pendingNotificationRequests().isEmpty)
        center.advanceForTesting(by: 120)
        #expect(await center.deliveredNotifications().map(\.date) == [tuesdayMorning.addingTimeInterval(60)])
    }

    @Test func anImmediateCenterShowsEveryChangeAtOnce() async throws {
        let center = UNUserNotificationCenter.makeForTesting(now: tuesdayMorning, timeZone: berlin, readBack: .immediate)
        try await center.add(makePlatformRequest("a"))

        center.removePendingNotificationRequests(withIdentifiers: ["a"])
        center.setNotificationCategories([UNNotificationCategory(identifier: "c", actions: [], intentIdentifiers: [])])

        #expect(await center.pendingNotificationRequests().isEmpty)
        #expect(await center.notificationCategories().map(\.identifier) == ["c"])
        #expect(center.queuedChangeCountForTesting == 0)
    }

    // MARK: The adapter, over stale read-backs

    @Test func theAdapterLeavesOutWhatItRemovedUntilTheSystemNoLongerListsIt() async throws {
        let platform = makePlatformCenter()
        let center = UserNotificationCenter(platform)
        for identifier in ["a", "b", "c"] { try await center.add(Self.request(identifier)) }

        await center.removePendingNotificationRequests(withIdentifiers: ["a", "b"])

        #expect(await platform.pendingNotificationRequests().map(\.identifier) == ["a", "b", "c"])
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["c"])

        // Added again before the removal landed: it is pending, and stays so
        try await center.add(Self.request("b"))
        #expect(await center.pendingNotificationRequests().map(\.identifier).sorted() == ["b", "c"])
        platform.settleForTesting()
        #expect(await center.pendingNotificationRequests().map(\.identifier).sorted() == ["b", "c"])

        // Once the system no longer lists "a", it is forgotten: a request someone else
        // adds with it shows
        try await platform.add(makePlatformRequest("a"))
        #expect(await center.pendingNotificationRequests().map(\.identifier).sorted() == ["a", "b", "c"])
    }

    @Test func theAdapterRemovingEverythingSeesNothingPending() async throws {
        let platform = makePlatformCenter()
        let center = UserNotificationCenter(platform)
        for identifier in ["a", "b"] { try await center.add(Self.request(identifier)) }

        await center.removeAllPendingNotificationRequests()

        #expect(await platform.pendingNotificationRequests().count == 2)
        #expect(await center.pendingNotificationRequests().isEmpty)
        try await center.add(Self.request("c"))
        #expect(await center.pendingNotificationRequests().map(\.identifier) == ["c"])
    }

    @Test func theAdapterReadsTheCategoriesItSetBeforeTheSystemShowsThem() async throws {
        let platform = makePlatformCenter()
        let center = UserNotificationCenter(platform)
        let first: Set = [NotificationCategory(identifier: "habit", actions: [])]
        let second: Set = [NotificationCategory(identifier: "goal", actions: [])]

        await center.setNotificationCategories(first)
        #expect(await platform.notificationCategories().isEmpty)
        #expect(await center.notificationCategories() == first)
        await center.setNotificationCategories(second)
        #expect(await center.notificationCategories() == second)
        platform.settleForTesting()
        #expect(await center.notificationCategories() == second)

        // Once the system showed them, its own set is read: another part of the app may set one
        platform.setNotificationCategories([UNNotificationCategory(identifier: "other", actions: [], intentIdentifiers: [])])
        platform.settleForTesting()
        #expect(await center.notificationCategories().map(\.identifier) == ["other"])
    }

    /// A removed delivery is hidden until the system drops it; a delivery with the same
    /// identifier that comes later than the one the adapter removed shows.
    @Test func theAdapterHidesTheDeliveryItRemovedButNotALaterOne() async throws {
        let platform = makePlatformCenter()
        _ = try await platform.requestAuthorization(options: [.alert])
        let center = UserNotificationCenter(platform)
        platform.deliverForTesting(makePlatformRequest("daily"))
        platform.advanceForTesting(by: 1)
        let other = platform.deliverForTesting(makePlatformRequest("other"))
        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["daily", "other"])

        await center.removeDeliveredNotifications(withIdentifiers: ["daily"])
        #expect(await platform.deliveredNotifications().count == 2)
        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["other"])

        platform.advanceForTesting(by: 60)
        let later = platform.deliverForTesting(makePlatformRequest("daily"))
        #expect(later.date == tuesdayMorning.addingTimeInterval(61))
        #expect(await center.deliveredNotifications().map(\.date) == [other.date, later.date])
    }

    /// A read that began before a removal says nothing about it: the removal is only
    /// forgotten by a read that began after it and no longer lists it.
    @Test func aReadThatBeganBeforeARemovalDoesNotForgetIt() {
        let changes = UnsettledChanges()
        let early = changes.beginRead()
        changes.removingPending(["a"])
        #expect(changes.visiblePending([], readFrom: early).isEmpty)
        #expect(changes.visiblePending(["a", "b"], readFrom: early) == ["b"])
        #expect(changes.visiblePending(["b"], readFrom: changes.beginRead()) == ["b"])
        #expect(changes.visiblePending(["a", "b"], readFrom: changes.beginRead()) == ["a", "b"])

        // Deliveries: only those up to the latest date read before the removal are hidden
        let nine = tuesdayMorning.addingTimeInterval(3_600)
        _ = changes.visibleDelivered([("d", tuesdayMorning)], readFrom: changes.beginRead())
        let beforeRemoval = changes.beginRead()
        changes.removingDelivered(["d"])
        #expect(changes.visibleDelivered([], readFrom: beforeRemoval) == [])
        #expect(changes.visibleDelivered([("d", tuesdayMorning), ("e", nine)], readFrom: changes.beginRead())
                == [false, true])
        #expect(changes.visibleDelivered([("d", nine)], readFrom: changes.beginRead()) == [true])
        #expect(changes.visibleDelivered([("d", tuesdayMorning)], readFrom: changes.beginRead()) == [true])
    }

    @Test func theAdapterRemovingEveryDeliverySeesNoneUntilALaterOne() async throws {
        let platform = makePlatformCenter()
        _ = try await platform.requestAuthorization(options: [.alert])
        let center = UserNotificationCenter(platform)
        platform.deliverForTesting(makePlatformRequest("a"))
        platform.deliverForTesting(makePlatformRequest("b"))

        await center.removeAllDeliveredNotifications()

        #expect(await platform.deliveredNotifications().count == 2)
        #expect(await center.deliveredNotifications().isEmpty)
        platform.advanceForTesting(by: 60)
        platform.deliverForTesting(makePlatformRequest("a"))
        #expect(await center.deliveredNotifications().map(\.request.identifier) == ["a"])
    }

    // MARK: An engine over the adapter

    /// Two runs in a row: the first removes a paused habit's six requests, the second
    /// (it is resumed) wants them back while the system still lists them. Without the
    /// adapter remembering its removals, the second run would read them as in place,
    /// add nothing, and the removal landing afterwards would leave them lost.
    @Test func twoRunsInARowWithStaleReadBacksLeaveThePlannedRequests() async throws {
        // Badges off: no request carries one, so a request planned again is the same
        let platform = makePlatformCenter()
        platform.setNotificationSettingsForTesting(badge: .disabled)
        let engine = try await makeEngine(platform: platform)
        let walk = EntityReference(namespace: "habit", id: "walk")
        #expect(await engine.launched().outcome.added == 12)
        platform.settleForTesting()

        let paused = try await engine.paused(walk)
        let resumed = try await engine.resumed(walk)
        platform.settleForTesting()

        // Water and walk at 09:00 and 20:00 on Tuesday, Wednesday and Thursday: the
        // three-day horizon from Tuesday 08:00 ends on Friday 08:00
        var expected: Set<String> = []
        for id in ["water", "walk"] {
            for day in 10...12 {
                for hour in [9, 20] {
                    expected.insert(NotificationIdentifier(
                        entity: EntityReference(namespace: "habit", id: id), rule: "daily",
                        occurrence: OccurrenceKey(LocalDateTime(date: LocalDate(year: 2026, month: 3, day: day),
                                                                time: LocalTime(hour: hour))),
                        kind: .reminder
                    ).description)
                }
            }
        }
        #expect(paused.outcome.removed == 6)
        #expect(resumed.outcome.added == 6)
        #expect(Set(await platform.pendingNotificationRequests().map(\.identifier)) == expected)
    }

    static func request(_ identifier: String) -> NotificationRequest {
        NotificationRequest(identifier: identifier, content: NotificationContent(title: identifier),
                            trigger: .timeInterval(3_600, repeats: false))
    }
}
#endif
