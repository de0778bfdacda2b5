import Foundation
import Herald
import HeraldSimulator
import Testing

struct CapacityTests {
    /// Request `rN` is added N-th and fires N+1 hours from the start, so the soonest are
    /// the first added.
    private func makeSeventyRequests() -> [NotificationRequest] {
        (0..<70).map { makeRequest("r\($0)", trigger: .timeInterval(Double($0 + 1) * 3_600, repeats: false)) }
    }

    @Test(arguments: [
        (DropRule.keepSoonest, 0..<64, 64..<70),
        (.keepMostRecentlyAdded, 6..<70, 0..<6),
    ])
    func seventyRequestsLeaveSixtyFourByTheDropRule(dropRule: DropRule, kept: Range<Int>, dropped: Range<Int>) async throws {
        // Given a center with the drop rule
        let center = makeCenter(dropRule: dropRule)

        // When 70 requests are added
        for request in makeSeventyRequests() { try await center.add(request) }

        // Then 64 survive and the others are gone for good
        #expect(await center.pendingIdentifiers() == kept.map { "r\($0)" }.sorted())
        #expect(await center.droppedRequests.map(\.identifier) == dropped.map { "r\($0)" })
        let delivered = await center.advance(by: 71 * 3_600)
        #expect(delivered.map(\.request.identifier) == kept.map { "r\($0)" })
        #expect(await center.pendingIdentifiers().isEmpty)
    }

    @Test(arguments: DropRule.allCases)
    func aRepeatingRequestCountsOnceHoweverOftenItFires(dropRule: DropRule) async throws {
        // Given a request repeating every minute and 63 one-shots
        let center = makeCenter(dropRule: dropRule)
        try await center.add(makeRequest("every-minute", trigger: .timeInterval(60, repeats: true)))
        for index in 1..<64 {
            try await center.add(makeRequest("r\(index)", trigger: .timeInterval(86_400 + Double(index), repeats: false)))
        }

        // When it fires for ten minutes
        let delivered = await center.advance(by: 600)

        // Then nothing was dropped and all 64 are still pending
        #expect(delivered.count == 10)
        #expect(await center.droppedRequests.isEmpty)
        #expect(await center.pendingIdentifiers().count == 64)
    }

    @Test func keepSoonestDropsLocationRequestsFirst() async throws {
        let center = makeCenter(capacity: 2, dropRule: .keepSoonest)
        let park = LocationRegion(identifier: "park", latitude: 0, longitude: 0, radius: 100)

        try await center.add(makeRequest("park", trigger: .location(park, repeats: true)))
        try await center.add(makeRequest("a"))
        try await center.add(makeRequest("b"))

        #expect(await center.droppedRequests.map(\.identifier) == ["park"])
        #expect(await center.pendingIdentifiers() == ["a", "b"])
    }
}
