import Foundation
import Testing
@testable import Herald

/// Which rules the planner covers with repeating calendar triggers, the coverage and
/// refresh deadline that gives, against values worked out by hand (Berlin, Saturday
/// 2026-11-21 at 08:00 unless said otherwise; instants through Foundation's calendar).
@Suite struct RepeatingTriggerPlanTests {
    let now = Fixtures.date("2026-11-21T08:00")
    let today = LocalDate(year: 2026, month: 11, day: 21)

    func makeRule(_ entity: String = "water", _ schedule: Schedule? = nil, badge: Bool = false, fixed: Bool = true,
                  followUp: TimeInterval? = nil) -> ReminderRule {
        try! ReminderRule(entity: Fixtures.habit(entity), id: "r",
                          schedule: schedule ?? (try! .daily(at: Fixtures.times(["09:00", "21:00"]))),
                          countsTowardBadge: badge, followUpAfter: followUp, fixedContent: fixed)
    }

    func makePlan(_ rules: [ReminderRule], at instant: Date? = nil, satisfied: Set<EntityDay> = [],
                  paused: Set<EntityReference> = [], snoozes: [SnoozeRecord] = [], fired: [FiredRecord] = [],
                  configuration: PlannerConfiguration = PlannerConfiguration()) -> Plan {
        Planner(configuration: configuration).plan(PlanningInput(
            now: instant ?? now, deviceZone: Fixtures.berlin, rules: rules, satisfied: satisfied, paused: paused,
            snoozes: snoozes, fired: fired))
    }

    func occurrence(_ entity: String, _ text: String) -> NotificationIdentifier {
        NotificationIdentifier(entity: Fixtures.habit(entity), rule: "r",
                               occurrence: OccurrenceKey(LocalDateTime(parsing: text)!), kind: .reminder)
    }

    // MARK: Plan shape

