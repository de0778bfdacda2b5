import Foundation
import HeraldSimulator
import HeraldTestSupport
import Testing
@testable import Herald

/// A run builds again only the requests whose reminder or content changed, and reads
/// back the identifiers it built (``BuiltRequests``); the oracle is an engine made
/// afresh for every event, which keeps nothing between runs, on its own center, store
/// and source given the same events. Over random sequences (time passing with
/// deliveries, completions today and yesterday, pauses, resumptions, deletions, rule
/// edits, content that changes or fails without an event, snoozes, posted events,
/// requests that are not Herald's, zone and authorization changes, failed adds, the
/// user clearing the list) both centers hold the same pending requests, delivered
/// notifications and badge, and both runs touch as many requests.
@Suite struct BuiltRequestsPropertyTests {
    @Test func anEngineThatKeepsItsRequestsMatchesOneMadeAfreshForEachEvent() async {
        await PropertySeeds.check(count: 30) { seed in
            await check(seed: seed)
        }
    }

    /// One device: its center, store and source.
    struct Side {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let store = InMemoryEngineStore()
        let source: TestReminderSource

        init(now: Date, zone: TimeZone, rules: [ReminderRule]) {
            clock = VirtualClock(now: now, timeZone: zone)
            center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
            source = TestReminderSource(rules)
        }

        func makeEngine() -> Engine {
            Engine(center: center, source: source, store: store, clock: clock)
        }
    }

    func check(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let device = RandomDevice(using: &random)
        var rules = RandomRules.rules(count: Int.random(in: 1...30, using: &random), entities: 6, near: device.today,
                                      using: &random)
        let kept = Side(now: device.clock.now, zone: device.zone, rules: rules)
        let fresh = Side(now: device.clock.now, zone: device.zone, rules: rules)
        let engine = kept.makeEngine()
        await engine.reconcile(reason: .launch)
        await fresh.makeEngine().reconcile(reason: .launch)

        for index in 0..<14 {
            let event = RandomEngineEvent(rules: &rules, near: device.today, using: &random)
            var step = ""
            var touched: [Int] = []
            for (side, sideEngine) in [(kept, engine), (fresh, fresh.makeEngine())] {
                let (report, text) = await play(event, rules: rules, on: side, engine: sideEngine, step: index)
                step = text
                touched.append(report?.outcome.touched ?? -1)
            }
            let context = Comment(rawValue: "seed \(seed), step \(index): \(step)")
            #expect(touched[0] == touched[1], context)
            let pending = await kept.center.pendingNotificationRequests().sorted { $0.identifier < $1.identifier }
            let expected = await fresh.center.pendingNotificationRequests().sorted { $0.identifier < $1.identifier }
            #expect(pending == expected, context)
            let delivered = await kept.center.deliveredNotifications()
            #expect(delivered == (await fresh.center.deliveredNotifications()), context)
            #expect(await kept.center.badgeCount == fresh.center.badgeCount, context)
        }
    }

    /// Plays one event on one side; returns the run's report and what the event was.
    func play(_ event: RandomEngineEvent, rules: [ReminderRule], on side: Side, engine: Engine, step: Int) async
        -> (ReconcileReport?, String) {
        let center = side.center
        let (number, entity, zone) = (event.number, event.entity, event.zone)
        switch event.choice {
        case 0...2:
            let seconds = Double(60 + number % 129_600)
            await center.advance(by: seconds)
            return (await engine.becameActive(), "advance \(Int(seconds)) s")
        case 3:
            let yesterday = number % 2 == 0
            let day = ZoneConverter.for(side.clock.timeZone).local(for: side.clock.now).date.adding(days: yesterday ? -1 : 0)
            return (try? await engine.completed(entity, on: day), "complete \(entity)\(yesterday ? " yesterday" : "")")
        case 4:
            return (try? await engine.paused(entity), "pause \(entity)")
        case 5:
            return (try? await engine.resumed(entity), "resume \(entity)")
        case 6:
            side.source.set(rules.filter { $0.entity != entity })
            return (try? await engine.deleted([entity]), "delete \(entity)")
        case 7:
            side.source.set(rules)
            return (await engine.entityChanged(entity), "edit rules (\(rules.count))")
        case 8:
            let title = [nil, "Water", "Run"][number % 3]
            side.source.setTitle(title)
            return (await engine.becameActive(), "content titled \(title ?? "by entity"), no event")
        case 9:
            let rule = rules.isEmpty || number % 3 == 0 ? nil : rules[number % rules.count].id
            side.source.failContent(for: rule)
            return (await engine.becameActive(), "content of \(rule.map { "\($0)" } ?? "none") fails")
        case 10:
            let reminders = await center.pendingNotificationRequests().compactMap(\.heraldIdentifier)
                .filter { $0.kind == .reminder }.sorted()
            guard !reminders.isEmpty else { return (nil, "nothing to snooze") }
            let original = reminders[number % reminders.count]
            let until = side.clock.now.addingTimeInterval(Double(300 + number % 7_200))
            side.store.commit([.snooze(SnoozeRecord(original: original, until: until))])
            return (await engine.becameActive(), "snooze \(original)")
        case 11:
            let posted = try! ImmediateEvent(entity: entity, name: "unlocked", token: "t\(number % 4)",
                                             content: NotificationContent(title: "Unlocked \(number % 4)"),
                                             delay: Double(number % 3 * 1_800))
            return (try? await engine.post(posted), "post \(posted.token) of \(entity)")
        case 12:
            try? await center.add(NotificationRequest(identifier: "another-sdk-\(step)", content: NotificationContent(title: "Other"),
                                                      trigger: .timeInterval(Double(600 + number % 86_400), repeats: false)))
            return (await engine.becameActive(), "a request that is not Herald's")
        case 13:
            _ = await center.setTimeZone(zone)
            return (await engine.timeChanged(.timeZoneChanged), "zone \(zone.identifier)")
        case 14:
            let status: AuthorizationStatus = [.authorized, .denied, .provisional][number % 3]
            await center.setAuthorizationStatus(status)
            return (await engine.becameActive(), "authorization \(status)")
        case 15:
            await center.failNextAdds(count: 1 + number % 3)
            return (await engine.becameActive(), "fail the next \(1 + number % 3) adds")
        default:
            let all = await center.deliveredNotifications().map(\.request.identifier)
            let cleared = all.enumerated().filter { ($0.offset + number) % 3 == 0 }.map(\.element)
            await center.removeDeliveredNotifications(withIdentifiers: cleared)
            return (await engine.becameActive(), "clear \(cleared.count) of \(all.count) delivered")
        }
    }
}
