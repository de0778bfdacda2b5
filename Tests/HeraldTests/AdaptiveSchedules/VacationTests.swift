import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Vacations, the app's and a rule's, through the engine and the simulated center:
/// nothing fires on their local days, what was pending inside goes at once, and the plan
/// resumes after with nothing delivered late; across a week boundary, both
/// daylight-saving changes, a flight, a vacation learnt late and an app that does not run.
@Suite struct VacationTests {
    static let piano = Fixtures.habit("piano")
    static let newYork = TimeZone(identifier: "America/New_York")!

    func makeRule(_ vacations: [ReminderRule.Vacation] = []) throws -> ReminderRule {
        try ReminderRule(entity: Self.piano, id: "practice", schedule: .daily(at: [LocalTime(hour: 9)])).onVacation(vacations)
    }

    func vacation(_ from: String, _ to: String) throws -> ReminderRule.Vacation {
        try ReminderRule.Vacation(from: LocalDate(from), to: LocalDate(to))
    }

    /// `2026-11-23` as the occurrence at 09:00 (`20261123T0900`).
    func nine(_ days: [String]) -> [String] { days.map { $0.replacingOccurrences(of: "-", with: "") + "T0900" } }

    @Test func anAppVacationOverTheWeekendRestsEveryRule() async throws {
        // Given the app's vacation from Friday 27 to Tuesday 1 December
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        fixture.source.setVacations([try vacation("2026-11-27", "2026-12-01")])
        _ = await fixture.engine.launched()
        await fixture.advance(to: "2026-12-03T10:00")
        // Then Monday to Thursday remind, and from Wednesday 2 December again
        #expect(await fixture.deliveredOccurrences()
            == nine(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-12-02", "2026-12-03"]))
    }

    @Test(arguments: [("2026-10-22", "2026-10-24", "2026-10-25", "2026-10-27"),
                      ("2026-03-26", "2026-03-28", "2026-03-29", "2026-03-31")])
    func aVacationOverADaylightSavingChangeRestsItsLocalDays(start: String, from: String, to: String, last: String)
        async throws {
        // Given a rule's own vacation over Berlin's change to winter time (25 October) or summer time (29 March)
        let fixture = AdaptiveFixture([try makeRule([vacation(from, to)])], at: "\(start)T08:00")
        _ = await fixture.engine.launched()
        await fixture.advance(to: "\(last)T10:00")
        // Then the vacation's two days are quiet, and the next days come at 09:00 local time
        let delivered = await fixture.delivered()
        let day = LocalDate(start)
        #expect(delivered.map(\.occurrence)
            == nine([day, day.adding(days: 1), day.adding(days: 4), day.adding(days: 5)].map(\.description)))
        #expect(delivered.last?.date == Fixtures.date("\(last)T09:00"))
    }

    @Test func aFlightRestsTheNewZonesLocalDays() async throws {
        // Given a vacation on Thursday 26 and Friday 27, and a flight to New York on Wednesday 25 at 12:00 Berlin time
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        fixture.source.setVacations([try vacation("2026-11-26", "2026-11-27")])
        _ = await fixture.engine.launched()
        await fixture.advance(to: "2026-11-25T12:00")
        _ = await fixture.center.setTimeZone(Self.newYork)
        _ = await fixture.engine.timeChanged(.timeZoneChanged)
        await fixture.advance(to: "2026-11-28T10:00", in: Self.newYork)
        // Then New York's Thursday and Friday are quiet, and Saturday reminds at 09:00 there
        let delivered = await fixture.delivered()
        #expect(delivered.map(\.occurrence) == nine(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-28"]))
        #expect(delivered.last?.date == Fixtures.date("2026-11-28T09:00", in: Self.newYork))
    }

