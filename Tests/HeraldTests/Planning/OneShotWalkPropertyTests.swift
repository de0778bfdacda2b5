import Foundation
import HeraldSimulator
import HeraldTestSupport
import Testing
@testable import Herald

/// A plan that replays the last plan's walk (``Planner/OneShotWalk``) is the full
/// planner's plan, whatever changed in between; the oracle is ``Planner/plan(_:)``,
/// which walks every time. Over random whole states (delivered notifications, snoozes,
/// the fired log, posted events, requests that are not Herald's, paused entities,
/// several zones, rules that count toward no badge), each planned after a random
/// earlier state of the same device: days done added or taken away, snoozes, the
/// fired log and the delivered list changed, sometimes the instant, the zone, the
/// paused entities, the rules or the room changed too.
@Suite struct OneShotWalkPropertyTests {
    /// Everything a plan says, to compare two plans field by field.
    struct Fingerprint: Equatable {
        var reminders, snoozes, followUps, displaced, repeating, located: [PlannedReminder]
        var events: [PostedEvent]
        var eventBadges: [NotificationIdentifier: Int]
        var staleDelivered: [String]
        var capacity: Int
        var coverageHorizon, horizonEnd: Date
        var guaranteedCoverage: GuaranteedCoverage
        var refreshDeadline: Date?
        var skipped: [PlanSkip]
        var pausedEntities: [EntityReference]
        var appBadge: Int?
        var cuts: [PlanCut]

        init(_ plan: Plan) {
            reminders = plan.reminders
            snoozes = plan.snoozes
            followUps = plan.followUps
            displaced = plan.displaced
            repeating = plan.repeating
            located = plan.locationReminders
            events = plan.events
            eventBadges = plan.eventBadges
            staleDelivered = plan.staleDelivered
            capacity = plan.capacity
            coverageHorizon = plan.coverageHorizon
            horizonEnd = plan.horizonEnd
            guaranteedCoverage = plan.guaranteedCoverage
            refreshDeadline = plan.refreshDeadline
            skipped = plan.skipped
            pausedEntities = plan.pausedEntities
            appBadge = plan.appBadge
            cuts = plan.cuts()
        }
    }

