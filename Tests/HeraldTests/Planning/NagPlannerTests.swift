import Foundation
import Testing
@testable import Herald

/// A rule's nag planned from the reserve: repeat k at the original's delivery plus
/// k × every, stopped by a response, a completion, a snooze or a pause, never after
/// the occurrence's day, in the follow-up share, soonest first.
@Suite struct NagPlannerTests {
    let now = Fixtures.date("2026-11-21T08:00")

    func makeRule(_ entity: String = "water", at time: String = "09:00", every: TimeInterval = 600,
                  times: Int = 3) -> ReminderRule {
        try! Fixtures.dailyRule(entity, at: [time]).nagging(every: every, times: times)
    }

    func makeInput(_ rules: [ReminderRule], now: Date? = nil, zone: TimeZone = Fixtures.berlin) -> PlanningInput {
        PlanningInput(now: now ?? self.now, deviceZone: zone, rules: rules)
    }

    /// The reminder identifier of `entity`'s occurrence at a local date-time.
    func makeOriginal(_ local: String, of entity: String = "water") -> NotificationIdentifier {
        NotificationIdentifier(entity: Fixtures.habit(entity), rule: "r", occurrence: OccurrenceKey(LocalDateTime(parsing: local)!),
                               kind: .reminder)
    }

    @Test func repeatsFireEveryIntervalAfterTheOriginalUnderTheirOwnIdentifiers() {
        // Given water at 09:00, nagged every 10 minutes 3 times
        let rule = makeRule()
        // When planning at 08:00 (the follow-up share is min(3, 10 / 2) = 3)
        let plan = Planner().plan(makeInput([rule]))
        // Then the three repeats of today come at 09:10, 09:20, 09:30, the first under
        // the follow-up identifier of old, the others with their index
        #expect(plan.followUps.map(\.date) == ["09:10", "09:20", "09:30"].map { Fixtures.date("2026-11-21T\($0)") })
        #expect(plan.followUps.map(\.identifier.description) == [
            "herald:followup:habit:water:r:20261121T0900",
            "herald:followup:habit:water:r:20261121T0900#2",
            "herald:followup:habit:water:r:20261121T0900#3",
        ])
        #expect(plan.followUps.map(\.nagRepeat) == [1, 2, 3])
        #expect(plan.followUps.allSatisfy { $0.badge == nil && $0.kind == .followUp })
        #expect(plan.followUps.allSatisfy { $0.identifier.original == makeOriginal("2026-11-21T09:00") })
    }

    @Test func aSingleFollowUpKeepsItsIdentifierAndTime() {
        // Given a rule with followUpAfter, as before nags
        var rule = Fixtures.dailyRule("water", at: ["09:00"])
        rule.followUpAfter = 1_800
        // When planned
        let plan = Planner().plan(makeInput([rule]))
        // Then one follow-up per occurrence, 30 minutes after it, under the old identifier
        #expect(rule.nag == Nag(unchecked: 1_800, times: 1))
        #expect(plan.followUps.map(\.date) == ["21", "22", "23"].map { Fixtures.date("2026-11-\($0)T09:30") })
        #expect(plan.followUps.first?.identifier.description == "herald:followup:habit:water:r:20261121T0900")
    }

    @Test func repeatsDeliveredAlreadyAreNotPlannedAgain() {
        // Given the 09:00 reminder and its first repeat delivered, nobody acted
        var input = makeInput([makeRule()], now: Fixtures.date("2026-11-21T09:15"))
        let original = makeOriginal("2026-11-21T09:00")
        input.fired = [FiredRecord(identifier: original, date: Fixtures.date("2026-11-21T09:00")),
                       FiredRecord(identifier: original.nagRepeat(1), date: Fixtures.date("2026-11-21T09:10"))]
        // When planning at 09:15
        let plan = Planner().plan(input)
        // Then repeats 2 and 3 are left today, then tomorrow's first
        #expect(plan.followUps.map(\.identifier) == [original.nagRepeat(2), original.nagRepeat(3),
                                                     makeOriginal("2026-11-22T09:00").nagRepeat(1)])
        #expect(plan.followUps.map(\.date) == [Fixtures.date("2026-11-21T09:20"), Fixtures.date("2026-11-21T09:30"),
                                               Fixtures.date("2026-11-22T09:10")])
    }

    @Test func aResponseStopsTheRepeats() {
        // Given the 09:00 reminder and its first repeat delivered, then a response to it
        var input = makeInput([makeRule()], now: Fixtures.date("2026-11-21T09:15"))
        let original = makeOriginal("2026-11-21T09:00")
        input.fired = [FiredRecord(identifier: original, date: Fixtures.date("2026-11-21T09:00")),
                       FiredRecord(identifier: original.nagRepeat(1), date: Fixtures.date("2026-11-21T09:10"))]
        input.acknowledged = [original.nagRepeat(1).original: Fixtures.date("2026-11-21T09:12")]
        // When planning
        let plan = Planner().plan(input)
        // Then nothing more today: tomorrow's three repeats fill the share
        #expect(plan.followUps.map(\.date) == ["09:10", "09:20", "09:30"].map { Fixtures.date("2026-11-22T\($0)") })
    }

    @Test func aCompletionASnoozeOrAPauseStopsTheRepeats() {
        let original = makeOriginal("2026-11-21T09:00")
        func makeDeliveredInput() -> PlanningInput {
            var input = makeInput([makeRule()], now: Fixtures.date("2026-11-21T09:05"))
            input.fired = [FiredRecord(identifier: original, date: Fixtures.date("2026-11-21T09:00"))]
            return input
        }
        let tomorrow = ["09:10", "09:20", "09:30"].map { Fixtures.date("2026-11-22T\($0)") }

        // Given the day completed: only tomorrow's repeats
        var completed = makeDeliveredInput()
        completed.satisfied = [EntityDay(Fixtures.habit("water"), LocalDate(year: 2026, month: 11, day: 21))]
        #expect(Planner().plan(completed).followUps.map(\.date) == tomorrow)

        // Given the occurrence snoozed until 09:25: the snooze, and tomorrow's repeats
        var snoozed = makeDeliveredInput()
        snoozed.snoozes = [SnoozeRecord(original: original, until: Fixtures.date("2026-11-21T09:25"))]
        let snoozedPlan = Planner().plan(snoozed)
        #expect(snoozedPlan.snoozes.map(\.date) == [Fixtures.date("2026-11-21T09:25")])
        #expect(snoozedPlan.followUps.map(\.date) == tomorrow)

        // Given the entity paused: nothing at all
        var paused = makeDeliveredInput()
        paused.paused = [Fixtures.habit("water")]
        #expect(Planner().plan(paused).followUps.isEmpty)
    }

    @Test func noRepeatFiresAfterTheOccurrencesDay() {
        // Given a reminder at 23:40 nagged every 10 minutes 3 times
        let rule = makeRule(at: "23:40")
        // When planned
        let plan = Planner().plan(makeInput([rule]))
        // Then only 23:50 fires each day: 00:00 and 00:10 are the next day
        #expect(plan.followUps.map(\.date) == ["21", "22", "23"].map { Fixtures.date("2026-11-\($0)T23:50") })
        #expect(plan.followUps.map(\.nagRepeat) == [1, 1, 1])
    }

    @Test func theDayThatEndsTheRepeatsIsTheDevicesForAPinnedRule() throws {
        // Given a rule pinned to Tokyo at 07:40, which is 23:40 the day before on a
        // device in Berlin, nagged every 10 minutes 3 times
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let rule = try ReminderRule(entity: Fixtures.habit("water"), id: "r",
                                    schedule: try .daily(at: [LocalTime(hour: 7, minute: 40)], timeZone: tokyo))
            .nagging(every: 600, times: 3)
        // When planned on the device in Berlin
        let plan = Planner().plan(makeInput([rule]))
        // Then only 23:50 in Berlin fires: 08:00 in Tokyo is the device's next day
        #expect(plan.followUps.map(\.date) == ["21", "22", "23"].map { Fixtures.date("2026-11-\($0)T23:50") })
        #expect(plan.followUps.first?.identifier.description == "herald:followup:habit:water:r:20261122T0740")
    }

    @Test func aSingleFollowUpStopsAtTheDayToo() {
        // Given a reminder at 23:30 with one follow-up an hour after
        var rule = Fixtures.dailyRule("water", at: ["23:30"])
        rule.followUpAfter = 3_600
        // When planned, then it has none: 00:30 is the next day
        #expect(Planner().plan(makeInput([rule])).followUps.isEmpty)
    }

    @Test func repeatsAreAFixedTimeApartAcrossTheEndOfSummerTime() {
        // Given 01:30 in Berlin on 2026-10-25, when 03:00 summer time becomes 02:00,
        // nagged every hour 3 times
        let rule = makeRule(at: "01:30", every: 3_600)
        let input = makeInput([rule], now: Fixtures.date("2026-10-25T00:00"))
        // When planned
        let plan = Planner().plan(input)
        // Then 01:30 CEST is 23:30 UTC: the repeats fire at 02:30 CEST, 02:30 CET and
        // 03:30 CET, all on the 25th
        let utc = TimeZone(identifier: "UTC")!
        #expect(plan.followUps.map(\.date) == ["2026-10-25T00:30", "2026-10-25T01:30", "2026-10-25T02:30"]
            .map { Fixtures.date($0, in: utc) })
        #expect(plan.followUps.allSatisfy { $0.day == LocalDate(year: 2026, month: 10, day: 25) })
    }

    @Test func theFollowUpShareCutsTheLatestRepeatsFirst() {
        // Given water at 09:00 and walk at 09:05, each nagged every 10 minutes 3 times,
        // and a reserve of 4: the follow-up share is min(5, 4 / 2) = 2
        let rules = [makeRule("water"), makeRule("walk", at: "09:05")]
        let planner = Planner(configuration: PlannerConfiguration(reserve: 4, followUpLimit: 5))
        // When planned
        let plan = planner.plan(makeInput(rules))
        // Then the soonest two repeats win: water's first at 09:10, walk's first at 09:15
        #expect(plan.followUps.map(\.identifier) == [makeOriginal("2026-11-21T09:00", of: "water").nagRepeat(1),
                                                     makeOriginal("2026-11-21T09:05", of: "walk").nagRepeat(1)])
    }

    @Test func aNagKeepsARuleOffRepeatingTriggers() {
        // Given a fixed-content rule that could be one repeating trigger, with a nag
        var rule = makeRule(times: 2)
        rule.fixedContent = true
        let planner = Planner(configuration: PlannerConfiguration(repeatingTriggers: .exact))
        // When planned, then its reminders are one-shots, each with its repeats
        let plan = planner.plan(makeInput([rule]))
        #expect(plan.repeating.isEmpty)
        #expect(plan.reminders.first?.date == Fixtures.date("2026-11-21T09:00"))
    }
}
