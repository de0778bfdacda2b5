import Foundation
import Testing
@testable import Herald

/// `OccurrenceStory.verdict(of:date:now:)` over stories written by hand: one per verdict.
@Suite struct OccurrenceStoryVerdictTests {
    static let id = "herald:reminder:habit:water:r:20261121T0900"
    /// The occurrence is due at 09:00; the plan ran at 08:00.
    static let eight = Fixtures.date("2026-11-21T08:00"), nine = Fixtures.date("2026-11-21T09:00")
    static let planned = OccurrenceStory.Event(date: eight, fact: .planned(identifier: id, badge: 1, firesAt: nine))

    func makeVerdict(_ events: [OccurrenceStory.Event], now: String = "2026-11-21T12:00") -> OccurrenceStory.Verdict {
        OccurrenceStory.verdict(of: events, date: Self.nine, now: Fixtures.date(now))
    }

    func event(_ time: String, _ fact: OccurrenceStory.Fact) -> OccurrenceStory.Event {
        OccurrenceStory.Event(date: Fixtures.date("2026-11-21T" + time), fact: fact)
    }

    @Test func eachVerdictFollowsFromTheEvents() {
        // Shown at 09:00, and 09:00:59 is still on time
        #expect(makeVerdict([Self.planned, event("09:00", .delivered(identifier: Self.id, held: nil))]) == .delivered)
        // Shown at 09:30 (a Focus held it until then)
        #expect(makeVerdict([Self.planned, event("09:30", .delivered(identifier: Self.id, held: "a Focus"))]) == .held)
        // The last plan before 09:00 cut it
        #expect(makeVerdict([Self.planned, event("08:30", .cut(held: 54, capacity: 64, latest: []))]) == .cut)
        #expect(makeVerdict([Self.planned, event("08:30", .displaced)]) == .displaced)
        for fact: OccurrenceStory.Fact in [.skipped(.satisfied), .paused, .excluded, .unplanned, .deleted] {
            #expect(makeVerdict([Self.planned, event("08:30", fact)]) == .skipped)
        }
        // Planned, its time passed, nothing came
        #expect(makeVerdict([Self.planned, event("09:00", .notDelivered(.lost))]) == .notDelivered)
        #expect(makeVerdict([]) == .neverPlanned)
        // Planned, asked at 08:30: not due yet
        #expect(makeVerdict([Self.planned], now: "2026-11-21T08:30") == .pending)
    }

    @Test func aDecisionAfterItsTimeDoesNotChangeTheVerdict() {
        // Planned at 08:00, not delivered, and its entity deleted at 10:00: what it was at 09:00 stands
        #expect(makeVerdict([Self.planned, event("10:00", .deleted)]) == .notDelivered)
    }

    @Test func aSnoozesDeliveryAloneCountsAsDelivered() {
        // The reminder's own delivery is unknown; its snooze was shown at 09:10
        let snooze = "herald:snooze:habit:water:r:20261121T0900"
        #expect(makeVerdict([event("09:10", .delivered(identifier: snooze, held: nil))]) == .delivered)
    }
}
