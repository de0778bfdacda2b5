import Foundation
import HeraldSimulator
import HeraldTestSupport
import Testing
@testable import Herald

/// A run looks up in the fired log only the deliveries its process does not know are
/// recorded there (``RecordedDeliveries``); the oracle is an engine on a twin device
/// that forgets them before every event, so each run looks every delivery up. Over the
/// random events of ``BuiltRequestsPropertyTests`` (time passing with deliveries,
/// completions today and yesterday, pauses, resumptions, deletions, rule edits, content
/// that changes or fails, snoozes, posted events, requests that are not Herald's, zone
/// and authorization changes, failed adds, the user clearing the list) both centers
/// hold the same pending requests, delivered notifications and badge, and both stores
/// the same state (the fired log included).
@Suite struct RecordedDeliveriesPropertyTests {
    @Test func anEngineThatForgetsItsRecordedDeliveriesMatchesOneThatKeepsThem() async {
        var remembered = 0
        await PropertySeeds.check(count: 30) { seed in
            remembered += await check(seed: seed)
        }
        // Not dead code: the kept engine knew deliveries were recorded.
        #expect(remembered > 0)
    }

    /// Plays 14 random events on both devices; how many steps the kept engine started
    /// knowing a delivery was recorded.
    func check(seed: UInt64) async -> Int {
        var random = SeededGenerator(seed: seed)
        let device = RandomDevice(using: &random)
        var rules = RandomRules.rules(count: Int.random(in: 1...30, using: &random), entities: 6, near: device.today,
                                      using: &random)
        let keptSide = BuiltRequestsPropertyTests.Side(now: device.clock.now, zone: device.zone, rules: rules)
        let forgetfulSide = BuiltRequestsPropertyTests.Side(now: device.clock.now, zone: device.zone, rules: rules)
        let (kept, forgetful) = (keptSide.makeEngine(), forgetfulSide.makeEngine())
        await kept.reconcile(reason: .launch)
        await forgetful.reconcile(reason: .launch)
        var remembered = 0
        let harness = BuiltRequestsPropertyTests()
        for index in 0..<14 {
            let event = RandomEngineEvent(rules: &rules, near: device.today, using: &random)
            if await kept.knowsRecordedDeliveries() { remembered += 1 }
            await forgetful.forgetRecordedDeliveries()
            let (_, step) = await harness.play(event, rules: rules, on: keptSide, engine: kept, step: index)
            _ = await harness.play(event, rules: rules, on: forgetfulSide, engine: forgetful, step: index)
            let context = Comment(rawValue: "seed \(seed), step \(index): \(step)")
            let pending = await keptSide.center.pendingNotificationRequests().sorted { $0.identifier < $1.identifier }
            let expected = await forgetfulSide.center.pendingNotificationRequests().sorted { $0.identifier < $1.identifier }
            #expect(pending == expected, context)
            #expect(await keptSide.center.deliveredNotifications() == (await forgetfulSide.center.deliveredNotifications()),
                    context)
            #expect(await keptSide.center.badgeCount == forgetfulSide.center.badgeCount, context)
            #expect(keptSide.store.load() == forgetfulSide.store.load(), context)
        }
        return remembered
    }
}

extension Engine {
    /// Forgets which deliveries this process knows are recorded: the next run looks each up.
    func forgetRecordedDeliveries() {
        memory.recordedDeliveries = RecordedDeliveries()
    }

    /// Whether this process knows of deliveries recorded in the fired log.
    func knowsRecordedDeliveries() -> Bool {
        !memory.recordedDeliveries.isEmpty
    }
}
