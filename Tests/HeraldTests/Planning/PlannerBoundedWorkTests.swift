import Foundation
import Testing
@testable import Herald

/// A plan's work is bounded by what the center keeps, not by the horizon's occurrences:
/// rules firing every minute over a year's horizon plan and list their cuts as far as
/// asked.
@Suite struct PlannerBoundedWorkTests {
    @Test(.timeLimit(.minutes(10)))
    func threeMinutelyRulesOverAYearPlanTheBudgetAndListCutsAsFarAsAsked() throws {
        // Given three rules firing every minute (3 × 527,040 occurrences in 366 days)
        let rules = try ["a", "b", "c"].map { id in
            try ReminderRule(entity: Fixtures.habit(id), id: "m", schedule: try Schedule(rrule: "FREQ=MINUTELY"))
        }
        let now = Fixtures.date("2026-11-21T08:00")
        let planner = Planner(configuration: PlannerConfiguration(horizon: 366 * 86_400))

        // When it plans with the default budget (64 less a reserve of 10: 54)
        let plan = planner.plan(PlanningInput(now: now, deviceZone: Fixtures.berlin, rules: rules))

        // Then 54 reminders, three a minute from 08:01 to 08:18, and the plan covers until 08:19
        #expect(plan.reminders.count == 54)
        #expect(plan.reminders.last?.date == Fixtures.date("2026-11-21T08:18"))
        #expect(plan.coverageHorizon == Fixtures.date("2026-11-21T08:19"))

        // And the first 1,001 cuts are listed and no more: the 1,001st (index 1,000) is
        // 1,000 / 3 = 333 minutes after 08:19, at 13:52
        let cuts = plan.cuts(first: 1_001)
        #expect(cuts.count == 1_001)
        #expect(cuts.first?.occurrence.date == Fixtures.date("2026-11-21T08:19"))
        #expect(cuts.last?.occurrence.date == Fixtures.date("2026-11-21T13:52"))
        #expect(plan.cuts(first: 0).isEmpty)
    }
}
