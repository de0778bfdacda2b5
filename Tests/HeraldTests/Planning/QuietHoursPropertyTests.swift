import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// Properties of every plan that defers and groups reminders, over random rules, zones,
/// clocks, state, quiet hours and windows (the generator of ``PlannerPropertyTests``,
/// with quiet hours and a window).
@Suite struct QuietHoursPropertyTests {
    func makeCase(seed: UInt64) -> PlannerPropertyTests.Case {
        var testCase = PlannerPropertyTests().makeCase(seed: seed)
        var random = SeededGenerator(seed: seed &+ 0x9E37_79B9)
        let from = Int.random(in: 0..<96, using: &random) * 900
        var to = Int.random(in: 0..<96, using: &random) * 900
        if to == from { to = (from + 8 * 3600) % 86_400 }
        if Int.random(in: 0...3, using: &random) > 0 {
            testCase.configuration.quietHours = try! QuietHours(from: LocalTime(secondsSinceMidnight: from),
                                                                to: LocalTime(secondsSinceMidnight: to))
        }
        if testCase.configuration.quietHours == nil || Bool.random(using: &random) {
            testCase.configuration.groupWithin = Double(Int.random(in: 0...60, using: &random) * 60)
        }
        return testCase
    }

    /// The end of the quiet period holding `date`, or `nil` when it is not quiet: the
    /// period's ends read as schedules read local times, through Foundation's calendar
    /// (a time a spring-forward night skips is the instant after the gap: 02:30 is
    /// 03:30): from included, to excluded, across midnight when to < from. A period may
    /// start up to two days before (a zone may skip a whole day).
    func quietEnd(_ date: Date, _ quiet: QuietHours, calendar: Calendar) -> Date? {
        func instant(_ day: Date, _ time: LocalTime) -> Date {
            var parts = calendar.dateComponents([.year, .month, .day], from: day)
            (parts.hour, parts.minute, parts.second) = (time.hour, time.minute, time.second)
            return calendar.date(from: parts)!
        }
        for offset in -3...0 {
            let startDay = date.addingTimeInterval(Double(offset) * 86_400)
            let start = instant(startDay, quiet.from)
            let endDay = quiet.to < quiet.from ? startDay.addingTimeInterval(86_400) : startDay
            let end = instant(endDay, quiet.to)
            if start <= date && date < end { return end }
        }
        return nil
    }

    func isQuiet(_ date: Date, _ quiet: QuietHours, calendar: Calendar) -> Bool {
        quietEnd(date, quiet, calendar: calendar) != nil
    }

    /// Whether the quiet hours would carry an occurrence at `date` past its local day:
    /// the end of its period falls on a later calendar day (issue 37: it is dropped).
    func crossesDay(_ date: Date, _ quiet: QuietHours?, calendar: Calendar) -> Bool {
        guard let quiet, !quiet.defersPastMidnight, let end = quietEnd(date, quiet, calendar: calendar) else { return false }
        return calendar.startOfDay(for: end) > calendar.startOfDay(for: date)
    }

    @Test func deferredAndGroupedPlansKeepEveryPromise() async {
        // 3603185306807991469: quiet hours from 02:30 on the night Berlin skips 02:00 to 03:00 (the
        // start is shifted like a reminder at 02:30, to 03:30). 15051699566379628808: quiet hours from
        // 08:00 in Apia, which skipped 2011-12-30 (a period then starts two days before).
        await PropertySeeds.check(count: 200, regressions: [3603185306807991469, 15051699566379628808]) { seed in
            checkDeferredAndGrouped(makeCase(seed: seed), seed: seed)
        }
    }

    /// The same promises with schedules that follow the user mixed in, as the engine
    /// plans them (``RandomRules/followingTheUser(_:now:zone:horizon:seed:)``).
    @Test func deferredAndGroupedPlansOfSchedulesThatFollowTheUserKeepEveryPromise() async {
        await PropertySeeds.check(count: 200) { seed in
            var testCase = makeCase(seed: seed)
            testCase.input.rules = RandomRules.followingTheUser(testCase.input.rules, now: testCase.input.now,
                                                                zone: testCase.input.deviceZone, horizon: 30 * 86_400, seed: seed)
            checkDeferredAndGrouped(testCase, seed: seed)
        }
    }

    func checkDeferredAndGrouped(_ testCase: PlannerPropertyTests.Case, seed: UInt64) {
        let input = testCase.input
        let configuration = testCase.configuration
        let plan = Planner(configuration: configuration).plan(input)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = input.deviceZone

        // Within budget: a group takes one slot.
        #expect(plan.reminders.count + plan.groups.count <= configuration.budget, "seed \(seed)")
        // A group has two members or more; one group per instant.
        #expect(plan.groups.allSatisfy { $0.members.count >= 2 || $0.part > 1 }, "seed \(seed)")
        #expect(Set(plan.groups.map(\.identifier)).count == plan.groups.count, "seed \(seed)")

        // Every occurrence planned once, as itself or in one group.
        let planned = plan.reminders.map(\.identifier) + plan.groups.flatMap { $0.members.map(\.identifier) }
        #expect(Set(planned).count == planned.count, "seed \(seed): an occurrence planned twice")

        // Nothing is delivered inside the quiet hours (every rule observes them here),
        // nothing before its occurrence unless grouped within the window.
        let window = configuration.groupWithin ?? 0
        let deliveries = plan.reminders.map { ($0.date, $0.occurrence.date) }
            + plan.groups.flatMap { group in group.members.map { (group.date, $0.occurrence.date) } }
        for (delivery, due) in deliveries {
            if let quiet = configuration.quietHours {
                #expect(!isQuiet(delivery, quiet, calendar: calendar), "seed \(seed): delivered at \(delivery) in quiet hours")
            }
            #expect(delivery >= due.addingTimeInterval(-window), "seed \(seed): \(due) delivered early at \(delivery)")
        }

        // No rule has a reminder at the instant of a group holding it.
        for group in plan.groups {
            let rules = Set(group.members.map(\.rule.id))
            #expect(!plan.reminders.contains { $0.date == group.date && rules.contains($0.rule.id) }, "seed \(seed)")
        }

        // Every due occurrence from now to the coverage horizon is planned.
        let device = ZoneConverter.for(input.deviceZone)
        let plannedSet = Set(planned)
        for rule in input.rules where !input.paused.contains(rule.entity) {
            for occurrence in rule.schedule.occurrences(after: input.now, before: plan.coverageHorizon,
                                                        deviceZone: input.deviceZone)
            where !input.satisfied.contains(EntityDay(rule.entity, device.local(for: occurrence.date).date)) {
                // One the quiet hours would carry past its day is dropped, never planned.
                let dropped = rule.observesQuietHours
                    && crossesDay(occurrence.date, configuration.quietHours, calendar: calendar)
                #expect(plannedSet.contains(rule.identifier(for: occurrence.local)) == !dropped,
                        "seed \(seed): \(rule.id) \(occurrence) \(dropped ? "planned though past its day" : "missing") before \(plan.coverageHorizon)")
            }
        }
    }
}
