import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// Properties of every plan, over random rules, zones, clocks and state.
@Suite struct PlannerPropertyTests {
    struct Case {
        var input: PlanningInput
        var configuration: PlannerConfiguration
    }

    func makeCase(seed: UInt64) -> Case {
        var random = SeededGenerator(seed: seed)
        let zone = RandomRules.zones.randomElement(using: &random)!
        let now = RandomRules.now(using: &random)
        let today = ZoneConverter.for(zone).local(for: now).date
        let entities = Int.random(in: 1...8, using: &random)
        let rules = RandomRules.rules(count: Int.random(in: 0...40, using: &random), entities: entities, near: today, using: &random)
        var completions: Set<EntityDay> = []
        var paused: Set<EntityReference> = []
        // In entity order: a set's order changes from one process to the next, and the
        // draws below would with it.
        for entity in Set(rules.map(\.entity)).sorted() {
            if Int.random(in: 0...3, using: &random) == 0 { completions.insert(EntityDay(entity, today)) }
            if Int.random(in: 0...3, using: &random) == 0 { completions.insert(EntityDay(entity, today.adding(days: 1))) }
            if Int.random(in: 0...5, using: &random) == 0 { paused.insert(entity) }
        }
        let configuration = PlannerConfiguration(
            capacity: 64, reserve: Int.random(in: 0...20, using: &random),
            horizon: Double(Int.random(in: 1...14, using: &random)) * 86_400)
        return Case(input: PlanningInput(now: now, deviceZone: zone, rules: rules, satisfied: completions, paused: paused),
                    configuration: configuration)
    }

    @Test func plansKeepEveryPromise() async {
        await PropertySeeds.check(count: 300) { seed in
            checkPromises(of: makeCase(seed: seed), context: "seed \(seed)")
        }
    }

    /// The same promises with schedules that follow the user mixed in, as the engine
    /// plans them (``RandomRules/followingTheUser(_:now:zone:horizon:seed:)``).
    @Test func plansOfSchedulesThatFollowTheUserKeepEveryPromise() async {
        await PropertySeeds.check(count: 300) { seed in
            var testCase = makeCase(seed: seed)
            testCase.input.rules = RandomRules.followingTheUser(testCase.input.rules, now: testCase.input.now,
                                                                zone: testCase.input.deviceZone, horizon: 30 * 86_400, seed: seed)
            checkPromises(of: testCase, context: "seed \(seed), following the user")
        }
    }

    /// The same promises over cases PropertyBased's generators draw (``cases``), each
    /// failing one shrunk to the fewest rules, entities and days that still fail.
    @Test(.shrinking) func shrunkPlansKeepEveryPromise() async {
        await ShrinkingSeeds.check(count: 300, input: Self.cases) { testCase in
            checkPromises(of: testCase, context: "the drawn case")
        }
    }

    func checkPromises(of testCase: Case, context: String) {
        let input = testCase.input
        let plan = Planner(configuration: testCase.configuration).plan(input)
        let device = ZoneConverter.for(input.deviceZone)

        // Never above budget, soonest first, all in the future and in the horizon.
        #expect(plan.reminders.count <= testCase.configuration.budget, "\(context)")
        #expect(plan.reminders.map(\.date) == plan.reminders.map(\.date).sorted(), "\(context)")
        #expect(plan.reminders.allSatisfy { $0.date > input.now && $0.date < plan.horizonEnd }, "\(context)")

        // No two requests of one rule at one instant; identifiers unique.
        let keys = plan.reminders.map { "\($0.rule.id)@\($0.date.timeIntervalSince1970)" }
        #expect(Set(keys).count == keys.count, "\(context)")
        #expect(Set(plan.reminders.map(\.identifier)).count == plan.reminders.count, "\(context)")

        // Nothing of a paused entity, nothing on a day the entity is done.
        #expect(plan.reminders.allSatisfy { !input.paused.contains($0.rule.entity) }, "\(context)")
        #expect(plan.reminders.allSatisfy {
            !input.satisfied.contains(EntityDay($0.rule.entity, device.local(for: $0.date).date))
        }, "\(context)")

        // Every due occurrence before the coverage horizon is scheduled.
        let planned = Set(plan.reminders.map { "\($0.rule.id)@\($0.date.timeIntervalSince1970)" })
        for rule in input.rules where !input.paused.contains(rule.entity) {
            for occurrence in rule.schedule.occurrences(after: input.now, before: plan.coverageHorizon, deviceZone: input.deviceZone)
            where !input.satisfied.contains(EntityDay(rule.entity, device.local(for: occurrence.date).date)) {
                #expect(planned.contains("\(rule.id)@\(occurrence.date.timeIntervalSince1970)"),
                        "\(context): \(rule.id) \(occurrence) missing before \(plan.coverageHorizon)")
            }
        }

        // Badges follow the outstanding policy: per device-local day (Foundation's
        // calendar, not the plan's own day), 1, 2, 3... in fire order.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = input.deviceZone
        var perDay: [DateComponents: Int] = [:]
        for reminder in plan.reminders {
            guard reminder.rule.countsTowardBadge else {
                #expect(reminder.badge == nil, "\(context)")
                continue
            }
            let day = calendar.dateComponents([.year, .month, .day], from: reminder.date)
            perDay[day, default: 0] += 1
            #expect(reminder.badge == perDay[day], "\(context)")
        }

        // Planned, skipped and cut together account for every due occurrence.
        let total = input.rules.filter { !input.paused.contains($0.entity) }.reduce(0) {
            $0 + $1.schedule.occurrences(after: input.now, before: plan.horizonEnd, deviceZone: input.deviceZone).count
        }
        let completedDue = input.rules.filter { !input.paused.contains($0.entity) }.reduce(0) { count, rule in
            count + rule.schedule.occurrences(after: input.now, before: plan.horizonEnd, deviceZone: input.deviceZone)
                .filter { input.satisfied.contains(EntityDay(rule.entity, device.local(for: $0.date).date)) }
                .count
        }
        #expect(plan.reminders.count + plan.cuts().count + completedDue == total, "\(context)")
    }
}