    @Test func aReplayedWalkPlansWhatTheFullPlannerPlans() async {
        var replayed = 0
        await PropertySeeds.check(count: 300) { seed in
            var random = SeededGenerator(seed: seed ^ 0x5851_F42D_4C95_7F2D)
            let testCase = PlannerWholeStatePropertyTests().makeCase(seed: seed)
            var configuration = testCase.configuration
            if Bool.random(using: &random) { configuration.repeatingTriggers = .never }
            let planner = Planner(configuration: configuration)
            let after = testCase.input
            let before = earlierState(of: after, using: &random)
            var walk: Planner.OneShotWalk?
            for input in [before, after, before] {
                let replays = walk?.replays ?? 0
                let plan = planner.plan(input, walk: &walk)
                #expect(Fingerprint(plan) == Fingerprint(planner.plan(input)), "seed \(seed)")
                if (walk?.replays ?? 0) > replays { replayed += 1 }
            }
        }
        // Not dead code: most states change only what the walk replays.
        #expect(replayed >= PropertySeeds.listed(300) / 2,
                "replayed \(replayed) of \(2 * PropertySeeds.listed(300)) plans")
    }

    /// Along a random sequence of events on one device (days done and undone, snoozes,
    /// firings with their deliveries, the list cleared, answers, posted events, pauses
    /// and resumptions, deletions, other apps' requests, the zone, a few seconds or hours
    /// passing), each plan with the walk kept from the plan before equals the full
    /// planner's plan of the same input, in every field.
    @Test func everyPlanOfARandomSequenceIsTheFullPlannersPlan() async {
        var replayed = 0
        await PropertySeeds.check(count: 200) { seed in
            var random = SeededGenerator(seed: seed ^ 0x2545_F491_4F6C_DD1D)
            let testCase = PlannerWholeStatePropertyTests().makeCase(seed: seed)
            var configuration = testCase.configuration
            if Int.random(in: 0...3, using: &random) != 0 { configuration.repeatingTriggers = .never }
            let planner = Planner(configuration: configuration)
            var input = testCase.input
            var walk: Planner.OneShotWalk?
            var plan = planner.plan(input, walk: &walk)
            for index in 0..<12 {
                let step = nextEvent(after: plan, on: &input, using: &random)
                let replays = walk?.replays ?? 0
                plan = planner.plan(input, walk: &walk)
                #expect(Fingerprint(plan) == Fingerprint(planner.plan(input)), "seed \(seed), step \(index): \(step)")
                if (walk?.replays ?? 0) > replays { replayed += 1 }
            }
        }
        // Not dead code: most events change only what the walk replays.
        #expect(replayed >= PropertySeeds.listed(200) * 3, "replayed \(replayed) of \(12 * PropertySeeds.listed(200)) plans")
    }

    /// Applies a random event to `input`, the device's state after `plan`; what it was.
    func nextEvent(after plan: Plan, on input: inout PlanningInput, using random: inout SeededGenerator) -> String {
        let today = ZoneConverter.for(input.deviceZone).local(for: input.now).date
        let entities = Array(Set(input.rules.map(\.entity))).sorted { $0.description < $1.description }
        let entity = entities.randomElement(using: &random) ?? EntityReference(namespace: "habit", id: "none")
        let planned = plan.reminders.randomElement(using: &random)?.identifier
        switch Int.random(in: 0...13, using: &random) {
        case 0, 1:
            input.satisfied.insert(EntityDay(entity, today.adding(days: Int.random(in: -1...1, using: &random))))
            return "\(entity) done"
        case 2:
            guard let day = input.satisfied.randomElement(using: &random) else { return "nothing to undo" }
            input.satisfied.remove(day)
            return "\(day.entity) undone"
        case 3:
            guard let planned else { return "nothing to snooze" }
            input.snoozes.append(SnoozeRecord(original: planned, until: input.now.addingTimeInterval(
                Double(Int.random(in: 60...86_400, using: &random)))))
            return "\(planned) snoozed"
        case 4:
            guard let planned else { return "nothing to fire" }
            input.fired.append(FiredRecord(identifier: planned, date: input.now))
            input.delivered.append(PlannerWholeStatePropertyTests.delivered(planned.description, at: input.now))
            return "\(planned) fired"
        case 5:
            input.delivered = input.delivered.filter { _ in Bool.random(using: &random) }
            return "the list cleared in part"
        case 6:
            guard let original = input.delivered.randomElement(using: &random)?.request.heraldIdentifier else {
                return "nothing to answer"
            }
            input.acknowledged[original] = input.acknowledged[original] ?? input.now
            return "\(original) answered"
        case 7:
            let identifier = NotificationIdentifier(entity: entity, rule: "post",
                                                    occurrence: OccurrenceKey(rawValue: "s\(input.postedEvents.count)"), kind: .event)
            input.postedEvents.append(PostedEvent(identifier: identifier, content: NotificationContent(title: "Event"),
                                                  fireDate: input.now.addingTimeInterval(Double(Int.random(in: 0...86_400, using: &random))),
                                                  postedAt: input.now))
            return "event posted for \(entity)"
        case 8:
            if input.paused.remove(entity) == nil { input.paused.insert(entity) }
            return "\(entity) paused or resumed"
        case 9:
            input.rules.removeAll { $0.entity == entity }
            input.deletions[entity] = input.now
            return "\(entity) deleted"
        case 10:
            input.foreignRequests = Int.random(in: 0...40, using: &random)
            return "\(input.foreignRequests) requests not Herald's"
        case 11:
            input.deviceZone = RandomRules.zones.randomElement(using: &random)!
            return "zone \(input.deviceZone.identifier)"
        case 12:
            input.now = input.now.addingTimeInterval(Double(Int.random(in: 1...7_200, using: &random)))
            return "later"
        default:
            input.now = input.now.addingTimeInterval(Double(Int.random(in: 1...60, using: &random)))
            return "a few seconds later"
        }
    }

    /// A state of the same device before `input`: usually only what an event changes
    /// (days done, snoozes, the fired log, the delivered list), sometimes more.
    func earlierState(of input: PlanningInput, using random: inout SeededGenerator) -> PlanningInput {
        var earlier = input
        earlier.satisfied = earlier.satisfied.filter { _ in Int.random(in: 0...2, using: &random) != 0 }
        if Bool.random(using: &random), let rule = input.rules.randomElement(using: &random) {
            // A day done then, not now (the user undid it): more is due now.
            let day = ZoneConverter.for(input.deviceZone).local(for: input.now).date
            earlier.satisfied.insert(EntityDay(rule.entity, day.adding(days: Int.random(in: 0...2, using: &random))))
        }
        earlier.snoozes = earlier.snoozes.filter { _ in Bool.random(using: &random) }
        earlier.fired = earlier.fired.filter { _ in Int.random(in: 0...3, using: &random) != 0 }
        earlier.delivered = earlier.delivered.filter { _ in Bool.random(using: &random) }
        switch Int.random(in: 0...9, using: &random) {
        case 0: earlier.now = input.now.addingTimeInterval(-Double(Int.random(in: 1...7_200, using: &random)))
        case 1: earlier.paused = input.paused.isEmpty ? Set(input.rules.prefix(1).map(\.entity)) : []
        case 2: earlier.rules = Array(input.rules.dropLast())
        case 3: earlier.foreignRequests = input.foreignRequests + Int.random(in: 1...30, using: &random)
        case 4: earlier.deviceZone = TimeZone(identifier: "Pacific/Auckland")!
        default: break
        }
        return earlier
    }

    /// The benchmark's case (`Reconciling`): 20 habits with reminders at 09:xx and
    /// 19:xx, planned at 10:00, then one completed at 10:05 (nothing fired in between).
    /// The completion's plan replays the launch's walk, and the center then holds what
    /// the full planner plans: 19:07 goes,
    /// 19:08 to 19:19 are numbered one lower (12 requests), and the room freed takes
    /// tomorrow's 19:14, the 55th occurrence: 14 requests touched.
    @Test func aCompletionReplaysTheLastWalk() async throws {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let start = Date(timeIntervalSince1970: 1_795_251_600)  // 2026-11-21T10:00 in Berlin
        let clock = VirtualClock(now: start, timeZone: zone)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let rules = try (0..<20).map { index in
            try ReminderRule(entity: EntityReference(namespace: "habit", id: "h\(index)"), id: "daily",
                             schedule: .daily(at: [LocalTime(hour: 9, minute: index), LocalTime(hour: 19, minute: index)]))
        }
        let engine = Engine(center: center, source: TestReminderSource(rules), clock: clock)
        await engine.launched()
        #expect(await engine.lastWalkReplays() == 0)
        let habit = EntityReference(namespace: "habit", id: "h7")
        let later = start.addingTimeInterval(300)
        #expect(await center.advance(to: later).isEmpty)
        let report = try await engine.completed(habit)
        #expect(await engine.lastWalkReplays() == 1)
        #expect(report.outcome.removed == 1)
        #expect(report.outcome.added == 13)
        let pending = await center.pendingNotificationRequests()
        let expected = Planner().plan(PlanningInput(
            now: later, deviceZone: zone, rules: rules,
            satisfied: [EntityDay(habit, LocalDate(year: 2026, month: 11, day: 21))]))
        #expect(pending.map(\.identifier) == expected.reminders.map(\.identifier.description))
        #expect(pending.map(\.content.badge) == expected.reminders.map(\.badge))
        #expect(expected.reminders.last?.identifier.description.contains("h14") == true)
    }
}

extension Engine {
    /// How many times the last plan's walk was replayed (``RunMemory/oneShotWalk``).
    func lastWalkReplays() -> Int? {
        memory.oneShotWalk?.replays
    }
}
