import Foundation
import HeraldSimulator
import HeraldTestSupport
import Testing
@testable import Herald

/// Random sequences of deliveries, responses, actions, relaunches and entity changes:
/// no response is lost or handed over twice, nothing of a deleted or paused entity is
/// left, and after every event the badge equals the outstanding count.
@Suite struct ResponsePropertyTests {
    static let category = ReminderCategory(
        identifier: "habit.reminder",
        actions: [.complete("done", title: "Done"), .snooze("snooze", title: "Snooze", for: 600),
                  .remindTomorrow("tomorrow", title: "Tomorrow"), .custom("share", title: "Share")],
        reportsDismissal: true)

    @Test func randomSessionsKeepEveryPromise() async {
        await PropertySeeds.check(count: 40) { seed in
            await check(seed: seed)
        }
    }

    func check(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let device = RandomDevice(using: &random)
        let (zone, clock, center, today) = (device.zone, device.clock, device.center, device.today)
        let store = InMemoryEngineStore()
        // A follow-up is a nag of 1 to 4 times, drawn from a generator of its own so the
        // session's draws stay as they were before nags: responses reach every repeat.
        var nagRandom = SeededGenerator(seed: seed ^ 0x6E61_6721)
        var rules = (0..<6).map { index in
            var rule = try! ReminderRule(entity: EntityReference(namespace: "habit", id: "e\(index)"), id: "r",
                                    schedule: RandomRules.schedule(near: today, using: &random))
            if Bool.random(using: &random) {
                let every = Double(Int.random(in: 5...90, using: &random) * 60)
                rule = try! rule.nagging(every: every, times: Int.random(in: 1...4, using: &nagRandom))
            }
            return rule
        }
        let source = TestReminderSource(rules, categoryIdentifier: "habit.reminder")
        let registry = try! CategoryRegistry([Self.category])
        func makeEngine() -> Engine {
            Engine(center: center, source: source, store: store, clock: clock, categories: registry)
        }
        var engine = makeEngine()
        var responder = RecordingResponder()
        var allRoutes: [ResponseHandoff] = []
        var sent: Set<String> = []
        var gone: Set<EntityReference> = []
        await engine.launched()

        for _ in 0..<20 {
            var report: ReconcileReport?
            switch Int.random(in: 0...9, using: &random) {
            case 0...2:
                await center.advance(by: Double(Int.random(in: 60...43_200, using: &random)))
            case 3...5:
                let delivered = await center.deliveredNotifications()
                guard let notification = delivered.randomElement(using: &random) else { continue }
                let action = [NotificationResponse.defaultActionIdentifier, NotificationResponse.dismissActionIdentifier,
                              "done", "snooze", "tomorrow", "share"].randomElement(using: &random)!
                let response = NotificationResponse(notification: notification, actionIdentifier: action)
                sent.insert(response.responseID)
                report = await engine.received(response)
                // The platform repeats itself.
                if Bool.random(using: &random) { report = await engine.received(response) }
            case 6:
                if await !engine.isAppReady { await engine.ready(responder) }
            case 7:
                // The process dies and starts again; the store and the system survive.
                allRoutes += responder.routes
                engine = makeEngine()
                responder = RecordingResponder()
                report = await engine.launched()
            case 8:
                // Every rule may be gone already.
                guard let entity = rules.randomElement(using: &random)?.entity else { continue }
                gone.insert(entity)
                rules.removeAll { $0.entity == entity }
                source.set(rules)
                report = try? await engine.deleted([entity])
            default:
                let entity = rules.randomElement(using: &random)?.entity ?? EntityReference(namespace: "habit", id: "e0")
                gone.insert(entity)
                report = try? await engine.paused(entity)
            }

            let pending = await center.pendingNotificationRequests().compactMap(\.heraldIdentifier)
            #expect(pending.allSatisfy { !gone.contains($0.entity) }, "seed \(seed)")
            let delivered = await center.deliveredNotifications().compactMap(\.request.heraldIdentifier)
            #expect(delivered.allSatisfy { !gone.contains($0.entity) }, "seed \(seed)")
            if let report, report.plan != nil {
                #expect(await center.badgeCount == outstanding(center: center, store: store, zone: zone, now: clock.now,
                                                               gone: gone, rules: rules),
                        "seed \(seed)")
            }
        }

        // Finally the app is ready: every response sent was handed over exactly once.
        await engine.ready(responder)
        allRoutes += responder.routes
        let routed = allRoutes.map { NotificationResponse(notification: $0.notification, actionIdentifier: $0.actionIdentifier).responseID }
        #expect(routed.count == Set(routed).count, "seed \(seed): a response was handed over twice")
        #expect(Set(routed) == sent, "seed \(seed): a response was lost")
    }

    func outstanding(center: SimulatedNotificationCenter, store: InMemoryEngineStore, zone: TimeZone, now: Date,
                     gone: Set<EntityReference>, rules: [ReminderRule]) async -> Int {
        OutstandingOracle.count(delivered: await center.deliveredNotifications(), state: store.load(), rules: rules,
                                gone: gone, zone: zone, now: now)
    }
}
