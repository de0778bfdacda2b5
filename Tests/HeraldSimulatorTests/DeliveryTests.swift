import Foundation
import Herald
import HeraldSimulator
import Testing

struct DeliveryTests {
    @Test func dueRequestsFireByDateThenByOrderOfAddition() async throws {
        // Given three requests at 09:00 added as b, a, c, and one at 08:00 added last
        let center = makeCenter()
        for identifier in ["b", "a", "c"] {
            try await center.add(makeRequest(identifier, trigger: once(2026, 3, 28, 9, 0)))
        }
        try await center.add(makeRequest("early", trigger: once(2026, 3, 28, 8, 0)))

        // When the morning passes
        let delivered = await center.advance(to: instant("2026-03-28T10:00:00+01:00"))

        // Then the earlier date goes first, then the order of addition
        #expect(delivered.map(\.request.identifier) == ["early", "b", "a", "c"])
        #expect(await center.deliveredIdentifiers() == ["early", "b", "a", "c"])
        #expect(center.clock.now == instant("2026-03-28T10:00:00+01:00"))
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test func theClockStandsAtEachDeliveryWhileTheHandlerRuns() async throws {
        // Given a handler recording the clock at each delivery
        let center = makeCenter()
        let seen = Recorder()
        await center.setDeliveryHandler { [clock = center.clock] notification in
            await seen.record("\(notification.request.identifier) \(wallTime(clock.now))")
        }
        try await center.add(makeRequest("one", trigger: .timeInterval(60, repeats: false)))
        try await center.add(makeRequest("two", trigger: .timeInterval(120, repeats: false)))

        // When time passes
        await center.advance(by: 3_600)

        // Then the handler saw each delivery at its own instant
        #expect(await seen.entries == ["one 2026-03-27T12:01+01:00", "two 2026-03-27T12:02+01:00"])
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test func requestsAddedByTheHandlerAreDeliveredInTheSameAdvanceWhenDue() async throws {
        // Given a handler that schedules a follow-up five minutes after each reminder
        let center = makeCenter()
        await center.setDeliveryHandler { notification in
            guard notification.request.identifier == "reminder" else { return }
            try? await center.add(makeRequest("follow-up", trigger: .timeInterval(300, repeats: false)))
        }
        try await center.add(makeRequest("reminder", trigger: .timeInterval(60, repeats: false)))

        // When ten minutes pass
        let delivered = await center.advance(by: 600)

        // Then the follow-up fired at 12:06
        #expect(delivered.map { "\($0.request.identifier) \(wallTime($0.date))" } == [
            "reminder 2026-03-27T12:01+01:00", "follow-up 2026-03-27T12:06+01:00",
        ])
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test(arguments: [
        ([3, nil, 0], [3, 3, 0]),
        ([nil, 5, 2], [7, 5, 2]),
        ([0, nil, nil], [0, 0, 0]),
    ] as [([Int?], [Int])])
    func aDeliveredBadgeIsAbsoluteNilLeavesItAndZeroClearsIt(badges: [Int?], expected: [Int]) async throws {
        // Given the app badge at 7 and requests one minute apart carrying the badges
        let center = makeCenter()
        try await center.setBadgeCount(7)
        for (index, badge) in badges.enumerated() {
            try await center.add(makeRequest("r\(index)", trigger: .timeInterval(Double(index + 1) * 60, repeats: false), badge: badge))
        }

        // When each is delivered
        var seen: [Int] = []
        for _ in badges {
            await center.advance(by: 60)
            seen.append(await center.badgeCount)
        }

        // Then the badge follows them
        #expect(seen == expected)
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test func aRepeatingRequestIsRescheduledAndReplacesItsDeliveredEntry() async throws {
        // Given a request repeating hourly and a one-shot in between
        let center = makeCenter()
        try await center.add(makeRequest("hourly", trigger: .timeInterval(3_600, repeats: true)))
        try await center.add(makeRequest("once", trigger: .timeInterval(5_400, repeats: false)))

        // When three hours pass
        let delivered = await center.advance(by: 3 * 3_600)

        // Then it fired three times, the list shows its latest delivery, and it stays pending
        #expect(delivered.map(\.request.identifier) == ["hourly", "once", "hourly", "hourly"])
        #expect(await center.deliveredIdentifiers() == ["once", "hourly"])
        #expect(await center.deliveredNotifications().last?.date == instant("2026-03-27T15:00:00+01:00"))
        #expect(await center.pendingSchedule().map(\.nextFireDate) == [instant("2026-03-27T16:00:00+01:00")])
    }

    @Test func removingDeliveredLeavesPendingAlone() async throws {
        let center = makeCenter()
        try await center.add(makeRequest("a", trigger: .timeInterval(60, repeats: false)))
        try await center.add(makeRequest("b", trigger: .timeInterval(120, repeats: false)))
        await center.advance(by: 120)
        try await center.add(makeRequest("a"))

        await center.removeDeliveredNotifications(withIdentifiers: ["a", "unknown"])

        #expect(await center.deliveredIdentifiers() == ["b"])
        #expect(await center.pendingIdentifiers() == ["a"])
        #expect(await center.callCounts.deliveredRemovalBatches == 1)
    }

    @Test func runDeliversEveryOneShotAndStopsWhenOnlyRepeatingOnesAreLeft() async throws {
        let center = makeCenter()
        try await center.add(makeRequest("daily", trigger: daily(hour: 9, minute: 0)))
        try await center.add(makeRequest("in-two-days", trigger: .timeInterval(2 * 86_400, repeats: false)))

        let delivered = await center.run()

        #expect(delivered.map(\.request.identifier) == ["daily", "daily", "in-two-days"])
        #expect(center.clock.now == instant("2026-03-29T13:00:00+02:00"))
        #expect(await center.pendingIdentifiers() == ["daily"])
    }

    @Test func runUntilADeadlineEndsThere() async throws {
        let center = makeCenter()
        try await center.add(makeRequest("daily", trigger: daily(hour: 9, minute: 0)))

        let delivered = await center.run(until: instant("2026-03-31T00:00:00+02:00"))

        #expect(delivered.count == 3)
        #expect(center.clock.now == instant("2026-03-31T00:00:00+02:00"))
        #expect(await center.pendingIdentifiers() == ["daily"])
    }

    @Test func categoriesAreReplacedAsAWhole() async throws {
        let center = makeCenter()
        let log = NotificationCategory(identifier: "log", actions: [NotificationAction(identifier: "done", title: "Done")])
        let info = NotificationCategory(identifier: "info", actions: [])

        await center.setNotificationCategories([log, info])
        await center.setNotificationCategories([info])

        #expect(await center.notificationCategories() == [info])
        #expect(await center.callCounts.categoryUpdates == 2)
    }

    @Test func negativeBadgesAndInjectedBadgeFailuresThrowAndLeaveTheBadge() async throws {
        let center = makeCenter()
        try await center.setBadgeCount(4)
        await center.failNextBadgeUpdates()

        await #expect(throws: NotificationCenterError.self) { try await center.setBadgeCount(1) }
        await #expect(throws: NotificationCenterError.self) { try await center.setBadgeCount(-1) }

        #expect(await center.badgeCount == 4)
    }
}

/// Collects what a delivery handler saw.
private actor Recorder {
    private(set) var entries: [String] = []

    func record(_ entry: String) {
        entries.append(entry)
    }
}
