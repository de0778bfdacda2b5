import Foundation
import HeraldSimulator
import HeraldTestSupport
import Testing
@testable import Herald

/// A run hands the planner only the delivered notifications whose verdict may have
/// changed, and what the settled ones count toward today's badge
/// (``SettledOutstanding``): the oracle is the same device driven by the same random
/// steps, with an engine whose ledger is forgotten before every step, so that each of
/// its runs judges the whole delivered list, as a fresh engine does. After every step
/// the two plans are equal in every field, and so are the two centers (delivered,
/// pending, badge): deliveries the user never clears, a route walked waypoint by
/// waypoint (a spot delivered at each), completions today and yesterday, pauses,
/// resumes, rule edits (which rules count toward the badge too), clears from anywhere
/// in the list, and days changing.
@Suite struct SettledOutstandingPropertyTests {
    @Test func theSettledPathPlansWhatTheWholeListPlans() async {
        await PropertySeeds.check(count: 30) { seed in
            let incremental = World(seed: seed, forgetsLedger: false)
            let whole = World(seed: seed, forgetsLedger: true)
            var random = SeededGenerator(seed: seed ^ 0x5EED)
            for index in 0..<24 {
                let step = Step.random(using: &random)
                let plan = await incremental.play(step)
                let expected = await whole.play(step)
                await expectSame(plan, expected, "seed \(seed), step \(index): \(step)")
                #expect(await incremental.snapshot() == whole.snapshot(), "seed \(seed), step \(index): \(step)")
            }
        }
    }

    /// The incremental engine's badge counts occurrences the settled ones hold once
    /// with the list's: a reminder and its follow-up, one settled and one new, count one.
    @Test func anOccurrenceCountedBySettledAndListedNotificationsCountsOnce() {
        let now = Fixtures.date("2026-11-21T12:00")
        let today = LocalDate(year: 2026, month: 11, day: 21)
        let rules = [Fixtures.dailyRule("water", at: ["09:00"]), Fixtures.dailyRule("run", at: ["10:00"])]
        let water = Fixtures.delivered("water", at: "2026-11-21T09:00")
        let original = water.request.heraldIdentifier!
        let followUp = NotificationIdentifier(entity: original.entity, rule: original.rule,
                                              occurrence: original.occurrence, kind: .followUp)
        let waterFollowUp = DeliveredNotification(
            request: NotificationRequest(identifier: followUp.description, content: NotificationContent(title: "water"),
                                         trigger: nil),
            date: Fixtures.date("2026-11-21T10:00"))
        var input = PlanningInput(now: now, deviceZone: Fixtures.berlin, rules: rules, delivered: [waterFollowUp])
        var settled = SettledOutstanding(day: today)
        settled.add(original)
        input.settledOutstanding = settled
        // One occurrence: the settled reminder and the listed follow-up stand for it.
        #expect(OutstandingNotifications(input).count(on: today) == 1)
        // With run's reminder listed too: two.
        input.delivered.append(Fixtures.delivered("run", at: "2026-11-21T10:00"))
        #expect(OutstandingNotifications(input).count(on: today) == 2)
        // Another day's settled occurrences do not count today: water's follow-up, run's reminder.
        input.settledOutstanding = SettledOutstanding(day: today.adding(days: -1))
        #expect(OutstandingNotifications(input).count(on: today) == 2)
        // Settled alone: water's one occurrence, counted once though two notifications hold it.
        settled.add(original)
        input.settledOutstanding = settled
        input.delivered = []
        #expect(OutstandingNotifications(input).count(on: today) == 1)
        settled.remove(original)
        #expect(settled.count == 1)
        settled.remove(original)
        #expect(settled.count == 0)
    }

    enum Step: CustomStringConvertible {
        case advance(TimeInterval), complete(Int, yesterday: Bool), pause(Int), resume(Int), editRules(UInt64)
        case clear(UInt64), startRoute(Int), walk, stopRoute

        static func random(using random: inout SeededGenerator) -> Step {
            let entity = Int.random(in: 0..<4, using: &random)
            switch Int.random(in: 0...13, using: &random) {
            case 0...2: return .advance(Double(Int.random(in: 60...129_600, using: &random)))
            case 3: return .complete(entity, yesterday: Bool.random(using: &random))
            case 4: return .pause(entity)
            case 5: return .resume(entity)
            case 6: return .editRules(random.next())
            case 7: return .clear(random.next())
            case 8: return .startRoute(Int.random(in: 2...12, using: &random))
            case 9: return .stopRoute
            default: return .walk
            }
        }

        var description: String {
            switch self {
            case .advance(let seconds): "advance \(Int(seconds)) s"
            case .complete(let entity, let yesterday): "complete e\(entity)\(yesterday ? " yesterday" : "")"
            case .pause(let entity): "pause e\(entity)"
            case .resume(let entity): "resume e\(entity)"
            case .editRules: "edit rules"
            case .clear: "clear some"
            case .startRoute(let count): "start a route of \(count)"
            case .walk: "walk to the next waypoint"
            case .stopRoute: "stop the route"
            }
        }
    }

    /// What the user sees of a center.
    struct Snapshot: Equatable {
        var delivered: [String]
        var pending: [String]
        var badge: Int
    }

