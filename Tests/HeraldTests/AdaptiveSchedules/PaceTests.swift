import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Reminders only when behind, through the engine and the simulated center: hourly from
/// 08:00 to 19:00 (a window ending at 20:00 holds no 20:00) toward 8 glasses by 20:00, an occurrence at 08:00 + k hours is planned
/// only while the day's progress is below 8 × k / 12 (worked by hand in each test).
@Suite struct PaceTests {
    static let water = Fixtures.habit("water")
    static let newYork = TimeZone(identifier: "America/New_York")!

    func makeRule() throws -> ReminderRule {
        try ReminderRule(entity: Self.water, id: "sips",
                         schedule: .everyMinutes(60, from: LocalTime(hour: 8), to: LocalTime(hour: 20)))
            .paced(ReminderRule.Pace(target: 8, by: LocalTime(hour: 20)))
    }

    /// `day`'s occurrences at the hours, as identifiers name them.
    func hours(_ day: String, _ hours: ClosedRange<Int>) -> [String] {
        hours.map { day.replacingOccurrences(of: "-", with: "") + "T" + ($0 < 10 ? "0" : "") + "\($0)00" }
    }

    /// Reports `count` for `day` at `local`, as the app would, and re-plans.
    func report(_ fixture: AdaptiveFixture, _ count: Int, on day: String, at local: String) async {
        await fixture.advance(to: local)
        fixture.source.setProgress(count, of: Self.water, on: LocalDate(day))
        _ = await fixture.engine.entityChanged(Self.water)
    }

    @Test func progressHoldsBackTheHoursOnPaceAndANewWeekStartsBehind() async throws {
        // Given Sunday 29 November, nothing drunk: every hour from 09:00 is behind (08:00 never is)
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-29T07:00")
        _ = await fixture.engine.launched()
        // When 3 glasses are reported at 10:30: behind only from 13:00 (3 < 8 × 5 / 12)
        await report(fixture, 3, on: "2026-11-29", at: "2026-11-29T10:30")
        // and 8 at 15:30: never behind again that day
        await report(fixture, 8, on: "2026-11-29", at: "2026-11-29T15:30")
        await fixture.advance(to: "2026-11-30T11:30")
        // Then Sunday reminded at 09, 10, 13, 14 and 15, and Monday, a new day, from 09:00
        #expect(await fixture.deliveredOccurrences()
            == hours("2026-11-29", 9...10) + hours("2026-11-29", 13...15) + hours("2026-11-30", 9...11))
    }

    @Test(arguments: ["2026-10-25", "2026-03-29"])
    func aDaylightSavingDayPacesByWallClock(day: String) async throws {
        // Given the day Berlin changes its clocks, 3 glasses reported at 10:30
        let fixture = AdaptiveFixture([try makeRule()], at: "\(day)T07:00")
        _ = await fixture.engine.launched()
        await report(fixture, 3, on: day, at: "\(day)T10:30")
        await fixture.advance(to: "\(day)T21:00")
        // Then 09 and 10, then 13 to 19 came (the window ends before 20:00), each at its local time
        let delivered = await fixture.delivered()
        #expect(delivered.map(\.occurrence) == hours(day, 9...10) + hours(day, 13...19))
        #expect(delivered.last?.date == Fixtures.date("\(day)T19:00"))
    }

    @Test func aFlightPacesTheNewZonesDay() async throws {
        // Given a flight to New York on Monday 23 at 13:30 Berlin time (07:30 there)
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T07:00")
        _ = await fixture.engine.launched()
        await fixture.advance(to: "2026-11-23T13:30")
        _ = await fixture.center.setTimeZone(Self.newYork)
        _ = await fixture.engine.timeChanged(.timeZoneChanged)
        // When 6 glasses are reported at 08:30 New York time: behind only from 18:00 (6 < 8 × 10 / 12)
        await fixture.advance(to: "2026-11-23T08:30", in: Self.newYork)
        fixture.source.setProgress(6, of: Self.water, on: LocalDate("2026-11-23"))
        _ = await fixture.engine.entityChanged(Self.water)
        await fixture.advance(to: "2026-11-23T21:00", in: Self.newYork)
        // Then after Berlin's 09 to 13, New York reminds at 18 and 19 (its 08:00 was Berlin's 14:00, already fired)
        let delivered = await fixture.delivered()
        #expect(delivered.map(\.occurrence) == hours("2026-11-23", 9...13) + hours("2026-11-23", 18...19))
        #expect(delivered.last?.date == Fixtures.date("2026-11-23T19:00", in: Self.newYork))
    }

    @Test func progressLearntLateRePlansTheDay() async throws {
        // Given nothing reported by 12:30, with 09 to 12 delivered
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T07:00")
        _ = await fixture.engine.launched()
        // When at 12:30 the app learns 7 glasses were drunk (behind only at 19:00: 7 < 8 × 11 / 12)
        await report(fixture, 7, on: "2026-11-23", at: "2026-11-23T12:30")
        await fixture.advance(to: "2026-11-23T21:00")
        #expect(await fixture.deliveredOccurrences() == hours("2026-11-23", 9...12) + hours("2026-11-23", 19...19))
    }

    @Test func aReminderPlannedWhileBehindFiresWhenTheAppCannotRun() async throws {
        // Given 2 glasses reported at 09:30 (behind from 12:00: 2 < 8 × 4 / 12), the last time the app runs
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T07:00")
        _ = await fixture.engine.launched()
        await report(fixture, 2, on: "2026-11-23", at: "2026-11-23T09:30")
        // When the user drinks all 8 by noon, but the app never runs to hear of it
        await fixture.advance(to: "2026-11-23T21:00")
        // Then what was planned still fires: the platform's limit, as the docs say
        #expect(await fixture.deliveredOccurrences() == hours("2026-11-23", 9...9) + hours("2026-11-23", 12...19))
    }

    @Test func whyNamesThePace() async throws {
        let fixture = AdaptiveFixture([try makeRule()], at: "2026-11-23T07:00")
        _ = await fixture.engine.launched()
        await report(fixture, 5, on: "2026-11-23", at: "2026-11-23T10:30")
        let story = await fixture.engine.explain(entity: Self.water, rule: "sips", at: LocalDateTime(parsing: "2026-11-23T14:00")!)
        #expect(story.events.first?.fact == .heldBack(.onPace(progress: 5, target: 8, expected: 4, at: LocalTime(hour: 14),
                                                               by: LocalTime(hour: 20))))
        #expect(story.events.first?.fact.description == "not planned: on pace: 5 of 8 by 14:00 (4 due then, 8 by 20:00)")
    }

    @Test func aPaceWithNoTargetIsRefused() {
        let error = #expect(throws: DeclarationError.self) { try ReminderRule.Pace(target: 0, by: LocalTime(hour: 20)) }
        #expect(error?.code == .invalidPace)
    }
}
