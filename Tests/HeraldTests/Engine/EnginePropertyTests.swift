import Foundation
import HeraldSimulator
import HeraldTestSupport
import Testing
@testable import Herald

/// Properties of the engine and reconciler over random sequences of events.
@Suite struct EnginePropertyTests {
    /// A session: the device, the rules at launch, and the steps that follow.
    struct Scenario {
        var zone: TimeZone
        var start: Date
        var rules: [ReminderRule]
        var steps: [Step]
    }

    enum Step: CustomStringConvertible {
        case advance(TimeInterval)
        case complete(EntityReference)
        case pause(EntityReference)
        case resume(EntityReference)
        case delete(EntityReference)
        case edit(EntityReference, [ReminderRule])
        case failNextAdds(Int)

        var description: String {
            switch self {
            case .advance(let seconds): "advance \(Int(seconds))s"
            case .complete(let entity): "complete \(entity)"
            case .pause(let entity): "pause \(entity)"
            case .resume(let entity): "resume \(entity)"
            case .delete(let entity): "delete \(entity)"
            case .edit(let entity, let rules): "edit \(entity): \(rules.count) rules"
            case .failNextAdds(let count): "fail next \(count) adds"
            }
        }
    }

    @Test func randomEventSequencesKeepTheCenterConsistent() async {
        await PropertySeeds.check(count: 40) { seed in
            await play(scenario(seed: seed), context: "seed \(seed)")
        }
    }

    /// The same sessions with schedules that follow the user mixed in, planned by the engine.
    @Test func randomEventSequencesOfSchedulesThatFollowTheUserKeepTheCenterConsistent() async {
        await PropertySeeds.check(count: 40) { seed in
            var scenario = scenario(seed: seed)
            let today = ZoneConverter.for(scenario.zone).local(for: scenario.start).date
            scenario.rules = RandomRules.withKindsThatFollowTheUser(scenario.rules, near: today, seed: seed)
            scenario.steps = scenario.steps.enumerated().map { index, step in
                guard case .edit(let entity, let rules) = step else { return step }
                return .edit(entity, RandomRules.withKindsThatFollowTheUser(rules, near: today, seed: seed &+ UInt64(index)))
            }
            await play(scenario, context: "seed \(seed), following the user")
        }
    }

    /// The same session over scenarios PropertyBased's generators draw (``scenarios``),
    /// each failing one shrunk to the fewest rules and steps that still fail.
    @Test(.shrinking) func shrunkEventSequencesKeepTheCenterConsistent() async {
        await ShrinkingSeeds.check(count: 40, input: Self.scenarios) { scenario in
            await play(scenario, context: "the drawn scenario")
        }
    }

    /// The scenario of `seed`: the device, 1 to 30 rules of 6 entities, 12 steps.
    func scenario(seed: UInt64) -> Scenario {
        var random = SeededGenerator(seed: seed)
        let zone = RandomRules.zones.randomElement(using: &random)!
        let start = RandomRules.now(using: &random)
        let today = ZoneConverter.for(zone).local(for: start).date
        let rules = RandomRules.rules(count: Int.random(in: 1...30, using: &random), entities: 6, near: today, using: &random)
        let steps = (0..<12).map { _ -> Step in
            let entity = EntityReference(namespace: "habit", id: "e\(Int.random(in: 0..<6, using: &random))")
            return switch Int.random(in: 0...9, using: &random) {
            case 0...2: .advance(Double(Int.random(in: 60...172_800, using: &random)))
            case 3: .complete(entity)
            case 4: .pause(entity)
            case 5: .resume(entity)
            case 6: .delete(entity)
            case 7: .failNextAdds(Int.random(in: 1...3, using: &random))
            default: .edit(entity, RandomRules.rules(count: Int.random(in: 1...30, using: &random), entities: 6, near: today,
                                                     using: &random))
            }
        }
        return Scenario(zone: zone, start: start, rules: rules, steps: steps)
    }

    func play(_ scenario: Scenario, context: String) async {
        let device = RandomDevice(zone: scenario.zone, now: scenario.start)
        let (clock, center) = (device.clock, device.center)
        var rules = scenario.rules
        let source = TestReminderSource(rules)
        let store = InMemoryEngineStore()
        let engine = Engine(center: center, source: source, store: store, clock: clock)
        var deleted: Set<EntityReference> = []
        var paused: Set<EntityReference> = []
        await engine.reconcile(reason: .launch)

        for step in scenario.steps {
            var report: ReconcileReport?
            switch step {
            case .advance(let seconds):
                await center.advance(by: seconds)
                report = await engine.becameActive()
            case .complete(let entity):
                report = try? await engine.completed(entity)
            case .pause(let entity):
                paused.insert(entity)
                report = try? await engine.paused(entity)
            case .resume(let entity):
                paused.remove(entity)
                report = try? await engine.resumed(entity)
            case .delete(let entity):
                deleted.insert(entity)
                rules.removeAll { $0.entity == entity }
                source.set(rules)
                report = try? await engine.deleted([entity])
            case .edit(let entity, let newRules):
                rules = newRules.filter { !deleted.contains($0.entity) }
                source.set(rules)
                report = await engine.entityChanged(entity)
            case .failNextAdds(let count):
                await center.failNextAdds(count: count)
                report = await engine.reconcile(reason: .other("failures"))
            }

            let pending = await center.pendingNotificationRequests()
            let reminders = pending.compactMap(\.heraldIdentifier).filter { $0.kind == .reminder }
            #expect(reminders.count <= PlannerConfiguration().budget, "\(context) after \(step)")
            #expect(Set(pending.map(\.identifier)).count == pending.count, "\(context) after \(step)")
            #expect(await center.droppedRequests.isEmpty, "\(context) after \(step)")
            let gone = deleted.union(paused)
            #expect(reminders.allSatisfy { !gone.contains($0.entity) }, "\(context) after \(step)")
            let delivered = await center.deliveredNotifications().compactMap(\.request.heraldIdentifier)
            #expect(delivered.allSatisfy { !gone.contains($0.entity) }, "\(context) after \(step)")
            // The badge against a count made without the planner: what is delivered
            // today and still outstanding (the default policy).
            if report?.plan != nil {
                let expected = OutstandingOracle.count(delivered: await center.deliveredNotifications(), state: store.load(), rules: rules,
                                                       gone: gone, zone: clock.timeZone, now: clock.now)
                let badge = await center.badgeCount
                #expect(badge == expected, "\(context) after \(step): plan \(report?.plan?.appBadge as Any)")
            }

            // Reconciling again touches nothing once failed adds have been retried.
            await center.failNextAdds(count: 0)
            let again = await engine.becameActive()
            if report?.outcome.failedAdds.isEmpty ?? true {
                #expect(again.outcome.touched == 0, "\(context) after \(step)")
            }
            let settled = await engine.becameActive()
            #expect(settled.outcome.touched == 0, "\(context) after \(step)")
        }
    }
}