    /// One device, its engine and the route walked on it.
    final class World: @unchecked Sendable {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let source: TestReminderSource
        let engine: Engine
        let forgetsLedger: Bool
        let today: LocalDate
        var rules: [ReminderRule]
        var nextWaypoint = 0
        var routes = 0

        init(seed: UInt64, forgetsLedger: Bool) {
            var random = SeededGenerator(seed: seed)
            let device = RandomDevice(using: &random)
            (clock, center, today) = (device.clock, device.center, device.today)
            rules = RandomRules.rules(count: Int.random(in: 1...20, using: &random), entities: 4, near: device.today,
                                      using: &random)
            source = TestReminderSource(rules)
            engine = Engine(center: center, source: source, clock: clock)
            self.forgetsLedger = forgetsLedger
        }

        func entity(_ index: Int) -> EntityReference { EntityReference(namespace: "habit", id: "e\(index)") }

        /// Plays a step; the plan of its run.
        func play(_ step: Step) async -> Plan? {
            if forgetsLedger { await engine.forgetDeliveredLedger() }
            let day = ZoneConverter.for(clock.timeZone).local(for: clock.now).date
            let report: ReconcileReport?
            switch step {
            case .advance(let seconds):
                await center.advance(by: seconds)
                report = await engine.timeChanged(.dayChanged)
            case .complete(let index, let yesterday):
                report = try? await engine.completed(entity(index), on: yesterday ? day.adding(days: -1) : day)
            case .pause(let index):
                report = try? await engine.paused(entity(index))
            case .resume(let index):
                report = try? await engine.resumed(entity(index))
            case .editRules(let seed):
                var generator = SeededGenerator(seed: seed)
                rules = RandomRules.rules(count: Int.random(in: 1...20, using: &generator), entities: 4, near: today,
                                          using: &generator)
                source.set(rules)
                report = await engine.entityChanged(entity(0))
            case .clear(let seed):
                var generator = SeededGenerator(seed: seed)
                let all = await center.deliveredNotifications().map(\.request.identifier)
                let cleared = all.filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
                await center.removeDeliveredNotifications(withIdentifiers: cleared)
                report = await engine.becameActive()
            case .startRoute(let count):
                routes += 1
                nextWaypoint = 0
                let waypoints = (0..<count).map { index in
                    Waypoint(id: "spot-\(index)", name: "Spot \(index)",
                             coordinate: Coordinate(latitude: 0, longitude: 0.001 * Double(index)))
                }
                let route = try! RouteSession(id: "walk-\(routes)", name: "Walk \(routes)", waypoints: waypoints,
                                              proximityThreshold: 20)
                report = try? await engine.startRoute(route)
            case .walk:
                await center.advance(by: 5)
                _ = try? await engine.positionChanged(Coordinate(latitude: 0, longitude: 0.001 * Double(nextWaypoint)))
                nextWaypoint += 1
                await center.advance(by: 0)
                if forgetsLedger { await engine.forgetDeliveredLedger() }
                report = await engine.becameActive()
            case .stopRoute:
                report = try? await engine.stopRoute()
            }
            return report?.plan
        }

        func snapshot() async -> Snapshot {
            Snapshot(delivered: await center.deliveredNotifications().map(\.request.identifier),
                     pending: await center.pendingNotificationRequests().map(\.identifier).sorted(),
                     badge: await center.badgeCount)
        }
    }

    func expectSame(_ plan: Plan?, _ expected: Plan?, _ comment: String) async {
        guard let plan, let expected else {
            #expect((plan == nil) == (expected == nil), "\(comment)")
            return
        }
        #expect(plan.reminders == expected.reminders, "\(comment)")
        #expect(plan.snoozes == expected.snoozes, "\(comment)")
        #expect(plan.followUps == expected.followUps, "\(comment)")
        #expect(plan.events == expected.events, "\(comment)")
        #expect(plan.displaced == expected.displaced, "\(comment)")
        #expect(plan.staleDelivered == expected.staleDelivered, "\(comment)")
        #expect(plan.capacity == expected.capacity, "\(comment)")
        #expect(plan.coverageHorizon == expected.coverageHorizon, "\(comment)")
        #expect(plan.horizonEnd == expected.horizonEnd, "\(comment)")
        #expect(plan.guaranteedCoverage == expected.guaranteedCoverage, "\(comment)")
        #expect(plan.refreshDeadline == expected.refreshDeadline, "\(comment)")
        #expect(plan.skipped == expected.skipped, "\(comment)")
        #expect(plan.pausedEntities == expected.pausedEntities, "\(comment)")
        #expect(plan.appBadge == expected.appBadge, "\(comment)")
        #expect(plan.locationReminders == expected.locationReminders, "\(comment)")
        #expect(plan.regions == expected.regions, "\(comment)")
        #expect(plan.eventBadges == expected.eventBadges, "\(comment)")
        #expect(plan.repeating == expected.repeating, "\(comment)")
    }
}

extension Engine {
    /// Forgets what the delivered ledger knows: the next run judges the whole list.
    func forgetDeliveredLedger() {
        memory.deliveredLedger = DeliveredLedger()
    }
}
