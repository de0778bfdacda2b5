import Foundation
import Testing
@testable import Herald

/// Quiet hours: occurrences inside are deferred to the end of their quiet period, and
/// those deferred to one end come as one group. Berlin is UTC+1 in November.
///
/// These quiet hours defer past midnight (Saturday 23:00 to Sunday 07:00), so the
/// deferral and grouping of a whole night show; the default, which drops a deferral past
/// the occurrence's day, is `QuietHoursPastMidnightTests`'.
@Suite struct QuietHoursPlannerTests {
    let night: QuietHours = {
        var night = try! QuietHours(from: LocalTime(hour: 22), to: LocalTime(hour: 7))
        night.defersPastMidnight = true
        return night
    }()

    func makePlanner(quiet: QuietHours? = nil, groupWithin: TimeInterval? = nil, capacity: Int = 64, reserve: Int = 10,
                     days: Double = 2) -> Planner {
        Planner(configuration: PlannerConfiguration(
            capacity: capacity, reserve: reserve, horizon: days * 86_400, quietHours: quiet ?? night,
            groupWithin: groupWithin))
    }

    func makeInput(_ rules: [ReminderRule], now: String = "2026-11-21T20:00",
                   satisfied: Set<EntityDay> = []) -> PlanningInput {
        PlanningInput(now: Fixtures.date(now), deviceZone: Fixtures.berlin, rules: rules, satisfied: satisfied)
    }

    func makeHabits() -> [ReminderRule] {
        [Fixtures.dailyRule("water", at: ["23:00"]), Fixtures.dailyRule("stretch", at: ["06:30"]),
         Fixtures.dailyRule("pills", at: ["12:00"])]
    }

