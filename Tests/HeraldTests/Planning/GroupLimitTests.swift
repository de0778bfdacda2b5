import Foundation
import Testing
@testable import Herald

/// A group stays within its limits, names each entity once, and its nagged members
/// repeat as lone reminders do (issue 37). Berlin is UTC+1 in November; the counts are
/// worked out by hand from the schedules.
@Suite struct GroupLimitTests {
    let night = try! QuietHours(from: LocalTime(hour: 22), to: LocalTime(hour: 7))

    func makePlanner(quiet: QuietHours? = nil, groupWithin: TimeInterval? = nil, days: Double = 1) -> Planner {
        Planner(configuration: PlannerConfiguration(horizon: days * 86_400, quietHours: quiet, groupWithin: groupWithin))
    }

    func makeInput(_ rules: [ReminderRule], now: String = "2026-11-21T20:00") -> PlanningInput {
        PlanningInput(now: Fixtures.date(now), deviceZone: Fixtures.berlin, rules: rules)
    }

    /// A sip every 5 minutes from 00:00 until 06:59: Sunday's 00:00 ... 06:55, 84 occurrences,
    /// and 25 habits at 06:00: 109 deferred to Sunday 07:00.
    func makeBusyNight() -> [ReminderRule] {
        let sip = try! ReminderRule(entity: Fixtures.habit("sip"), id: "r", schedule: try! .everyMinutes(
            5, from: LocalTime(hour: 0), to: LocalTime(hour: 6, minute: 59)))
        return [sip] + (0..<25).map { Fixtures.dailyRule("h\($0)", at: ["06:00"]) }
    }