    @Test func aFixedDailyRuleWithoutBadgeIsTwoRepeatingRequestsCoveredForever() {
        let plan = makePlan([makeRule()])
        #expect(plan.reminders.isEmpty)
        #expect(plan.repeating.map(\.identifier.description)
            == ["herald:reminder:habit:water:r:every-0900", "herald:reminder:habit:water:r:every-2100"])
        #expect(plan.repeating.map(\.trigger) == [
            .calendar(CalendarTrigger(hour: 9, minute: 0, second: 0, repeats: true)),
            .calendar(CalendarTrigger(hour: 21, minute: 0, second: 0, repeats: true)),
        ])
        #expect(plan.repeating.map(\.date) == [Fixtures.date("2026-11-21T09:00"), Fixtures.date("2026-11-21T21:00")])
        #expect(plan.repeating.allSatisfy { $0.badge == nil })
        #expect(plan.pendingCount == 2)
        #expect(plan.guaranteedCoverage == .unbounded)
        #expect(plan.refreshDeadline == nil)  // fixed content: no midnight re-plan either
    }

    @Test func aWeeklyRuleHasOneRequestPerWeekdayAndTime() {
        let rule = makeRule("gym", try! .weekly(on: [.monday, .thursday], at: Fixtures.times(["18:30"])))
        let plan = makePlan([rule])
        #expect(plan.repeating.map(\.identifier.occurrence.rawValue) == ["every-MO-1830", "every-TH-1830"])
        #expect(plan.repeating.map(\.trigger) == [
            .calendar(CalendarTrigger(hour: 18, minute: 30, second: 0, weekday: 2, repeats: true)),
            .calendar(CalendarTrigger(hour: 18, minute: 30, second: 0, weekday: 5, repeats: true)),
        ])
        // The next Monday is the 23rd, the next Thursday the 26th.
        #expect(plan.repeating.map(\.date) == [Fixtures.date("2026-11-23T18:30"), Fixtures.date("2026-11-26T18:30")])
        #expect(plan.guaranteedCoverage == .unbounded)
    }

    @Test func weeklyOnEveryDayRepeatsDaily() {
        let plan = makePlan([makeRule("walk", try! .weekly(on: Weekday.everyDay, at: Fixtures.times(["07:00"])))])
        #expect(plan.repeating.map(\.identifier.occurrence.rawValue) == ["every-0700"])
    }

    @Test func aPinnedRuleRepeatsInItsZone() {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let plan = makePlan([makeRule("call", try! .daily(at: Fixtures.times(["20:00"]), timeZone: tokyo))])
        #expect(plan.repeating.map(\.trigger) == [.calendar(CalendarTrigger(hour: 20, minute: 0, second: 0, repeats: true,
                                                                              timeZone: tokyo))])
        // 20:00 in Tokyo (UTC+9) is 11:00 UTC, 12:00 in Berlin.
        #expect(plan.repeating.first?.date == Fixtures.date("2026-11-21T12:00"))
    }

    @Test(arguments: [
        ("content that is not fixed", false, false, nil as TimeInterval?),
        ("a badge under the outstanding policy", true, true, nil),
        ("a follow-up", true, false, 900),
    ])
    func aRuleKeepsOneShotRequestsFor(_ reason: String, _ fixed: Bool, _ badge: Bool, _ followUp: TimeInterval?) {
        let plan = makePlan([makeRule(badge: badge, fixed: fixed, followUp: followUp)])
        #expect(plan.repeating.isEmpty, "\(reason)")
        #expect(plan.reminders.count == 28)
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2026-12-05T08:00")))
    }

    @Test(arguments: [
        try! Schedule.everyDays(2, from: LocalDate(year: 2026, month: 11, day: 21), at: Fixtures.times(["09:00"])),
        try! Schedule.monthly(onDays: [1], at: Fixtures.times(["09:00"])),
        try! Schedule.everyMinutes(60, from: LocalTime(hour: 9), to: LocalTime(hour: 12)),
        try! Schedule(.daily(times: Fixtures.times(["09:00"])), start: LocalDateTime(parsing: "2026-11-01T00:00")!,
                      end: .count(40)),
        try! Schedule(.daily(times: Fixtures.times(["09:00"])), end: .until(LocalDateTime(parsing: "2027-01-01T00:00")!)),
        try! Schedule(.daily(times: Fixtures.times(["09:00"])), extraTimes: [LocalDateTime(parsing: "2026-11-22T12:00")!]),
    ])
    func aScheduleThatRepeatingTriggersCannotMatchExactlyKeepsOneShots(_ schedule: Schedule) {
        #expect(makePlan([makeRule("water", schedule)]).repeating.isEmpty)
    }

    @Test func aBadgedRuleRepeatsWhenTheBadgePolicyIsNone() {
        let plan = makePlan([makeRule(badge: true)], configuration: PlannerConfiguration(badgePolicy: .none))
        #expect(plan.repeating.count == 2)
    }

    @Test func droppingBadgesLetsABadgedRuleRepeatWithoutABadge() {
        let configuration = PlannerConfiguration(repeatingTriggers: .droppingBadges)
        let plan = makePlan([makeRule(badge: true), makeRule("read", badge: true, fixed: false)], configuration: configuration)
        #expect(plan.repeating.map(\.rule.entity.id) == ["water", "water"])
        #expect(plan.repeating.allSatisfy { $0.badge == nil && !$0.rule.countsTowardBadge })
        // The other habit's badges count only its own reminders: 1 at 09:00, 2 at 21:00.
        #expect(plan.reminders.prefix(2).map(\.badge) == [1, 2])
    }

    @Test func repeatingTriggersOffKeepsOneShots() {
        let plan = makePlan([makeRule()], configuration: PlannerConfiguration(repeatingTriggers: .never))
        #expect(plan.repeating.isEmpty)
        #expect(plan.reminders.count == 28)
    }

    @Test func aPausedEntityHasNoRepeatingRequest() {
        let plan = makePlan([makeRule()], paused: [Fixtures.habit("water")])
        #expect(plan.repeating.isEmpty && plan.reminders.isEmpty)
    }

    // MARK: Exceptions: one-shots until the blocked matches have passed

    @Test func aDayDoneKeepsOneShotsUntilItsLastOccurrenceHasPassed() {
        let done: Set<EntityDay> = [EntityDay(Fixtures.habit("water"), today)]
        let morning = makePlan([makeRule()], satisfied: done)
        #expect(morning.repeating.isEmpty)
        #expect(morning.reminders.first?.date == Fixtures.date("2026-11-22T09:00"))
        // Re-plan after today's 21:00 to switch to repeating triggers.
        #expect(morning.refreshDeadline == Fixtures.date("2026-11-21T21:00"))
        let evening = makePlan([makeRule()], at: Fixtures.date("2026-11-21T21:00"), satisfied: done)
        #expect(evening.repeating.count == 2)
        #expect(evening.guaranteedCoverage == .unbounded)
    }

    @Test func aDayDeferredFromYesterdayNoLongerBlocks() {
        let yesterday: Set<EntityDay> = [EntityDay(Fixtures.habit("water"), today.adding(days: -1))]
        #expect(makePlan([makeRule()], satisfied: yesterday).repeating.count == 2)
    }

    @Test func aDayDoneAheadBlocksUntilItsLastOccurrence() {
        let ahead: Set<EntityDay> = [EntityDay(Fixtures.habit("water"), today.adding(days: 3))]
        let plan = makePlan([makeRule()], satisfied: ahead)
        #expect(plan.repeating.isEmpty)
        #expect(plan.refreshDeadline == Fixtures.date("2026-11-24T21:00"))
    }

    @Test func aPinnedRuleIsBlockedByTheDeviceDayItsOccurrenceFallsOn() {
        // 08:00 in Tokyo (UTC+9) is midnight in Berlin (UTC+1): Tokyo's 22nd 08:00 falls
        // on Berlin's 22nd, the day done.
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let rule = makeRule("call", try! .daily(at: Fixtures.times(["08:00"]), timeZone: tokyo))
        let plan = makePlan([rule], satisfied: [EntityDay(Fixtures.habit("call"), today.adding(days: 1))])
        #expect(plan.repeating.isEmpty)
        #expect(plan.refreshDeadline == Fixtures.date("2026-11-22T00:00"))
    }

    @Test func anExcludedDateAheadBlocksUntilItsLastOccurrence() {
        let schedule = try! Schedule(.daily(times: Fixtures.times(["09:00", "21:00"])),
                                     excludedDates: [LocalDate(year: 2026, month: 11, day: 25)])
        let plan = makePlan([makeRule("water", schedule)])
        #expect(plan.repeating.isEmpty)
        #expect(plan.refreshDeadline == Fixtures.date("2026-11-25T21:00"))
        // An excluded date in the past does not matter.
        #expect(makePlan([makeRule("water", schedule)], at: Fixtures.date("2026-11-25T21:00")).repeating.count == 2)
    }

    @Test func anExcludedTimeAheadBlocksUntilIt() {
        let schedule = try! Schedule(.daily(times: Fixtures.times(["09:00", "21:00"])),
                                     excludedTimes: [LocalDateTime(parsing: "2026-11-22T09:00")!])
        #expect(makePlan([makeRule("water", schedule)]).refreshDeadline == Fixtures.date("2026-11-22T09:00"))
    }

    @Test func aStartAheadBlocksUntilJustBeforeIt() {
        let schedule = try! Schedule(.daily(times: Fixtures.times(["09:00"])),
                                     start: LocalDateTime(parsing: "2026-11-23T00:00")!)
        let plan = makePlan([makeRule("water", schedule)])
        #expect(plan.repeating.isEmpty)
        #expect(plan.refreshDeadline == Fixtures.date("2026-11-22T23:59:59"))
    }

    @Test func aSnoozedOccurrenceAheadBlocksUntilIt() {
        // The clock was set back after today's 09:00 was snoozed.
        let snooze = SnoozeRecord(original: occurrence("water", "2026-11-21T09:00"), until: Fixtures.date("2026-11-21T09:10"))
        let plan = makePlan([makeRule()], snoozes: [snooze])
        #expect(plan.repeating.isEmpty)
        #expect(plan.refreshDeadline == Fixtures.date("2026-11-21T09:00"))
    }

    @Test func anOccurrenceDeliveredBeforeTheClockWasSetBackBlocksUntilIt() {
        let fired = FiredRecord(identifier: occurrence("water", "2026-11-21T21:00"), date: Fixtures.date("2026-11-21T21:00"))
        let plan = makePlan([makeRule()], fired: [fired])
        #expect(plan.repeating.isEmpty)
        #expect(plan.reminders.first.map { $0.identifier } == occurrence("water", "2026-11-21T09:00"))
        #expect(plan.refreshDeadline == Fixtures.date("2026-11-21T21:00"))
    }

    @Test func anOccurrenceDeliveredInThePastDoesNotBlock() {
        let fired = FiredRecord(identifier: occurrence("water", "2026-11-20T21:00"), date: Fixtures.date("2026-11-20T21:00"))
        #expect(makePlan([makeRule()], fired: [fired]).repeating.count == 2)
    }

    // MARK: Daylight saving time

    @Test func aTimeInTheSpringGapIsGuaranteedUntilTheGap() {
        // Berlin springs forward on 2027-03-28 at 02:00 CET (01:00 UTC): 02:30 does not exist.
        let converter = ZoneConverter.for(Fixtures.berlin)
        let limit = RepeatingEligibility.daylightSavingLimit(
            of: [RepeatingSlot(time: LocalTime(hour: 2, minute: 30))], converter: converter, after: now)
        #expect(limit == Fixtures.date("2027-03-28T01:00", in: TimeZone(identifier: "UTC")!))
        let plan = makePlan([makeRule("water", try! .daily(at: Fixtures.times(["02:30"])))])
        #expect(plan.repeating.count == 1)
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2027-03-28T01:00", in: TimeZone(identifier: "UTC")!)))
        #expect(plan.refreshDeadline == plan.guaranteedCoverage.date)
    }

    @Test func aTimeInTheAutumnFoldIsGuaranteedUntilItsFirstPass() {
        // Berlin falls back on 2027-10-31 at 03:00 CEST (01:00 UTC): 02:30 is first at 00:30 UTC.
        let converter = ZoneConverter.for(Fixtures.berlin)
        let limit = RepeatingEligibility.daylightSavingLimit(
            of: [RepeatingSlot(weekday: .sunday, time: LocalTime(hour: 2, minute: 30))], converter: converter,
            after: Fixtures.date("2027-04-01T00:00"))
        #expect(limit == Fixtures.date("2027-10-31T00:30", in: TimeZone(identifier: "UTC")!))
    }

    @Test func aWeekdayTheChangesNeverFallOnHasNoLimit() {
        // Berlin changes on Sundays only.
        let converter = ZoneConverter.for(Fixtures.berlin)
        #expect(RepeatingEligibility.daylightSavingLimit(
            of: [RepeatingSlot(weekday: .monday, time: LocalTime(hour: 2, minute: 30))], converter: converter,
            after: now) == nil)
        #expect(RepeatingEligibility.daylightSavingLimit(
            of: [RepeatingSlot(time: LocalTime(hour: 9))], converter: converter, after: now) == nil)
    }

    // Chatham's summer time (+13:45) ends on 2026-04-05 at 03:45, 14:00 UTC on the 4th:
    // the clocks go back to 02:45 (+12:45), so 02:45 to 03:44 occur twice and 03:45 once,
    // at 15:00 UTC. It starts again on 2026-09-27 at 02:45 (+12:45), 14:00 UTC on the 26th,
    // skipping to 03:45. Foundation's calendar never matches 03:45 to 03:59 on the night it
    // ends, so a repeating trigger at those times is not counted on that night: the
    // touched hours are 02:00 to 04:00.
    static let chatham = TimeZone(identifier: "Pacific/Chatham")!
    static let utc = TimeZone(identifier: "UTC")!

    /// The limit is the change, or the time's first pass when that is earlier (02:00 and
    /// 03:00 come first at +13:45, 12:15 and 13:15 UTC).
    @Test(arguments: [(3, 45, "2026-04-04T14:00"), (3, 50, "2026-04-04T14:00"), (3, 59, "2026-04-04T14:00"),
                      (2, 0, "2026-04-04T12:15"), (3, 0, "2026-04-04T13:15")])
    func aTimeInTheHoursAChathamChangeTouchesIsGuaranteedUntilTheChange(hour: Int, minute: Int, utc: String) {
        let limit = RepeatingEligibility.daylightSavingLimit(
            of: [RepeatingSlot(time: LocalTime(hour: hour, minute: minute))],
            converter: ZoneConverter.for(Self.chatham), after: Fixtures.date("2026-04-01T00:00", in: Self.chatham))
        #expect(limit == Fixtures.date(utc, in: Self.utc))
    }

    @Test(arguments: [(4, 0), (1, 59), (9, 0)])
    func aTimeOutsideTheHoursChathamsChangesTouchHasNoLimit(hour: Int, minute: Int) {
        let limit = RepeatingEligibility.daylightSavingLimit(
            of: [RepeatingSlot(time: LocalTime(hour: hour, minute: minute))],
            converter: ZoneConverter.for(Self.chatham), after: Fixtures.date("2026-04-01T00:00", in: Self.chatham))
        #expect(limit == nil)
    }

    @Test func afterChathamsSummerTimeEndsA0345RuleIsGuaranteedUntilItStartsAgain() {
        let rule = makeRule("water", try! .daily(at: Fixtures.times(["03:45"])))
        let plan = Planner(configuration: PlannerConfiguration()).plan(PlanningInput(
            now: Fixtures.date("2026-04-06T00:00", in: Self.chatham), deviceZone: Self.chatham, rules: [rule]))
        #expect(plan.repeating.count == 1)
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2026-09-26T14:00", in: Self.utc)))
    }

    @Test func beforeChathamsSummerTimeEndsA0345RuleKeepsOneShotsThatReachFurther() {
        // The repeating trigger would be guaranteed until 2026-04-04 14:00 UTC; fourteen
        // days of one-shots reach further, and the 15:00 UTC one on the 4th is among them.
        let rule = makeRule("water", try! .daily(at: Fixtures.times(["03:45"])))
        let plan = Planner(configuration: PlannerConfiguration()).plan(PlanningInput(
            now: Fixtures.date("2026-04-01T00:00", in: Self.chatham), deviceZone: Self.chatham, rules: [rule]))
        #expect(plan.repeating.isEmpty)
        #expect(plan.reminders.contains { $0.date == Fixtures.date("2026-04-04T15:00", in: Self.utc) })
        #expect(plan.guaranteedCoverage.date ?? .distantFuture > Fixtures.date("2026-04-04T15:00", in: Self.utc))
    }

    @Test func aSkippedTimeStillToFireShiftedKeepsTheLimitAfterTheGap() {
        // Berlin's 02:30 on 2027-03-28 fires shifted, at 03:30 CEST (01:30 UTC), half an
        // hour after the change; a repeating trigger matches 02:30 the next day only.
        let converter = ZoneConverter.for(Fixtures.berlin)
        let now = Fixtures.date("2027-03-28T01:10", in: Self.utc)
        #expect(RepeatingEligibility.daylightSavingLimit(
            of: [RepeatingSlot(time: LocalTime(hour: 2, minute: 30))], converter: converter, after: now) == now)
    }

    @Test func apiasSkippedFridayStillToFireOnSaturdayKeepsOneShots() {
        // Apia skipped Friday 2011-12-30 (-10:00 became +14:00 at 10:00 UTC on the 30th).
        // A Friday 21:15 occurrence fires shifted by the day, on Saturday 21:15 (07:15 UTC
        // on the 31st); a repeating Friday trigger next matches on 2012-01-06.
        let apia = TimeZone(identifier: "Pacific/Apia")!
        let now = Fixtures.date("2011-12-31T06:08", in: Self.utc)
        let friday = RepeatingSlot(weekday: .friday, time: LocalTime(hour: 21, minute: 15))
        #expect(RepeatingEligibility.daylightSavingLimit(of: [friday], converter: ZoneConverter.for(apia), after: now) == now)
        let rule = makeRule("water", try! .weekly(on: [.friday], at: Fixtures.times(["21:15"])))
        let plan = Planner(configuration: PlannerConfiguration()).plan(PlanningInput(
            now: now, deviceZone: apia, rules: [rule]))
        #expect(plan.repeating.isEmpty)
        #expect(plan.reminders.first?.date == Fixtures.date("2011-12-31T07:15", in: Self.utc))
        #expect(plan.reminders.first?.identifier == occurrence("water", "2011-12-30T21:15"))
    }

    @Test func oneShotsWinWhenAGapIsCloserThanTheHorizon() {
        // A week before the change, repeating triggers would guarantee less than one-shots.
        let plan = makePlan([makeRule("water", try! .daily(at: Fixtures.times(["02:30"])))],
                            at: Fixtures.date("2027-03-21T08:00"))
        #expect(plan.repeating.isEmpty)
        #expect(plan.reminders.count == 14)
    }

    // MARK: Choosing within the budget

    @Test func tenHabitsOfTwoFixedRemindersWithoutBadgesAreCoveredForever() {
        let rules = (0..<10).map { makeRule("h\($0)") }
        let plan = makePlan(rules)
        #expect(plan.repeating.count == 20)
        #expect(plan.guaranteedCoverage == .unbounded)
    }

    @Test func tenHabitsWithTheOutstandingBadgeKeepOneShotsUnlessBadgesMayBeDropped() {
        let rules = (0..<10).map { makeRule("h\($0)", badge: true) }
        // As one-shots: 20 a day, 54 slots reach 21:00 on the 23rd.
        #expect(makePlan(rules).guaranteedCoverage == .until(Fixtures.date("2026-11-23T21:00")))
        let dropping = makePlan(rules, configuration: PlannerConfiguration(repeatingTriggers: .droppingBadges))
        #expect(dropping.guaranteedCoverage == .unbounded)
        #expect(dropping.repeating.count == 20)
    }

    @Test func thirtyHabitsOfTwoCannotAllRepeatAndTheChoiceKeepsTheLongestCoverage() {
        // 60 triggers do not fit 54 slots. With k habits repeating (2k slots), the other
        // 30 - k share 54 - 2k slots: fewer than two a day each, so coverage ends today
        // at 21:00 for every k up to 24 (six habits, six slots, all at 09:00) and at
        // 09:00 beyond. The choice keeps 21:00 with the most habits repeating: 24.
        let rules = (0..<30).map { makeRule("h\($0)") }
        let plan = makePlan(rules)
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2026-11-21T21:00")))
        #expect(plan.repeating.count == 48)
        #expect(plan.reminders.count == 6)
        #expect(plan.pendingCount == 54)
    }

    @Test func fiveWeeklyAndTwentyDailyRulesAllRepeat() {
        let weekly = (0..<5).map { makeRule("w\($0)", try! .weekly(on: [.monday], at: Fixtures.times(["18:00"]))) }
        let daily = (0..<20).map { makeRule("d\($0)") }
        let plan = makePlan(weekly + daily)
        #expect(plan.repeating.count == 45)
        #expect(plan.guaranteedCoverage == .unbounded)
    }

    @Test func oneShotsOnlyCoverTheREADMEWorkloadsAsFarAsWorkedOut() {
        let never = PlannerConfiguration(repeatingTriggers: .never)
        // 30 at 09:00 and 24 of 30 at 21:00 fill 54 slots.
        #expect(makePlan((0..<30).map { makeRule("h\($0)") }, configuration: never).guaranteedCoverage
            == .until(Fixtures.date("2026-11-21T21:00")))
        // 40 on Saturday, then 14 of 20 on Sunday at 09:00 (Monday's weekly ones come later).
        let weekly = (0..<5).map { makeRule("w\($0)", try! .weekly(on: [.monday], at: Fixtures.times(["18:00"]))) }
        #expect(makePlan(weekly + (0..<20).map { makeRule("d\($0)") }, configuration: never).guaranteedCoverage
            == .until(Fixtures.date("2026-11-22T09:00")))
        // With the outstanding badge and .exact, ten habits keep one-shots.
        #expect(makePlan((0..<10).map { makeRule("h\($0)", badge: true) }).repeating.isEmpty)
        let dropping = makePlan((0..<30).map { makeRule("h\($0)", badge: true) },
                                configuration: PlannerConfiguration(repeatingTriggers: .droppingBadges))
        // Dropping badges would not cover further here, so none is dropped.
        #expect(dropping.guaranteedCoverage == .until(Fixtures.date("2026-11-21T21:00")))
        #expect(dropping.repeating.isEmpty)
    }

    @Test func aRuleThatMustKeepOneShotsBoundsTheCoverage() {
        let plan = makePlan([makeRule(), makeRule("read", fixed: false)])
        #expect(plan.repeating.count == 2)
        #expect(plan.reminders.count == 28)
        #expect(plan.guaranteedCoverage == .until(Fixtures.date("2026-12-05T08:00")))
        // "read" has content that depends on the day: re-plan at midnight.
        #expect(plan.refreshDeadline == Fixtures.date("2026-11-22T00:00"))
    }
}
