import Foundation
import HeraldSimulator
import HeraldTestSupport
import Testing
@testable import Herald

/// The engine plans from the part of the delivered list that may have changed (its
/// ``DeliveredLedger``); the oracle is the planner on the whole list, as every run
/// planned before: over random sequences of deliveries the user never clears,
/// completions (today and yesterday), pauses, deletions, rule edits, zone changes and
/// removals from the list, both give the same plan.
@Suite struct DeliveredLedgerPropertyTests {
    /// The seed that found floating rules missing from the signatures.
    @Test func aRuleEditThatDropsAFloatingRule() async {
        await check(seed: 11_135_250_094_095_555_961)
    }

    @Test func aPlanFromTheLedgerEqualsOneFromTheWholeList() async {
        await PropertySeeds.check(count: 40) { seed in
            await check(seed: seed)
        }
    }

    func check(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let device = RandomDevice(using: &random)
        let (clock, center, today) = (device.clock, device.center, device.today)
        var rules = RandomRules.rules(count: Int.random(in: 1...20, using: &random), entities: 5, near: today, using: &random)
        let source = TestReminderSource(rules)
        let store = InMemoryEngineStore()
        let engine = Engine(center: center, source: source, store: store, clock: clock)
        await engine.reconcile(reason: .launch)

        for _ in 0..<16 {
            let entity = EntityReference(namespace: "habit", id: "e\(Int.random(in: 0..<5, using: &random))")
            let day = ZoneConverter.for(clock.timeZone).local(for: clock.now).date
            let delivered: [DeliveredNotification]
            let report: ReconcileReport?
            let step: String
            switch Int.random(in: 0...11, using: &random) {
            case 0...3:
                // Never more than a day and a half at once: what the run records stays
                // inside the two days it reads, as the oracle assumes.
                let seconds = Double(Int.random(in: 60...129_600, using: &random))
                step = "advance \(Int(seconds)) s"
                await center.advance(by: seconds)
                delivered = await center.deliveredNotifications()
                report = await engine.reconcile(reason: .timeChanged(.dayChanged))
            case 4:
                let yesterday = Bool.random(using: &random)
                step = "complete \(entity)\(yesterday ? " yesterday" : "")"
                delivered = await center.deliveredNotifications()
                report = try? await engine.completed(entity, on: yesterday ? day.adding(days: -1) : day)
            case 5:
                step = "pause \(entity)"
                delivered = await center.deliveredNotifications()
                report = try? await engine.paused(entity)
            case 6:
                step = "resume \(entity)"
                delivered = await center.deliveredNotifications()
                report = try? await engine.resumed(entity)
            case 7:
                step = "delete \(entity)"
                rules.removeAll { $0.entity == entity }
                source.set(rules)
                delivered = await center.deliveredNotifications()
                report = try? await engine.deleted([entity])
            case 8:
                step = "edit rules"
                rules = RandomRules.rules(count: Int.random(in: 1...20, using: &random), entities: 5, near: today, using: &random)
                source.set(rules)
                delivered = await center.deliveredNotifications()
                report = await engine.entityChanged(entity)
            case 9:
                let zone = RandomRules.zones.randomElement(using: &random)!
                step = "zone \(zone.identifier)"
                await center.setTimeZone(zone)
                delivered = await center.deliveredNotifications()
                report = await engine.timeChanged(.timeZoneChanged)
            default:
                // The user clears a few from anywhere in the list.
                let all = await center.deliveredNotifications().map(\.request.identifier)
                let cleared = all.filter { _ in Int.random(in: 0..<4, using: &random) == 0 }
                step = "clear \(cleared.count) of \(all.count)"
                await center.removeDeliveredNotifications(withIdentifiers: cleared)
                delivered = await center.deliveredNotifications()
                report = await engine.becameActive()
            }
            guard let plan = report?.plan else { continue }

            let oracle = try! wholeListPlan(delivered: delivered, rules: rules, store: store, clock: clock,
                                             capacity: center.capacity)
            #expect(plan.staleDelivered == oracle.staleDelivered, "seed \(seed) after \(step)")
            #expect(plan.appBadge == oracle.appBadge, "seed \(seed) after \(step)")
            #expect(plan.requests.map(\.identifier) == oracle.requests.map(\.identifier), "seed \(seed) after \(step)")
            #expect(plan.requests.map(\.badge) == oracle.requests.map(\.badge), "seed \(seed) after \(step)")
        }
    }

    /// The plan of the run that just ended, made from the whole delivered list it saw
    /// and the state it read (the last two days; nothing else was committed since).
    func wholeListPlan(delivered: [DeliveredNotification], rules: [ReminderRule], store: InMemoryEngineStore,
                       clock: VirtualClock, capacity: Int) throws -> Plan {
        let now = clock.now
        let recent = now.addingTimeInterval(-Engine.historyWindow)
        let state = store.load(since: recent)
        let input = PlanningInput(
            now: now, deviceZone: clock.timeZone, rules: rules,
            satisfied: state.satisfiedDays, paused: state.paused, delivered: delivered,
            snoozes: Array(state.snoozes.values), acknowledged: state.acknowledged,
            fired: state.fired.values.filter { $0.date > recent }, postedEvents: Array(state.postedEvents.values),
            deletions: state.deletions, capacity: capacity, foreignRequests: 0)
        return Planner(configuration: PlannerConfiguration()).plan(input)
    }
}
