import Foundation
import Testing
@testable import Herald

/// Quiet hours that would carry an occurrence past the end of its device-local day drop
/// it by default (issue 37): Saturday 23:00 within 22:00–07:00 would be shown on Sunday,
/// a reminder of a day that has ended. Berlin is UTC+1 in November; each expectation is
/// worked out by hand from the local times.
@Suite struct QuietHoursPastMidnightTests {
    let night = try! QuietHours(from: LocalTime(hour: 22), to: LocalTime(hour: 7))

    func makePlanner(quiet: QuietHours? = nil, days: Double = 1) -> Planner {
        Planner(configuration: PlannerConfiguration(horizon: days * 86_400, quietHours: quiet ?? night))
    }

    func makeInput(_ rules: [ReminderRule], now: String = "2026-11-21T20:00") -> PlanningInput {
        PlanningInput(now: Fixtures.date(now), deviceZone: Fixtures.berlin, rules: rules)
    }

    /// Water at 23:00 (past the day's end once deferred), stretch at 06:30 (deferred the same morning).
    func makeNight() -> [ReminderRule] {
        [Fixtures.dailyRule("water", at: ["23:00"]), Fixtures.dailyRule("stretch", at: ["06:30"])]
    }

    @Test func aDeferralPastTheDaysEndDropsTheOccurrence() {
        // Given water at 23:00 and stretch at 06:30, planned Saturday 20:00 for a day
        let plan = makePlanner().plan(makeInput(makeNight()))
        // Then Saturday 23:00 would be shown on Sunday 07:00: it is skipped as past its day,
        // and stretch (Sunday 06:30, deferred to Sunday 07:00) comes alone, badge 1
        #expect(plan.skipped.map(\.reason) == [.pastDayEnd])
        #expect(plan.skipped.map(\.occurrence.date) == [Fixtures.date("2026-11-21T23:00")])
        #expect(plan.groups.isEmpty)
        #expect(plan.reminders.map(\.identifier.description) == ["herald:reminder:habit:stretch:r:20261122T0630"])
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-22T07:00")])
        #expect(plan.reminders.map(\.badge) == [1])
    }

    @Test func quietHoursThatDeferPastMidnightKeepIt() {
        // Given the same night, with the quiet hours deferring past midnight
        var keeping = night
        keeping.defersPastMidnight = true
        let plan = makePlanner(quiet: keeping).plan(makeInput(makeNight()))
        // Then Saturday 23:00 and Sunday 06:30 come together on Sunday at 07:00, and
        // count in Sunday's badge: 2
        #expect(plan.skipped.isEmpty)
        #expect(plan.groups.map(\.date) == [Fixtures.date("2026-11-22T07:00")])
        #expect(plan.groups.first?.members.map(\.identifier.description) == [
            "herald:reminder:habit:water:r:20261121T2300", "herald:reminder:habit:stretch:r:20261122T0630"])
        #expect(plan.groups.first?.badge == 2)
    }

    @Test func aRuleThatDefersPastMidnightKeepsItsOwn() {
        // Given water asking to be deferred past midnight, and pills at 23:30 that does not
        let rules = [Fixtures.dailyRule("water", at: ["23:00"]).deferringPastMidnight(),
                     Fixtures.dailyRule("pills", at: ["23:30"])]
        let plan = makePlanner().plan(makeInput(rules))
        // Then water is shown Sunday 07:00, pills' Saturday 23:30 is dropped
        #expect(plan.reminders.map(\.identifier.description) == ["herald:reminder:habit:water:r:20261121T2300"])
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-22T07:00")])
        #expect(plan.skipped.map(\.rule) == [ReminderRule.ID(entity: Fixtures.habit("pills"), rule: "r")])
    }

    @Test func earlyMorningDeferralsWithinTheDayStillHappen() {
        // Given a rule at 05:45, quiet 22:00 to 07:00, planned Saturday 20:00
        let plan = makePlanner().plan(makeInput([Fixtures.dailyRule("train", at: ["05:45"])]))
        // Then Sunday 05:45 waits for Sunday 07:00, its own day
        #expect(plan.skipped.isEmpty)
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-22T07:00")])
    }

    @Test func anEndAtMidnightIsTheNextDay() throws {
        // Given quiet hours 22:00 to 00:00 and a rule at 23:00
        let late = try QuietHours(from: LocalTime(hour: 22), to: LocalTime(hour: 0))
        let plan = makePlanner(quiet: late).plan(makeInput([Fixtures.dailyRule("water", at: ["23:00"])]))
        // Then deferring Saturday 23:00 to 00:00 would show it on Sunday: dropped
        #expect(plan.skipped.map(\.reason) == [.pastDayEnd])
        #expect(plan.reminders.isEmpty)
    }

    @Test func aFallBackNightKeepsEachInstantsOwnDay() {
        // Given Berlin's fall-back night (Sunday 25 October 2026, 03:00 CEST back to 02:00 CET),
        // water at 23:00 and stretch at 01:30, planned Saturday 24 October 20:00
        let rules = [Fixtures.dailyRule("water", at: ["23:00"]), Fixtures.dailyRule("stretch", at: ["01:30"])]
        let plan = makePlanner().plan(makeInput(rules, now: "2026-10-24T20:00"))
        // Then Saturday 23:00 (21:00 UTC) would be shown Sunday 07:00 (06:00 UTC): dropped;
        // Sunday 01:30 waits for Sunday 07:00, its own day, however long the night
        #expect(plan.skipped.map(\.occurrence.date) == [Date(timeIntervalSince1970: 1_792_875_600)])   // 2026-10-24T21:00Z
        #expect(plan.reminders.map(\.date) == [Date(timeIntervalSince1970: 1_792_908_000)])           // 2026-10-25T06:00Z
        #expect(plan.reminders.map(\.rule.entity) == [Fixtures.habit("stretch")])
    }

    @Test func withinTheQuietHoursARunStillDropsWhatBeganTheDayBefore() {
        // Given it is Sunday 01:00, inside the quiet hours that began Saturday 22:00
        let plan = makePlanner().plan(makeInput(makeNight(), now: "2026-11-22T01:00"))
        // Then Saturday 23:00 is still dropped (and Sunday 23:00, within the day planned,
        // to Monday 01:00); stretch comes alone at 07:00
        #expect(plan.skipped.map(\.occurrence.date) == [Fixtures.date("2026-11-21T23:00"),
                                                        Fixtures.date("2026-11-22T23:00")])
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-22T07:00")])
    }

    @Test func aDroppedOccurrenceTakesNoSlotAndLeavesTheCoverage() {
        // Given a day of water at 23:00 and pills at 12:00, planned Saturday 20:00 for two days
        let rules = [Fixtures.dailyRule("water", at: ["23:00"]), Fixtures.dailyRule("pills", at: ["12:00"])]
        let plan = makePlanner(days: 2).plan(makeInput(rules))
        // Then both nights' 23:00 are dropped, the two noons planned, and nothing was cut:
        // the coverage reaches the horizon's end (Monday 20:00)
        #expect(plan.skipped.count == 2)
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-22T12:00"), Fixtures.date("2026-11-23T12:00")])
        #expect(plan.coverageHorizon == Fixtures.date("2026-11-23T20:00"))
    }
}
