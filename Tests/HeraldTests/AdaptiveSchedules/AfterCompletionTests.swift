import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Every N days counted from the last completion, through the engine and the simulated
/// center: the next reminder N local days after the day it was done, across a week
/// boundary, both daylight-saving changes, a flight, a completion learnt late and an app
/// that does not run.
@Suite struct AfterCompletionTests {
    static let plant = Fixtures.habit("plant")
    static let newYork = TimeZone(identifier: "America/New_York")!

    func makeRule(every days: Int = 3, from anchor: String = "2026-11-23") throws -> ReminderRule {
        try ReminderRule(entity: Self.plant, id: "water",
                         schedule: .everyDays(days, from: LocalDate(anchor), at: [LocalTime(hour: 9)]))
            .countingFromCompletion()
    }

    func complete(_ fixture: AdaptiveFixture, at local: String) async throws {
        await fixture.advance(to: local)
        _ = try await fixture.engine.completed(Self.plant)
    }

    @Test func eachCompletionMovesEveryLaterReminderAcrossTheWeek() async throws {
        // Given every 3 days from Monday 23 at 09:00 (declared: 23, 26, 29, 2)
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        // When the plant is watered on Tuesday 24 and on Saturday 28
        try await complete(fixture, at: "2026-11-24T12:00")
        try await complete(fixture, at: "2026-11-28T12:00")
        await fixture.advance(to: "2026-12-04T10:00")
        // Then the reminders come on 23, then 24 + 3 = 27, then 28 + 3 = 1 and 4 December
        #expect(await fixture.deliveredOccurrences() == ["20261123T0900", "20261127T0900", "20261201T0900", "20261204T0900"])
    }

    @Test(arguments: [("2026-10-21", "2026-10-22", ["20261021T0900", "20261024T0900", "20261026T0900"], "2026-10-26T09:00"),
                      ("2026-03-25", "2026-03-26", ["20260325T0900", "20260328T0900", "20260330T0900"], "2026-03-30T09:00")])
    func localDaysCountAcrossADaylightSavingChange(anchor: String, doneOn: String, expected: [String], last: String)
        async throws {
        // Given every 2 days, and the week of Berlin's change to winter time (25 October)
        // or to summer time (29 March)
        let fixture = AdaptiveFixture([try makeRule(every: 2, from: anchor)], at: "\(anchor)T08:00")
        _ = await fixture.engine.launched()
        // When it is done on the day after the anchor, in the evening
        try await complete(fixture, at: "\(doneOn)T20:00")
        await fixture.advance(to: "\(last.prefix(10))T10:00")
        // Then the next come 2 and 4 local days later, over the change, at 09:00 local time
        let delivered = await fixture.delivered()
        #expect(delivered.map(\.occurrence) == expected)
        #expect(delivered.last?.date == Fixtures.date(last))
    }

    @Test func aFlightKeepsCountingLocalDaysAtTheSameWallTime() async throws {
        // Given watered on Tuesday 24 in Berlin
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        try await complete(fixture, at: "2026-11-24T12:00")
        // When the user flies to New York on Wednesday
        await fixture.advance(to: "2026-11-25T12:00")
        _ = await fixture.center.setTimeZone(Self.newYork)
        _ = await fixture.engine.timeChanged(.timeZoneChanged)
        await fixture.advance(to: "2026-11-30T10:00", in: Self.newYork)
        // Then Friday 27 and Monday 30 remind at 09:00 in New York
        let delivered = await fixture.delivered()
        #expect(delivered.map(\.occurrence) == ["20261123T0900", "20261127T0900", "20261130T0900"])
        #expect(delivered[1].date == Fixtures.date("2026-11-27T09:00", in: Self.newYork))
    }

    @Test func aCompletionLearntLateWithdrawsTheDeclaredDay() async throws {
        // Given no completion known, so Thursday 26 is pending
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        await fixture.advance(to: "2026-11-26T07:00")
        #expect(await fixture.pendingOccurrences().contains("20261126T0900"))
        // When on Thursday morning the app learns it was watered on Tuesday
        _ = try await fixture.engine.completed(Self.plant, on: LocalDate("2026-11-24"), at: Fixtures.date("2026-11-24T12:00"))
        await fixture.advance(to: "2026-11-30T10:00")
        // Then Thursday is withdrawn and the reminders follow Tuesday: 27, 30
        #expect(await fixture.deliveredOccurrences() == ["20261123T0900", "20261127T0900", "20261130T0900"])
    }

    @Test func theCountContinuesWhileTheAppDoesNotRun() async throws {
        // Given watered on Tuesday 24, the last time the app runs
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        try await complete(fixture, at: "2026-11-24T12:00")
        // When the app does not run for twelve days
        await fixture.advance(to: "2026-12-06T10:00")
        // Then every third day from Tuesday reminds, as planned then
        #expect(await fixture.deliveredOccurrences()
            == ["20261123T0900", "20261127T0900", "20261130T0900", "20261203T0900", "20261206T0900"])
    }

    @Test func whyNamesTheLastCompletion() async throws {
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        try await complete(fixture, at: "2026-11-24T12:00")
        let story = await fixture.engine.explain(entity: Self.plant, rule: "water", at: LocalDateTime(parsing: "2026-11-26T09:00")!)
        #expect(story.events.first?.fact
            == .heldBack(.waitingForCompletion(lastDone: LocalDate("2026-11-24"), next: LocalDate("2026-11-27"))))
    }

    @Test func onlyAnEveryNDaysOrDailyScheduleCountsFromCompletion() throws {
        let weekly = try ReminderRule(entity: Self.plant, id: "water", schedule: .weekly(on: [.monday], at: [LocalTime(hour: 9)]))
        let error = #expect(throws: DeclarationError.self) { try weekly.countingFromCompletion() }
        #expect(error?.code == .invalidAfterCompletion)
    }
}