    @Test func occurrencesInsideAreDeferredToTheEndAndComeAsOne() {
        // Given water at 23:00, stretch at 06:30 and pills at 12:00, quiet from 22:00 to 07:00,
        // planned on Saturday 21 November at 20:00 for two days (to Monday 20:00)
        let plan = makePlanner().plan(makeInput(makeHabits()))
        // Then Saturday 23:00 and Sunday 06:30 come as one at Sunday 07:00 (06:00 UTC),
        // Sunday 23:00 and Monday 06:30 at Monday 07:00; pills fire at 12:00 alone
        #expect(plan.groups.map(\.date) == [Fixtures.date("2026-11-22T07:00"), Fixtures.date("2026-11-23T07:00")])
        #expect(plan.groups[0].members.map(\.identifier.description) == [
            "herald:reminder:habit:water:r:20261121T2300", "herald:reminder:habit:stretch:r:20261122T0630"])
        #expect(plan.groups[0].identifier.description == "herald:group:quiet:20261122T0600")
        #expect(plan.groups[0].isDeferred)
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-22T12:00"), Fixtures.date("2026-11-23T12:00")])
        // And six occurrences take four slots
        #expect(plan.pendingCount == 4)
    }

    @Test func oneDeferredOccurrenceIsItsOwnReminderAtTheEnd() {
        // Given only water at 23:00
        let plan = makePlanner(days: 1).plan(makeInput([Fixtures.dailyRule("water", at: ["23:00"])]))
        // Then Saturday 23:00 fires alone on Sunday at 07:00, under its own identifier
        #expect(plan.groups.isEmpty)
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-22T07:00")])
        #expect(plan.reminders.first?.identifier.description == "herald:reminder:habit:water:r:20261121T2300")
        #expect(plan.reminders.first?.triggerTime == LocalDateTime(parsing: "2026-11-22T07:00"))
    }

    @Test func aRuleThatIgnoresQuietHoursFiresAtItsTime() {
        // Given water opting out, stretch observing
        let rules = [Fixtures.dailyRule("water", at: ["23:00"]).ignoringQuietHours(),
                     Fixtures.dailyRule("stretch", at: ["06:30"])]
        let plan = makePlanner(days: 1).plan(makeInput(rules))
        // Then water fires on Saturday at 23:00, stretch alone on Sunday at 07:00
        #expect(plan.groups.isEmpty)
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-21T23:00"), Fixtures.date("2026-11-22T07:00")])
    }

    @Test func timeSensitiveAndCriticalRulesIgnoreQuietHoursByDefault() throws {
        // Given a time-sensitive rule at 23:00 and a critical one at 01:00
        let rules = [try Fixtures.dailyRule("water", at: ["23:00"]).urgent(.timeSensitive),
                     try Fixtures.dailyRule("meds", at: ["01:00"]).urgent(.critical)]
        let plan = makePlanner(days: 1).plan(makeInput(rules))
        // Then each fires at its own time (Saturday 23:00, Sunday 01:00), not grouped
        #expect(plan.groups.isEmpty)
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-21T23:00"), Fixtures.date("2026-11-22T01:00")])
    }

    @Test func insideQuietHoursWhatWasDeferredSinceTheyBeganStillWaits() {
        // Given it is Sunday 01:00, inside the quiet hours that began Saturday 22:00
        let plan = makePlanner(days: 1).plan(makeInput(makeHabits(), now: "2026-11-22T01:00"))
        // Then Saturday 23:00 (already past) and Sunday 06:30 come at Sunday 07:00
        #expect(plan.groups.first?.date == Fixtures.date("2026-11-22T07:00"))
        #expect(plan.groups.first?.members.map(\.occurrence.date) == [
            Fixtures.date("2026-11-21T23:00"), Fixtures.date("2026-11-22T06:30")])
    }

    @Test func aMemberDoneForItsDayIsNotInTheGroup() {
        // Given water done for Saturday, at Sunday 01:00
        let saturday = LocalDate(year: 2026, month: 11, day: 21)
        let plan = makePlanner(days: 1).plan(makeInput(
            makeHabits(), now: "2026-11-22T01:00", satisfied: [EntityDay(Fixtures.habit("water"), saturday)]))
        // Then stretch alone fires at 07:00, as a reminder
        #expect(plan.groups.isEmpty)
        #expect(plan.reminders.first?.date == Fixtures.date("2026-11-22T07:00"))
        #expect(plan.reminders.first?.rule.entity == Fixtures.habit("stretch"))
    }

    @Test func quietHoursWithinOneDayEndThatDay() throws {
        // Given quiet hours from 13:00 to 15:00 (not crossing midnight) and a rule at 14:00
        let siesta = try QuietHours(from: LocalTime(hour: 13), to: LocalTime(hour: 15))
        let plan = makePlanner(quiet: siesta, days: 1).plan(makeInput(
            [Fixtures.dailyRule("tea", at: ["14:00"])], now: "2026-11-21T08:00"))
        // Then it fires at 15:00 the same day
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-21T15:00")])
    }

    @Test func aDeferralEndThatDoesNotExistOnASpringForwardNightIsShiftedByTheGap() throws {
        // Given quiet hours 22:00 to 02:30 in Berlin, and rules at 23:00 and 01:00, planned
        // on Saturday 28 March 2026 at 20:00; on Sunday the 29th clocks jump from 02:00 to 03:00
        var short = try QuietHours(from: LocalTime(hour: 22), to: LocalTime(hour: 2, minute: 30))
        short.defersPastMidnight = true   // Saturday 23:00 is shown on Sunday
        let rules = [Fixtures.dailyRule("water", at: ["23:00"]), Fixtures.dailyRule("stretch", at: ["01:00"])]
        let plan = makePlanner(quiet: short, days: 1).plan(makeInput(rules, now: "2026-03-28T20:00"))
        // Then 02:30 does not exist that night: the two come at 03:30 CEST (01:30 UTC), as
        // a reminder at 02:30 would fire
        #expect(plan.groups.first?.date == Date(timeIntervalSince1970: 1_774_747_800))   // 2026-03-29T01:30Z
        #expect(plan.groups.first?.members.count == 2)
    }

    @Test func quietHoursEndingAtSevenIncludeSevenNoMore() {
        // Given a rule at 07:00 and one at 06:59, quiet 22:00 to 07:00
        let rules = [Fixtures.dailyRule("early", at: ["06:59"]), Fixtures.dailyRule("seven", at: ["07:00"])]
        let plan = makePlanner(days: 1).plan(makeInput(rules))
        // Then 06:59 is deferred to 07:00 and joins the 07:00 one: one notification
        #expect(plan.groups.count == 1)
        #expect(plan.groups.first?.date == Fixtures.date("2026-11-22T07:00"))
        #expect(plan.reminders.isEmpty)
    }

    @Test func theGroupsBadgeCountsEachMemberThatCounts() {
        // Given water and stretch deferred to 07:00, a nudge there too that counts toward no
        // badge, and pills at 12:00
        let rules = makeHabits() + [Fixtures.dailyRule("nudge", at: ["05:00"], countsTowardBadge: false)]
        let plan = makePlanner(days: 1).plan(makeInput(rules))
        // Then the group at 07:00 sets 2 (water, stretch) and pills at 12:00 sets 3
        #expect(plan.groups.first?.members.count == 3)
        #expect(plan.groups.first?.badge == 2)
        #expect(plan.reminders.first?.badge == 3)
    }

    @Test func membersDeliveredInAGroupAreNotPlannedAgainWhenTheClockIsSetBack() {
        // Given Sunday's 07:00 group delivered (Saturday's 23:00 water and Sunday's 06:30
        // stretch in the fired log), then the clock set back to Sunday 06:00
        var input = makeInput(makeHabits(), now: "2026-11-22T06:00")
        let seven = Fixtures.date("2026-11-22T07:00")
        input.fired = [
            FiredRecord(identifier: NotificationIdentifier(parsing: "herald:reminder:habit:water:r:20261121T2300")!, date: seven),
            FiredRecord(identifier: NotificationIdentifier(parsing: "herald:reminder:habit:stretch:r:20261122T0630")!, date: seven),
        ]
        let plan = makePlanner(days: 1).plan(input)
        // Then nothing comes at Sunday 07:00 again: pills at Sunday 12:00, and Sunday's
        // 23:00 water alone at Monday 07:00 (Monday's 06:30 is past the horizon's 06:00)
        #expect(plan.groups.isEmpty)
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-22T12:00"), Fixtures.date("2026-11-23T07:00")])
    }

    @Test func aReminderDueWithinTheWindowAfterTheEndJoinsTheDeferredOnes() {
        // Given water at 23:00 and stretch at 06:30 (deferred to 07:00), pills at 07:05 and
        // tea at 07:20, grouped within 10 minutes
        let rules = [Fixtures.dailyRule("water", at: ["23:00"]), Fixtures.dailyRule("stretch", at: ["06:30"]),
                     Fixtures.dailyRule("pills", at: ["07:05"]), Fixtures.dailyRule("tea", at: ["07:20"])]
        let plan = makePlanner(groupWithin: 600, days: 1).plan(makeInput(rules))
        // Then water, stretch and pills (5 minutes after 07:00) come at 07:00 as one; tea
        // (20 minutes after) alone at 07:20
        #expect(plan.groups.map(\.date) == [Fixtures.date("2026-11-22T07:00")])
        #expect(plan.groups.first?.members.map(\.rule.entity.id) == ["water", "stretch", "pills"])
        #expect(plan.reminders.map(\.date) == [Fixtures.date("2026-11-22T07:20")])
    }

    @Test func snoozedAndPausedMembersAreNotInTheGroup() {
        // Given Saturday's 23:00 water snoozed to Sunday 09:00 and pills paused
        var input = makeInput(makeHabits() + [Fixtures.dailyRule("tea", at: ["05:00"])])
        let water = NotificationIdentifier(parsing: "herald:reminder:habit:water:r:20261121T2300")!
        input.snoozes = [SnoozeRecord(original: water, until: Fixtures.date("2026-11-22T09:00"))]
        input.paused = [Fixtures.habit("pills")]
        let plan = makePlanner(days: 1).plan(input)
        // Then Sunday 07:00 holds tea (05:00) and stretch (06:30) only; water comes as its
        // snooze at 09:00
        #expect(plan.groups.first?.members.map(\.rule.entity.id) == ["tea", "stretch"])
        #expect(plan.snoozes.map(\.date) == [Fixtures.date("2026-11-22T09:00")])
    }
}
