import Foundation
import HeraldSimulator
import HeraldTestSupport
import Testing
@testable import Herald

/// Properties of the engine and reconciler over random sequences of events.
@Suite struct EnginePropertyTests {
    enum Step: CustomStringConvertible {
        case advance(TimeInterval)
        case complete(EntityReference)
        case pause(EntityReference)
        case resume(EntityReference)
        case delete(EntityReference)
        case edit([ReminderRule])
        case failNextAdds(Int)

        var description: String {
            switch self {
            case .advance(let seconds): "advance \(Int(seconds))s"
            case .complete(let entity): "complete \(entity)"
            case .pause(let entity): "pause \(entity)"
            case .resume(let entity): "resume \(entity)"
            case .delete(let entity): "delete \(entity)"
            case .edit(let rules): "edit \(rules.count) rules"
            case .failNextAdds(let count): "fail next \(count) adds"
            }
        }
    }

    @Test func randomEventSequencesKeepTheCenterConsistent() async {
        await PropertySeeds.check(count: 40) { seed in
            await check(seed: seed)
        }
    }

    func check(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let device = RandomDevice(using: &random)
        let (clock, center, today) = (device.clock, device.center, device.today)
        var rules = RandomRules.rules(count: Int.random(in: 1...30, using: &random), entities: 6, near: today, using: &random)
        let source = TestReminderSource(rules)
        let store = InMemoryEngineStore()
        let engine = Engine(center: center, source: source, store: store, clock: clock)
        var deleted: Set<EntityReference> = []
        var paused: Set<EntityReference> = []
        await engine.reconcile(reason: .launch)

        for _ in 0..<12 {
            let entity = EntityReference(namespace: "habit", id: "e\(Int.random(in: 0..<6, using: &random))")
            let step: Step = switch Int.random(in: 0...9, using: &random) {
            case 0...2: .advance(Double(Int.random(in: 60...172_800, using: &random)))
            case 3: .complete(entity)
            case 4: .pause(entity)
            case 5: .resume(entity)
            case 6: .delete(entity)
            case 7: .failNextAdds(Int.random(in: 1...3, using: &random))
            default: .edit(RandomRules.rules(count: Int.random(in: 1...30, using: &random), entities: 6, near: today, using: &random))
            }
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
            case .edit(let newRules):
                rules = newRules.filter { !deleted.contains($0.entity) }
                source.set(rules)
                report = await engine.entityChanged(entity)
            case .failNextAdds(let count):
                await center.failNextAdds(count: count)
                report = await engine.reconcile(reason: .other("failures"))
            }

            let pending = await center.pendingNotificationRequests()
            let reminders = pending.compactMap(\.heraldIdentifier).filter { $0.kind == .reminder }
            #expect(reminders.count <= PlannerConfiguration().budget, "seed \(seed) after \(step)")
            #expect(Set(pending.map(\.identifier)).count == pending.count, "seed \(seed) after \(step)")
            #expect(await center.droppedRequests.isEmpty, "seed \(seed) after \(step)")
            let gone = deleted.union(paused)
            #expect(reminders.allSatisfy { !gone.contains($0.entity) }, "seed \(seed) after \(step)")
            let delivered = await center.deliveredNotifications().compactMap(\.request.heraldIdentifier)
            #expect(delivered.allSatisfy { !gone.contains($0.entity) }, "seed \(seed) after \(step)")
            // The badge against a count made without the planner: what is delivered
            // today and still outstanding (the default policy).
            if report?.plan != nil {
                let expected = OutstandingOracle.count(delivered: await center.deliveredNotifications(), state: store.load(), rules: rules,
                                                       gone: gone, zone: clock.timeZone, now: clock.now)
                let badge = await center.badgeCount
                #expect(badge == expected, "seed \(seed) after \(step): plan \(report?.plan?.appBadge as Any)")
            }

            // Reconciling again touches nothing once failed adds have been retried.
            await center.failNextAdds(count: 0)
            let again = await engine.becameActive()
            if report?.outcome.failedAdds.isEmpty ?? true {
                #expect(again.outcome.touched == 0, "seed \(seed) after \(step)")
            }
            let settled = await engine.becameActive()
            #expect(settled.outcome.touched == 0, "seed \(seed) after \(step)")
        }
    }
}
