import Foundation
import Testing
@testable import Herald

@Suite struct PlannerTests {
    let now = Fixtures.date("2026-11-21T08:00")

    func makeInput(_ rules: [ReminderRule], satisfied: Set<EntityDay> = [], paused: Set<EntityReference> = [],
                   delivered: [DeliveredNotification] = []) -> PlanningInput {
        PlanningInput(now: now, deviceZone: Fixtures.berlin, rules: rules, satisfied: satisfied,
                      paused: paused, delivered: delivered)
    }

    @Test func budgetOf54HoldsWith30HabitsOfTwoReminders() {
        // Given 30 habits with reminders at 09:xx and 18:xx every day
        let rules = (0..<30).map { Fixtures.dailyRule("h\($0)", at: [String(format: "09:%02d", $0), String(format: "18:%02d", $0)]) }
        // When planning with the default capacity 64 and reserve 10
        let plan = Planner().plan(makeInput(rules))
        // Then exactly 54 are planned, soonest first, and the rest are reported as cut
        #expect(plan.reminders.count == 54)
        #expect(plan.reminders.map(\.date) == plan.reminders.map(\.date).sorted())
        #expect(plan.reminders.first?.date == Fixtures.date("2026-11-21T09:00"))
        #expect(plan.reminders.last?.date == Fixtures.date("2026-11-21T18:23"))
        #expect(plan.coverageHorizon == Fixtures.date("2026-11-21T18:24"))
        #expect(!plan.coversHorizon)
        let cuts = plan.cuts()
        #expect(cuts.count == 30 * 2 * 14 - 54)
        #expect(cuts.allSatisfy { $0.reason == .overBudget && $0.occurrence.date >= plan.coverageHorizon })
    }

