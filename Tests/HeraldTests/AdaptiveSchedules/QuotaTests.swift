import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// A rule limited to three completed days a week, through the engine and the simulated
/// center: hand-worked weeks across a week boundary, both daylight-saving changes, a
/// flight, a completion learnt late and an app that does not run.
@Suite struct QuotaTests {
    static let gym = Fixtures.habit("gym")
    static let newYork = TimeZone(identifier: "America/New_York")!

    func makeRule() throws -> ReminderRule {
        try ReminderRule(entity: Self.gym, id: "evening", schedule: .daily(at: [LocalTime(hour: 18)]))
            .limited(to: ReminderRule.Quota(times: 3, per: .week))
    }

    /// Completes the gym at 19:00 on each of `days`, the app running then.
    func complete(_ fixture: AdaptiveFixture, on days: [String]) async throws {
        for day in days {
            await fixture.advance(to: "\(day)T19:00")
            _ = try await fixture.engine.completed(Self.gym)
        }
    }

    @Test func theWeekStopsOnceMetAndTheNextStartsFresh() async throws {
        // Given 18:00 daily, three days a week, weeks from Monday; Monday 23 November
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        // When the user trains Monday to Wednesday, and opens the app every morning after
        try await complete(fixture, on: ["2026-11-23", "2026-11-24", "2026-11-25"])
        for day in 26...30 {
            await fixture.advance(to: "2026-11-\(day)T08:00")
            _ = await fixture.engine.becameActive()
        }
        await fixture.advance(to: "2026-12-01T20:00")
        // Then Thursday to Sunday are quiet, and Monday and Tuesday of the next week remind
        let delivered = await fixture.deliveredOccurrences()
        #expect(delivered == ["20261123T1800", "20261124T1800", "20261125T1800", "20261130T1800", "20261201T1800"],
                "\(delivered)")
    }

    @Test func aWeekStartingOnSundayEndsOnSaturday() async throws {
        // Given weeks from Sunday
        var configuration = PlannerConfiguration()
        configuration.firstWeekday = .sunday
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00", configuration: configuration)
        _ = await fixture.engine.launched()
        // When the user trains Monday to Wednesday
        try await complete(fixture, on: ["2026-11-23", "2026-11-24", "2026-11-25"])
        await fixture.advance(to: "2026-11-30T20:00")
        // Then Thursday to Saturday are quiet, and Sunday 29 starts a new week
        #expect(await fixture.deliveredOccurrences()
            == ["20261123T1800", "20261124T1800", "20261125T1800", "20261129T1800", "20261130T1800"])
    }

    @Test(arguments: [("2026-10-19", "2026-10-26"), ("2026-03-23", "2026-03-30")])
    func aWeekOverADaylightSavingChangeCountsLocalDays(monday: String, next: String) async throws {
        // Given the week holding Berlin's change to winter time (25 October) or to summer time (29 March)
        let fixture = AdaptiveFixture([try makeRule()], at: "\(monday)T08:00")
        _ = await fixture.engine.launched()
        let days = (0..<3).map { LocalDate(monday).adding(days: $0).description }
        // When the user trains Monday to Wednesday
        try await complete(fixture, on: days)
        await fixture.advance(to: "\(next)T20:00")
        // Then the rest of the week, the change's Sunday included, is quiet, and the next
        // Monday reminds at 18:00 local time, the instant Foundation's calendar gives
        let delivered = await fixture.delivered()
        let nextMonday = LocalDate(next).description.replacingOccurrences(of: "-", with: "") + "T1800"
        #expect(delivered.map(\.occurrence) == days.map { $0.replacingOccurrences(of: "-", with: "") + "T1800" } + [nextMonday])
        #expect(delivered.last?.date == Fixtures.date("\(next)T18:00"))
    }

    @Test func aFlightKeepsTheWeekInTheNewZonesLocalDays() async throws {
        // Given the quota met by Wednesday in Berlin
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        try await complete(fixture, on: ["2026-11-23", "2026-11-24", "2026-11-25"])
        // When the user lands in New York on Thursday morning, Berlin time
        await fixture.advance(to: "2026-11-26T08:00")
        _ = await fixture.center.setTimeZone(Self.newYork)
        _ = await fixture.engine.timeChanged(.timeZoneChanged)
        await fixture.advance(to: "2026-12-01T20:00", in: Self.newYork)
        // Then nothing comes until Monday, which reminds at 18:00 in New York
        let delivered = await fixture.delivered()
        #expect(delivered.map(\.occurrence)
            == ["20261123T1800", "20261124T1800", "20261125T1800", "20261130T1800", "20261201T1800"])
        #expect(delivered[3].date == Fixtures.date("2026-11-30T18:00", in: Self.newYork))
    }

    @Test func aCompletionLearntLateRePlansThePeriod() async throws {
        // Given Monday and Tuesday done, and Wednesday's reminder delivered
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        try await complete(fixture, on: ["2026-11-23", "2026-11-24"])
        await fixture.advance(to: "2026-11-26T07:00")
        #expect(await fixture.pendingOccurrences().contains("20261126T1800"))
        // When Thursday morning the app learns Wednesday was done (on another device, at 19:00)
        _ = try await fixture.engine.completed(Self.gym, on: LocalDate("2026-11-25"),
                                               at: Fixtures.date("2026-11-25T19:00"))
        await fixture.advance(to: "2026-11-30T20:00")
        // Then Thursday to Sunday are withdrawn, and Monday reminds
        #expect(await fixture.deliveredOccurrences()
            == ["20261123T1800", "20261124T1800", "20261125T1800", "20261130T1800"])
    }

    @Test func whatWasPendingKeepsTheQuotaWhileTheAppDoesNotRun() async throws {
        // Given the quota met on Wednesday evening, the last time the app runs
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        try await complete(fixture, on: ["2026-11-23", "2026-11-24", "2026-11-25"])
        // When the app does not run for a week
        await fixture.advance(to: "2026-12-02T20:00")
        // Then the center delivers only what the plan left pending: the next week's days
        #expect(await fixture.deliveredOccurrences()
            == ["20261123T1800", "20261124T1800", "20261125T1800", "20261130T1800", "20261201T1800",
                "20261202T1800"])
    }

    @Test func whyNamesTheQuota() async throws {
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        try await complete(fixture, on: ["2026-11-23", "2026-11-24", "2026-11-25"])
        let story = await fixture.engine.explain(entity: Self.gym, rule: "evening", at: LocalDateTime(parsing: "2026-11-27T18:00")!)
        #expect(story.events.first?.fact == .heldBack(.quotaMet(done: 3, times: 3, per: .week)))
        #expect(story.events.first?.fact.description == "not planned: quota met for the week: 3 of 3")
        let monday = await fixture.engine.explain(entity: Self.gym, rule: "evening", at: LocalDateTime(parsing: "2026-11-30T18:00")!)
        #expect(!monday.events.contains { if case .heldBack = $0.fact { true } else { false } })
    }

    @Test func aQuotaAskingMoreDaysThanItsPeriodIsRefused() {
        #expect(throws: DeclarationError.self) { try ReminderRule.Quota(times: 8, per: .week) }
        #expect(throws: DeclarationError.self) { try ReminderRule.Quota(times: 2, per: .day) }
        #expect(throws: DeclarationError.self) { try ReminderRule.Quota(times: 0, per: .month) }
        let error = #expect(throws: DeclarationError.self) { try ReminderRule.Quota(times: 32, per: .month) }
        #expect(error?.code == .invalidQuota)
        #expect(error?.message.contains("give times from 1 to 31") == true)
    }
}