    @Test func aNightOverTheMemberLimitComesInPartsEachMemberOnce() throws {
        // Given 109 occurrences deferred to Sunday 07:00 (06:00 UTC)
        let plan = makePlanner(quiet: night).plan(makeInput(makeBusyNight()))
        // Then three parts at 07:00 of 50, 50 and 9 members, named …T0600, …T0600#2, …T0600#3
        #expect(plan.groups.map(\.members.count) == [50, 50, 9])
        #expect(plan.groups.allSatisfy { $0.date == Fixtures.date("2026-11-22T07:00") })
        #expect(plan.groups.map(\.identifier.description) == [
            "herald:group:quiet:20261122T0600", "herald:group:quiet:20261122T0600#2",
            "herald:group:quiet:20261122T0600#3"])
        // And each occurrence is in exactly one, and the badges count them: 50, 100, 109
        let members = plan.groups.flatMap(\.members).map(\.identifier)
        #expect(members.count == 109 && Set(members).count == 109)
        #expect(plan.groups.map(\.badge) == [50, 100, 109])
        // And each part's request is within the payload limit
        for group in plan.groups {
            let contents = group.members.map { NotificationContent(title: $0.rule.entity.id) }
            let request = try group.request(with: PlannedGroup.defaultContent(for: group, members: contents))
            #expect(request.identifier == group.identifier.description)
        }
        // And the parts parse back to their instant
        #expect(plan.groups.map { NotificationIdentifier(parsing: $0.identifier.description)?.groupDate }
            == Array(repeating: Fixtures.date("2026-11-22T07:00"), count: 3))
    }

    @Test func aWindowOverTheMemberLimitStartsAnotherGroup() {
        // Given a sip every minute from 09:00 until 10:30 (09:00 ... 10:29, 90 occurrences),
        // grouped within 60 minutes, planned Saturday 08:00
        let sip = try! ReminderRule(entity: Fixtures.habit("sip"), id: "r", schedule: try! .everyMinutes(
            1, from: LocalTime(hour: 9), to: LocalTime(hour: 10, minute: 30)))
        let plan = makePlanner(groupWithin: 3600).plan(makeInput([sip], now: "2026-11-21T08:00"))
        // Then 09:00 ... 09:49 make the first group (50), 09:50 ... 10:29 the next (40)
        #expect(plan.groups.map(\.members.count) == [50, 40])
        #expect(plan.groups.map(\.date) == [Fixtures.date("2026-11-21T09:00"), Fixtures.date("2026-11-21T09:50")])
    }

    @Test func aGroupTitleNamesEachEntityOnce() {
        // Given a group of water's Saturday 23:00, pills at 06:30 and water at 06:45
        var keeping = night
        keeping.defersPastMidnight = true
        let rules = [Fixtures.dailyRule("water", at: ["23:00", "06:45"]), Fixtures.dailyRule("pills", at: ["06:30"])]
        let group = makePlanner(quiet: keeping).plan(makeInput(rules)).groups[0]
        let contents = group.members.map { NotificationContent(title: $0.rule.entity.id.capitalized) }
        // Then three members, two habits: "2 habits due: Water, Pills"
        #expect(group.members.count == 3)
        #expect(PlannedGroup.defaultContent(for: group, members: contents).title == "2 habits due: Water, Pills")
    }

    @Test func aGroupOfOneEntityIsOneHabitDue() {
        // Given a sip every minute from 09:00 until 09:11 (09:00 ... 09:10), grouped within 10 minutes
        let sip = try! ReminderRule(entity: Fixtures.habit("sip"), id: "r", schedule: try! .everyMinutes(
            1, from: LocalTime(hour: 9), to: LocalTime(hour: 9, minute: 11)))
        let group = makePlanner(groupWithin: 600).plan(makeInput([sip], now: "2026-11-21T08:00")).groups[0]
        let contents = group.members.map { _ in NotificationContent(title: "Sip") }
        // Then 11 members of one habit: "1 habit due: Sip"
        #expect(group.members.count == 11)
        #expect(PlannedGroup.defaultContent(for: group, members: contents).title == "1 habit due: Sip")
    }

    @Test func nagsOfGroupedMembersRepeatAsTheyWouldAlone() throws {
        // Given pills and water at 12:00, each nagged every 10 minutes twice, planned 08:00
        let rules = try [Fixtures.dailyRule("pills", at: ["12:00"]).nagging(every: 600, times: 2),
                         Fixtures.dailyRule("water", at: ["12:00"]).nagging(every: 600, times: 2)]
        let grouped = makePlanner(groupWithin: 0).plan(makeInput(rules, now: "2026-11-21T08:00"))
        let alone = makePlanner().plan(makeInput(rules, now: "2026-11-21T08:00"))
        // Then one group at 12:00, and the repeats of each at 12:10 and 12:20, as without grouping
        #expect(grouped.groups.map(\.members.count) == [2])
        let expected = ["12:10", "12:10", "12:20"].map { Fixtures.date("2026-11-21T\($0)") }
        #expect(grouped.followUps.map(\.date) == expected)   // the follow-up limit is 3
        #expect(grouped.followUps.map(\.identifier) == alone.followUps.map(\.identifier))
        #expect(grouped.followUps.map(\.date) == alone.followUps.map(\.date))
    }
}

/// A plan's work is bounded however large the window (issue 37: a sip every minute,
/// grouped, made each plan walk groups of hundreds of members).
@Suite struct GroupPlanBoundTests {
    @Test func aPlanStandsForAtMostAThousandOccurrences() throws {
        // Given a sip every minute all day, grouped within 10 hours, planned Saturday 08:00
        // for two weeks (20,000 occurrences)
        let sip = try ReminderRule(entity: Fixtures.habit("sip"), id: "r", schedule: try .everyMinutes(
            1, from: LocalTime(hour: 0), to: LocalTime(hour: 23, minute: 59)))
        let planner = Planner(configuration: PlannerConfiguration(groupWithin: 600 * 60))
        let plan = planner.plan(PlanningInput(now: Fixtures.date("2026-11-21T08:00"), deviceZone: Fixtures.berlin,
                                              rules: [sip]))
        // Then 1,000 occurrences in 20 groups of 50, and the coverage ends at the 1,001st: the
        // window ends before 23:59, so Saturday has 08:01 ... 23:58 (958), Sunday 00:00 ...
        // 00:41 the other 42, and the next is Sunday 00:42
        #expect(plan.groups.map(\.members.count) == Array(repeating: 50, count: 20))
        #expect(plan.reminders.isEmpty)
        #expect(plan.coverageHorizon == Fixtures.date("2026-11-22T00:42"))
    }
}
