import Foundation
import Herald
import HeraldSimulator
import Testing

struct PendingRequestTests {
    @Test func addingAnExistingIdentifierReplacesItAndTakesANewPlaceInLine() async throws {
        // Given two requests due at the same instant
        let center = makeCenter()
        try await center.add(makeRequest("a", trigger: once(2026, 3, 28, 9, 0), title: "old"))
        try await center.add(makeRequest("b", trigger: once(2026, 3, 28, 9, 0)))

        // When the first is added again
        try await center.add(makeRequest("a", trigger: once(2026, 3, 28, 9, 0), title: "new"))

        // Then it is pending once, with the new content, and fires after "b"
        let pending = await center.pendingNotificationRequests()
        #expect(pending.map(\.identifier) == ["b", "a"])
        #expect(pending.last?.content.title == "new")
        let delivered = await center.advance(to: instant("2026-03-28T09:00:00+01:00"))
        #expect(delivered.map(\.request.identifier) == ["b", "a"])
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test(arguments: [
        (NotificationTrigger.timeInterval(59, repeats: true), false),
        (.timeInterval(30, repeats: true), false),
        (.timeInterval(0, repeats: false), false),
        (.timeInterval(-1, repeats: false), false),
        (.timeInterval(.infinity, repeats: false), false),
        (.timeInterval(60, repeats: true), true),
        (.timeInterval(1, repeats: false), true),
    ])
    func timeIntervalTriggersAreValidatedOnAdd(trigger: NotificationTrigger, accepted: Bool) async throws {
        // Given a pending request under the same identifier
        let center = makeCenter()
        let existing = makeRequest("r")
        try await center.add(existing)

        // When a request with the trigger is added
        let attempt = { try await center.add(makeRequest("r", trigger: trigger)) }

        // Then it is stored, or refused with invalidTrigger and nothing changes
        if accepted {
            try await attempt()
            #expect(await center.pendingNotificationRequests().map(\.trigger) == [trigger])
        } else {
            await #expect(throws: NotificationCenterError.self) { try await attempt() }
            #expect(await center.pendingNotificationRequests() == [existing])
            #expect(await center.callCounts.failedAdds == 1)
        }
    }

    @Test func aOneShotCalendarDateThatHasPassedIsNotKept() async throws {
        let center = makeCenter()

        try await center.add(makeRequest("past", trigger: once(2026, 3, 27, 11, 59)))
        let delivered = await center.advance(by: 86_400)

        #expect(delivered.isEmpty)
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test func aNilTriggerIsPendingUntilTimeMovesThenDeliveredAtTheInstantItWasAdded() async throws {
        // Given a request without a trigger
        let center = makeCenter()
        try await center.add(makeRequest("now", trigger: nil))
        #expect(await center.pendingIdentifiers() == ["now"])

        // When time moves by nothing
        let delivered = await center.advance(by: 0)

        // Then it is delivered at the current instant
        #expect(delivered.map(\.date) == [instant("2026-03-27T12:00:00+01:00")])
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test func locationRequestsStayPendingAndNeverFireByTime() async throws {
        let center = makeCenter()
        let gym = LocationRegion(identifier: "gym", latitude: 52.52, longitude: 13.40, radius: 150)

        try await center.add(makeRequest("gym", trigger: .location(gym, repeats: false)))
        let delivered = await center.advance(by: 30 * 86_400)

        #expect(delivered.isEmpty)
        #expect(await center.pendingIdentifiers() == ["gym"])
        #expect(await center.pendingSchedule().first?.nextFireDate == nil)
    }

    @Test func removalIsByIdentifierAndCountsBatchesAndRequestsTouched() async throws {
        // Given three pending requests
        let center = makeCenter()
        for identifier in ["a", "b", "c"] { try await center.add(makeRequest(identifier)) }

        // When two are removed in one batch with an unknown identifier, then all
        await center.removePendingNotificationRequests(withIdentifiers: ["a", "b", "unknown"])
        #expect(await center.pendingIdentifiers() == ["c"])
        await center.removeAllPendingNotificationRequests()

        // Then the counts tell two batches and three requests removed
        let counts = await center.callCounts
        #expect(counts.adds == 3)
        #expect(counts.pendingRemovalBatches == 2)
        #expect(counts.pendingRequestsRemoved == 3)
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test func injectedAddFailuresThrowAndChangeNothing() async throws {
        // Given a center whose next add fails and that refuses requests named "bad…"
        let center = makeCenter()
        await center.failNextAdds(count: 1)
        await center.failAdds { $0.identifier.hasPrefix("bad") }

        // When adds are attempted
        await #expect(throws: NotificationCenterError(code: .addFailed, message: "Injected failure: add(a) failed (failNextAdds).")) {
            try await center.add(makeRequest("a"))
        }
        await #expect(throws: NotificationCenterError.self) { try await center.add(makeRequest("bad-1")) }
        try await center.add(makeRequest("a"))

        // Then only the retried add is stored
        #expect(await center.pendingIdentifiers() == ["a"])
        #expect(await center.callCounts.adds == 1)
        #expect(await center.callCounts.failedAdds == 2)
    }
}