    @Test func theCutListLeavesOutWhatFiredOrWasSnoozed() {
        // Given a habit at 09:00 and 18:00 and room for three reminders over three days
        let rule = Fixtures.dailyRule("walk", at: ["09:00", "18:00"])
        let planner = Planner(configuration: PlannerConfiguration(capacity: 3, reserve: 0, horizon: 3 * 86_400))
        var input = makeInput([rule])
        // When the clock was set back past the 23rd's 09:00, which fired already, and the
        // 22nd's 18:00 was snoozed
        input.fired = [FiredRecord(identifier: rule.identifier(for: LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 23), time: LocalTime(hour: 9))),
                                   date: Fixtures.date("2026-11-23T09:00"))]
        input.snoozes = [SnoozeRecord(original: rule.identifier(for: LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 22), time: LocalTime(hour: 18))),
                                      until: Fixtures.date("2026-11-25T07:00"))]
        let plan = planner.plan(input)
        // Then the 21st's two and the 22nd's morning are planned, and the budget cut only
        // the 23rd's evening: neither the fired nor the snoozed occurrence is a cut
        #expect(plan.reminders.map(\.date) == ["2026-11-21T09:00", "2026-11-21T18:00", "2026-11-22T09:00"].map { Fixtures.date($0) })
        #expect(plan.cuts().map(\.occurrence.date) == [Fixtures.date("2026-11-23T18:00")])
        #expect(plan.cuts().allSatisfy { $0.reason == .overBudget })
    }

    @Test func tiesAtOneInstantGoToHigherPriority() {
        let low = Fixtures.dailyRule("low", at: ["09:00"], priority: 0)
        let high = Fixtures.dailyRule("high", at: ["09:00"], priority: 5)
        let planner = Planner(configuration: PlannerConfiguration(capacity: 1, reserve: 0))
        let plan = planner.plan(makeInput([low, high]))
        #expect(plan.reminders.map(\.rule.entity.id) == ["high"])
        #expect(plan.coverageHorizon == Fixtures.date("2026-11-21T09:00"))
        #expect(plan.cuts().first?.rule == low.id)
    }

    @Test func planDoesNotDependOnTheOrderRulesAreListedIn() {
        let rules = (0..<20).map { Fixtures.dailyRule("h\($0)", at: ["09:00"]) }
        let planner = Planner(configuration: PlannerConfiguration(capacity: 15, reserve: 0))
        let forward = planner.plan(makeInput(rules)).reminders.map(\.identifier)
        let backward = planner.plan(makeInput(rules.reversed())).reminders.map(\.identifier)
        #expect(forward == backward)
    }

    @Test func habitDoneTodayGetsNoMoreRemindersToday() {
        let rule = Fixtures.dailyRule("water", at: ["09:00", "15:00"])
        let today = LocalDate(year: 2026, month: 11, day: 21)
        let plan = Planner().plan(makeInput([rule], satisfied: [EntityDay(Fixtures.habit("water"), today)]))
        #expect(plan.reminders.first?.date == Fixtures.date("2026-11-22T09:00"))
        #expect(plan.skipped.map(\.occurrence.date) == [Fixtures.date("2026-11-21T09:00"), Fixtures.date("2026-11-21T15:00")])
        #expect(plan.reminders.count == 26)
        #expect(plan.coversHorizon)
    }

    @Test func pausedEntitiesAreNotPlanned() {
        let plan = Planner().plan(makeInput([Fixtures.dailyRule("water", at: ["09:00"])], paused: [Fixtures.habit("water")]))
        #expect(plan.reminders.isEmpty)
        #expect(plan.pausedEntities == [Fixtures.habit("water")])
    }

    @Test func threeRemindersBadgeOneTwoThreeDespiteStaleDeliveredOnes() {
        // Given three reminders one minute apart and two stale notifications from yesterday
        let rules = [
            Fixtures.dailyRule("a", at: ["09:00"]), Fixtures.dailyRule("b", at: ["09:01"]),
            Fixtures.dailyRule("c", at: ["09:02"]),
        ]
        let stale = [Fixtures.delivered("a", at: "2026-11-20T09:00"), Fixtures.delivered("b", at: "2026-11-20T09:01")]
        // When planning
        let plan = Planner().plan(makeInput(rules, delivered: stale))
        // Then today's badges are 1, 2, 3 (not 3, 4, 5), tomorrow starts at 1 again
        #expect(plan.reminders.prefix(3).map(\.badge) == [1, 2, 3])
        #expect(plan.reminders.dropFirst(3).prefix(3).map(\.badge) == [1, 2, 3])
        #expect(plan.appBadge == 0)
    }

    @Test func badgesCountOutstandingDeliveredOnesOfToday() {
        let rules = [Fixtures.dailyRule("a", at: ["07:00", "09:00"]), Fixtures.dailyRule("b", at: ["07:30", "09:01"])]
        let deliveredToday = [Fixtures.delivered("a", at: "2026-11-21T07:00"), Fixtures.delivered("b", at: "2026-11-21T07:30")]
        let today = LocalDate(year: 2026, month: 11, day: 21)
        // b is done today: its delivered one is no longer outstanding and its 09:01 is skipped
        let plan = Planner().plan(makeInput(rules, satisfied: [EntityDay(Fixtures.habit("b"), today)], delivered: deliveredToday))
        #expect(plan.appBadge == 1)
        #expect(plan.reminders.first?.identifier.entity.id == "a")
        #expect(plan.reminders.first?.badge == 2)
    }

    @Test func badgePoliciesNoneCustomAndUncountedRules() {
        let rules = [Fixtures.dailyRule("a", at: ["09:00"]), Fixtures.dailyRule("tip", at: ["09:01"], countsTowardBadge: false)]
        let none = Planner(configuration: PlannerConfiguration(badgePolicy: .none)).plan(makeInput(rules))
        #expect(none.reminders.allSatisfy { $0.badge == nil })
        #expect(none.appBadge == nil)
        let custom = Planner(configuration: PlannerConfiguration(badgePolicy: .custom { _, count in count * 10 }))
            .plan(makeInput(rules))
        #expect(custom.reminders.prefix(2).map(\.badge) == [10, nil])
        let outstanding = Planner().plan(makeInput(rules))
        #expect(outstanding.reminders.prefix(2).map(\.badge) == [1, nil])
    }

    @Test func requestsCarryPayloadBadgeAndFloatingTrigger() throws {
        let plan = Planner().plan(makeInput([Fixtures.dailyRule("water", at: ["09:00"])]))
        let request = try plan.reminders[0].request(with: NotificationContent(title: "Water", userInfo: ["extra": 1]))
        #expect(request.identifier == "herald:reminder:habit:water:r:20261121T0900")
        #expect(request.content.badge == 1)
        #expect(request.trigger == .calendar(CalendarTrigger(year: 2026, month: 11, day: 21, hour: 9, minute: 0, second: 0)))
        #expect(PayloadDecoder().decode(request.content.userInfo).payload?.identifier == plan.reminders[0].identifier)
        #expect(request.content.userInfo["extra"] == 1)
    }

    @Test func springForwardGapFiresShiftedAndTriggerMatchesTheInstant() {
        let now = Fixtures.date("2026-03-28T12:00")
        let rule = Fixtures.dailyRule("night", at: ["02:30"])
        let plan = Planner().plan(PlanningInput(now: now, deviceZone: Fixtures.berlin, rules: [rule]))
        let gap = plan.reminders[0]
        #expect(gap.occurrence.local == LocalDateTime(parsing: "2026-03-29T02:30"))
        #expect(gap.date == Fixtures.date("2026-03-29T03:30"))
        #expect(gap.triggerTime == LocalDateTime(parsing: "2026-03-29T03:30"))
    }
}