    @Test func aVacationLearntLateWithdrawsWhatWasPendingAndEndingItEarlyDeliversNothingLate() async throws {
        // Given the week planned
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        #expect(await fixture.pendingOccurrences().contains("20261126T0900"))
        // When on Tuesday at 12:00 the user starts a vacation from Wednesday to Sunday
        await fixture.advance(to: "2026-11-24T12:00")
        fixture.source.setVacations([try vacation("2026-11-25", "2026-11-29")])
        _ = await fixture.engine.reconcile(because: "vacation")
        let pending = await fixture.pendingOccurrences()
        // Then its days' requests are gone at once
        #expect(!pending.contains { $0 >= "20261125" && $0 < "20261130" })
        // When the user ends it on Thursday at 12:00, after Thursday's time
        await fixture.advance(to: "2026-11-26T12:00")
        fixture.source.setVacations([try vacation("2026-11-25", "2026-11-25")])
        _ = await fixture.engine.reconcile(because: "vacation ended")
        await fixture.advance(to: "2026-11-28T10:00")
        // Then Thursday's 09:00 is not delivered late, and Friday resumes
        #expect(await fixture.deliveredOccurrences() == nine(["2026-11-23", "2026-11-24", "2026-11-27", "2026-11-28"]))
    }

    @Test func aVacationHoldsWhileTheAppDoesNotRun() async throws {
        // Given a vacation from Saturday 28 to Wednesday 2 December, and an app that runs only on Monday 23
        let fixture = AdaptiveFixture([try makeRule([vacation("2026-11-28", "2026-12-02")])], at: "2026-11-23T08:00")
        _ = await fixture.engine.launched()
        await fixture.advance(to: "2026-12-05T10:00")
        // Then the center delivers the days before and after it, as planned on Monday
        #expect(await fixture.deliveredOccurrences()
            == nine(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-12-03", "2026-12-04",
                     "2026-12-05"]))
    }

    @Test func whyNamesTheVacationsLastDay() async throws {
        let fixture = AdaptiveFixture([try makeRule([vacation("2026-12-20", "2027-01-03")])], at: "2026-11-23T08:00")
        fixture.source.setVacations([try vacation("2026-12-24", "2026-12-26")])
        _ = await fixture.engine.launched()
        let story = await fixture.engine.explain(entity: Self.piano, rule: "practice", at: LocalDateTime(parsing: "2026-12-25T09:00")!)
        #expect(story.events.first?.fact == .heldBack(.onVacation(until: LocalDate("2027-01-03"))))
        #expect(story.events.first?.fact.description == "not planned: on vacation until 2027-01-03")
    }

    @Test func aLocationReminderIsNotArmedOnAVacationDay() async throws {
        // Given the gym's arrival reminder, armed on Saturday 21 November with the user away from it
        let gym = LocationReminderTests.gymRule()
        let fixture = LocationReminderTests.Fixture([gym])
        try await fixture.move(to: LocationReminderTests.away)
        #expect(await fixture.pendingLocation().map(\.occurrence.rawValue) == ["20261121T0000"])
        // When the rule rests on Sunday 22 and Monday 23
        fixture.source.set([gym.onVacation([try vacation("2026-11-22", "2026-11-23")])])
        _ = await fixture.center.advance(to: Fixtures.date("2026-11-22T10:00"))
        await fixture.engine.becameActive()
        // Then nothing is armed on Sunday, and Tuesday arms it again
        #expect(await fixture.pendingLocation().isEmpty)
        _ = await fixture.center.advance(to: Fixtures.date("2026-11-24T10:00"))
        await fixture.engine.becameActive()
        #expect(await fixture.pendingLocation().map(\.occurrence.rawValue) == ["20261124T0000"])
        // And an app-wide vacation rests it too, at the seam
        let resting = AdaptiveSchedules(now: Fixtures.date("2026-11-22T10:00"), deviceZone: Fixtures.berlin,
                                        horizon: 14 * 86_400,
                                        facts: AdaptationFacts(vacations: [try vacation("2026-11-22", "2026-11-22")]))
        #expect(resting.rules([gym]).isEmpty)
    }

    @Test func aVacationEndingBeforeItStartsIsRefused() {
        let error = #expect(throws: DeclarationError.self) { try vacation("2026-12-20", "2026-12-19") }
        #expect(error?.code == .invalidVacation)
        #expect(throws: DeclarationError.self) { try vacation("2026-01-01", "2027-01-02") }
    }
}
