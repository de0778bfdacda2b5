import Foundation
import Testing
@testable import Herald

/// The coverage a plan of one-shot requests guarantees, and its refresh deadline,
/// against values worked out by hand (Berlin, CET, on 2026-11-21).
@Suite struct GuaranteedCoverageTests {
    let now = Fixtures.date("2026-11-21T08:00")

    func plan(_ rules: [ReminderRule], _ configuration: PlannerConfiguration = PlannerConfiguration()) -> Plan {
        Planner(configuration: configuration).plan(PlanningInput(now: now, deviceZone: Fixtures.berlin, rules: rules))
    }

    @Test func tenHabitsOfTwoDailyRemindersAreCoveredUntilTheFiftyFifthOccurrence() {
        // 20 occurrences a day (09:00 and 21:00 for 10 habits); the budget of 54 holds
        // the 21st and 22nd fully and 14 of the 23rd: 10 at 09:00 and 4 at 21:00. The
        // 55th, and the first left out, is at 21:00 on the 23rd.
        let rules = (0..<10).map { Fixtures.dailyRule("h\($0)", at: ["09:00", "21:00"]) }
        let coverage = plan(rules).guaranteedCoverage
        #expect(coverage == .until(Fixtures.date("2026-11-23T21:00")))
        #expect(coverage.date == Fixtures.date("2026-11-23T21:00"))
        #expect(coverage.covers(Fixtures.date("2026-11-23T20:59")))
        #expect(!coverage.covers(Fixtures.date("2026-11-23T21:00")))
    }

    @Test func aPlanWithNothingCutIsCoveredToTheEndOfItsHorizon() {
        let coverage = plan([Fixtures.dailyRule("water", at: ["09:00"])]).guaranteedCoverage
        #expect(coverage == .until(Fixtures.date("2026-12-05T08:00")))  // 14 days after now
    }

    @Test func theRefreshDeadlineIsTheNextMidnightWhenContentDependsOnTheDay() {
        let rules = (0..<10).map { Fixtures.dailyRule("h\($0)", at: ["09:00", "21:00"]) }
        #expect(plan(rules).refreshDeadline == Fixtures.date("2026-11-22T00:00"))
    }

    @Test func theRefreshDeadlineIsTheEndOfCoverageWhenContentIsTheSameEveryDay() {
        let rules = (0..<10).map { Fixtures.dailyRule("h\($0)", at: ["09:00", "21:00"]) }
        let fixed = PlannerConfiguration(contentDependsOnDay: false)
        #expect(plan(rules, fixed).refreshDeadline == Fixtures.date("2026-11-23T21:00"))
    }

    @Test func anEmptyPlanNeedsNoMidnightRefresh() {
        #expect(plan([]).refreshDeadline == Fixtures.date("2026-12-05T08:00"))
    }

    @Test func unboundedCoverageIsLongerThanAnyInstant() {
        let far = GuaranteedCoverage.until(.distantFuture)
        #expect(far < .unbounded)
        #expect(!(GuaranteedCoverage.unbounded < far))
        #expect(GuaranteedCoverage.until(now) < .until(now.addingTimeInterval(1)))
        #expect(GuaranteedCoverage.unbounded.date == nil)
        #expect(GuaranteedCoverage.unbounded.covers(.distantFuture))
    }
}
