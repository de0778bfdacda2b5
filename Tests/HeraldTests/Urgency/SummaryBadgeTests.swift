import Foundation
import Testing
@testable import Herald

/// Badges while the user has the scheduled summary on: a reminder the summary holds
/// appears at a summary time the app cannot read, so it carries no badge and takes no
/// number; reminders that break through (time-sensitive and above) are numbered among
/// themselves. Worked out by hand for a Berlin Wednesday, 2026-11-25 at 07:00, with
/// water at 09:00 (no urgency: active), stretching at 12:00 (time-sensitive) and tea at
/// 15:00 (active), nothing delivered yet.
@Suite struct SummaryBadgeTests {
    static func plan(summary: Bool, timeSensitive: Bool = true) throws -> Plan {
        let stretch = try Fixtures.dailyRule("stretch", at: ["12:00"]).urgent(.timeSensitive)
        var input = PlanningInput(now: Fixtures.date("2026-11-25T07:00"), deviceZone: Fixtures.berlin,
                                  rules: [Fixtures.dailyRule("water", at: ["09:00"]), stretch,
                                          Fixtures.dailyRule("tea", at: ["15:00"])])
        input.deliverySettings = NotificationSettings(timeSensitive: timeSensitive, scheduledSummary: summary)
        return Planner().plan(input)
    }

    static func badges(_ plan: Plan, on day: Int) -> [String] {
        plan.reminders.filter { $0.day == LocalDate(year: 2026, month: 11, day: day) }
            .map { "\($0.rule.entity.id) \($0.badge.map(String.init) ?? "none")" }
    }

    @Test func withoutTheSummaryEveryReminderIsNumberedInDueOrder() throws {
        #expect(Self.badges(try Self.plan(summary: false), on: 25) == ["water 1", "stretch 2", "tea 3"])
    }

    @Test func underTheSummaryHeldRemindersCarryNoBadgeAndTheOneThatBreaksThroughCountsAlone() throws {
        let plan = try Self.plan(summary: true)
        #expect(Self.badges(plan, on: 25) == ["water none", "stretch 1", "tea none"])
        #expect(Self.badges(plan, on: 26) == ["water none", "stretch 1", "tea none"])
    }

    @Test func whenTimeSensitiveIsTurnedOffEveryReminderWaitsForTheSummaryAndNoneCarriesABadge() throws {
        let plan = try Self.plan(summary: true, timeSensitive: false)
        #expect(Self.badges(plan, on: 25) == ["water none", "stretch none", "tea none"])
    }
}
