import Foundation
import Testing
@testable import Herald

/// Reminders due together come as one (`groupWithin`), in one slot. Planned on
/// Saturday 21 November 2026 at 08:00 in Berlin (UTC+1).
@Suite struct GroupPlannerTests {
    let now = Fixtures.date("2026-11-21T08:00")

    func makePlanner(groupWithin: TimeInterval?, capacity: Int = 64, reserve: Int = 10,
                     days: Double = 14) -> Planner {
        Planner(configuration: PlannerConfiguration(capacity: capacity, reserve: reserve, horizon: days * 86_400,
                                                    groupWithin: groupWithin))
    }

    func makeInput(_ rules: [ReminderRule], delivered: [DeliveredNotification] = [],
                   satisfied: Set<EntityDay> = []) -> PlanningInput {
        PlanningInput(now: now, deviceZone: Fixtures.berlin, rules: rules, satisfied: satisfied, delivered: delivered)
    }

    /// 30 habits, each reminding at 09:00 and 18:00.
    func makeThirtyHabits() -> [ReminderRule] {
        (0..<30).map { Fixtures.dailyRule("h\($0)", at: ["09:00", "18:00"]) }
    }

    @Test func remindersDueWithinTheWindowComeAsOneAtTheFirst() {
        // Given water at 09:00, stretch at 09:05, pills at 09:20, grouped within 10 minutes
        let rules = [Fixtures.dailyRule("water", at: ["09:00"]), Fixtures.dailyRule("stretch", at: ["09:05"]),
                     Fixtures.dailyRule("pills", at: ["09:20"])]
        let plan = makePlanner(groupWithin: 600, days: 1).plan(makeInput(rules))
        // Then water and stretch come at 09:00 as one (09:05 is 5 minutes after the first),
        // pills alone at 09:20 (20 minutes after)
        #expect(plan.groups.map(\.date) == [Fixtures.date("2026-11-21T09:00")])
        #expect(plan.groups.first?.members.map(\.rule.entity.id) == ["water", "stretch"])
        #expect(plan.groups.first?.identifier.description == "herald:group:due:20261121T0800")
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-21T09:20")])
    }

    @Test func groupingIsOffByDefault() {
        // Given the thirty habits and no window
        let plan = makePlanner(groupWithin: nil).plan(makeInput(makeThirtyHabits()))
        // Then 54 reminders, one each: all 30 at 09:00 and 24 at 18:00; the 18:00 ones cut
        // end the coverage at 18:00 today
        #expect(plan.groups.isEmpty)
        #expect(plan.reminders.count == 54)
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2026-11-21T18:00")))
    }

    @Test func aGroupTakesOneSlotAndCoverageGrows() {
        // Given the thirty habits grouped at the same instant (window 0)
        let plan = makePlanner(groupWithin: 0).plan(makeInput(makeThirtyHabits()))
        // Then two groups a day over 14 days: 28 slots of 54, every occurrence planned, and
        // the guarantee reaches the horizon's end (5 December 08:00)
        #expect(plan.groups.count == 28)
        #expect(plan.groups.allSatisfy { $0.members.count == 30 })
        #expect(plan.reminders.isEmpty)
        #expect(plan.pendingCount == 28)
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2026-12-05T08:00")))
    }

    @Test func aShortBudgetEndsCoverageAtTheFirstGroupLeftOut() {
        // Given room for 5 requests
        let plan = makePlanner(groupWithin: 0, capacity: 5, reserve: 0).plan(makeInput(makeThirtyHabits()))
        // Then 21st 09:00 and 18:00, 22nd 09:00 and 18:00, 23rd 09:00; coverage ends at the
        // 23rd's 18:00
        #expect(plan.groups.map(\.date) == ["2026-11-21T09:00", "2026-11-21T18:00", "2026-11-22T09:00",
                                            "2026-11-22T18:00", "2026-11-23T09:00"].map { Fixtures.date($0) })
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2026-11-23T18:00")))
    }

    @Test func noRuleHasTwoRequestsAtOneInstant() {
        // Given a rule at 09:00 and 09:05 and another at 09:00, grouped within 10 minutes
        let rules = [Fixtures.dailyRule("water", at: ["09:00", "09:05"]), Fixtures.dailyRule("pills", at: ["09:00"])]
        let plan = makePlanner(groupWithin: 600, days: 1).plan(makeInput(rules))
        // Then one group with all three occurrences and nothing else at 09:00
        #expect(plan.groups.count == 1)
        #expect(plan.groups.first?.members.count == 3)
        #expect(plan.reminders.isEmpty)
    }

    @Test func aDeliveredGroupCountsEachMemberThatStillAsks() throws {
        // Given a group of water and stretch delivered today at 09:00, and water done today
        let water = Fixtures.dailyRule("water", at: ["09:00"]), stretch = Fixtures.dailyRule("stretch", at: ["09:00"])
        let planned = makePlanner(groupWithin: 0, days: 1).plan(makeInput([water, stretch]))
        let group = try #require(planned.groups.first)
        let request = try group.request(with: NotificationContent(title: "2 habits due"))
        let delivered = DeliveredNotification(request: request, date: Fixtures.date("2026-11-21T09:00"))
        let today = LocalDate(year: 2026, month: 11, day: 21)
        var input = makeInput([water, stretch], delivered: [delivered])
        input.now = Fixtures.date("2026-11-21T10:00")
        // When judged before and after water is done
        let before = OutstandingNotifications(input)
        input.satisfied = [EntityDay(Fixtures.habit("water"), today)]
        let after = OutstandingNotifications(input)
        // Then it counts 2, then 1, and is removed once both are done
        #expect(before.count(on: today) == 2)
        #expect(after.count(on: today) == 1)
        #expect(after.stale.isEmpty)
        input.satisfied.insert(EntityDay(Fixtures.habit("stretch"), today))
        #expect(OutstandingNotifications(input).stale == [request.identifier])
    }

    @Test func theDefaultContentNamesTheMembers() {
        // Given a group of three habits
        let rules = ["water", "stretch", "pills"].map { Fixtures.dailyRule($0, at: ["09:00"]) }
        let group = PlannedGroup(members: rules.map { rule in
            PlannedReminder(rule: rule, occurrence: Occurrence(local: LocalDateTime(parsing: "2026-11-21T09:00")!,
                                                               date: now), badge: nil,
                            day: LocalDate(year: 2026, month: 11, day: 21),
                            triggerTime: LocalDateTime(parsing: "2026-11-21T09:00")!)
        }, date: now, day: LocalDate(year: 2026, month: 11, day: 21), isDeferred: false)
        // When the app gives each its title
        let content = PlannedGroup.defaultContent(for: group, members: ["Water", "Stretch", "Pills"].map {
            NotificationContent(title: $0)
        })
        // Then the title counts and names them, with the "Done all" category
        #expect(content.title == "3 habits due: Water, Stretch, Pills")
        #expect(content.categoryIdentifier == "herald.group")
    }
}
