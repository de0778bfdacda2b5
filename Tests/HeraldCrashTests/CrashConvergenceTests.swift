import HeraldTestSupport
import Foundation
import Testing

/// Convergence after a crash: a real child process, the app with
/// Herald on a SQLite file and the simulated system persisted beside it, is killed with
/// SIGKILL before a chosen step (a store commit or a center call) of a long scenario,
/// then relaunched in the same directory until it finishes. Whatever the kill point,
/// the result is the uninterrupted run's: the same plan, the same firings with none
/// twice, the same completions. Twice: with the app hearing every position, and with
/// it hearing only the entries into the waypoints it monitors (`--regions`), where a
/// crossing the app died before handling reaches the process started next, as the
/// system relaunches an app for a region event.
@Suite(.serialized, ThoroughRun.only)
struct CrashConvergenceTests {
    /// One crash experiment: kill before `first`, optionally again before `second`
    /// during the recovery, then run to the end.
    struct KillPlan: CustomStringConvertible {
        var first: Int
        var second: Int?
        var description: String { second.map { "kill at \(first), then at \($0) of the recovery" } ?? "kill at \(first)" }
    }

    /// What one experiment ended with, or why it did not end.
    struct Trial {
        var plan: KillPlan
        var kills: [String]
        var outcome: HarnessOutcome?
        var failure: String?
    }

    static let seed: UInt64 = 0x5EED_C4A5

    /// How the app hears positions, and how many kill points a run of it gets.
    struct Mode: Sendable {
        var regions: Bool
        /// Kill points drawn at random over the whole run.
        var randomPoints: Int
        /// For each kind of commit (and the app's own data commit): how many of its
        /// occurrences get a kill right after it, before the engine's next step, where an
        /// event is most likely cut in half.
        var pointsAfterEachKindOfCommit: Int
        var secondKills: Int
        /// The fewest kill points the plans must have.
        var leastPlans: Int

        static let positions = Mode(regions: false, randomPoints: 28, pointsAfterEachKindOfCommit: 2, secondKills: 8,
                                    leastPlans: 40)
        static let regions = Mode(regions: true, randomPoints: 12, pointsAfterEachKindOfCommit: 1, secondKills: 3,
                                  leastPlans: 20)
    }
    static let parallelProcesses = 2

    @Test func killsAtRandomStepsConvergeOnTheUninterruptedRun() async throws {
        try await check(.positions)
    }

    /// The same walks heard through region entries reach the same waypoints: each
    /// position of a walk is a crossing into the next waypoint's region (the walker sets
    /// off a leg before the first, and halfway positions are in none), so the counts
    /// below hold in both modes.
    @Test func inRegionsModeKillsAtRandomStepsConvergeOnTheUninterruptedWalk() async throws {
        try await check(.regions)
    }

    func check(_ mode: Mode) async throws {
        // Given an uninterrupted run of the scenario: the reference, its steps and count
        let (reference, traced) = try await makeReference(mode)
        let steps = reference.steps
        #expect(traced.count == steps, "the trace should list every step")
        try #require(steps > 100, "the scenario should take many steps, took \(steps)")
        #expect(reference.launches == 1)
        #expect(Self.duplicates(in: reference.deliveryLog).isEmpty, "the reference itself delivers twice")
        // Five walks: one changed one short of completion (its second route completes),
        // one stopped halfway: four completions, 5 × 3 + 2 × 4 (the second routes) + 2 spots.
        #expect(Self.routeFirings(reference.deliveryLog, rule: "completion").count == 4)
        #expect(Self.routeFirings(reference.deliveryLog, rule: "arrived").count == 25)
        // The pill's alarm: five evenings at 20:00 (Monday, Wednesday, Friday) and once
        // again after Monday's snooze; taken on Wednesday the 25th and Friday 3 April;
        // eight presses handed over (two Taken, five stops, one snooze), none left
        // untaken.
        #expect(reference.alarmFirings.count == 6 && reference.alarmFirings.filter { $0.hasSuffix(" again") }.count == 1,
                "alarm firings: \(reference.alarmFirings)")
        #expect(reference.completions.filter { $0.hasPrefix("habit/h13|") }.count == 2)
        #expect(reference.handoffs.filter { $0.hasPrefix("herald:reminder:habit:h13:") }.count == 8)
        #expect(reference.untakenPresses == 0)

        // When the app is killed at the first and last steps, right after commits of
        // every kind and at seeded random steps (some killed again while recovering),
        // and relaunched until it finishes
        let plans = Self.makeKillPlans(steps: steps, traced: traced, mode: mode)
        #expect(plans.count >= mode.leastPlans, "only \(plans.count) kill points")
        let trials = try await Self.run(plans, mode: mode)

        // Then every run ends exactly as the reference did
        #expect(trials.count == plans.count)
        for trial in trials {
            #expect(trial.failure == nil, "\(trial.plan): \(trial.failure ?? "")")
            guard let outcome = trial.outcome else { continue }
            let context = "\(trial.plan) [\(trial.kills.joined(separator: "; "))]"
            #expect(outcome.launches == trial.kills.count + 1, "\(context): launches")
            #expect(Self.duplicates(in: outcome.deliveryLog).isEmpty,
                    "\(context): delivered twice: \(Self.duplicates(in: outcome.deliveryLog))")
            // Never two completions of a route session, none lost.
            #expect(Self.routeFirings(outcome.deliveryLog, rule: "completion").map(\.identifier)
                        == Self.routeFirings(reference.deliveryLog, rule: "completion").map(\.identifier),
                    "\(context): route completions")
            for difference in Self.differences(outcome, from: reference) {
                Issue.record("\(context): \(difference)")
            }
        }
    }

    // MARK: Fixture

    func makeReference(_ mode: Mode) async throws -> (HarnessOutcome, [HarnessRun.TracedStep]) {
        let directory = try HarnessRun.makeDirectory("reference")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (exit, traced) = try await HarnessRun.traced(in: directory, regions: mode.regions)
        guard case .finished(let outcome) = exit else {
            throw CrashTestFailure(description: "the uninterrupted run did not finish: \(exit)")
        }
        return (outcome, traced)
    }

    /// Step 1, the last step, the step right after `pointsAfterEachKindOfCommit` seeded
    /// occurrences of each kind of commit, and `randomPoints` seeded random steps,
    /// sorted; `secondKills` of them, spread out, kill the recovery again.
    static func makeKillPlans(steps: Int, traced: [HarnessRun.TracedStep], mode: Mode) -> [KillPlan] {
        var random = SeededGenerator(seed: seed)
        var points: Set<Int> = [1, steps]
        let commits = Dictionary(grouping: traced.filter { $0.label.contains("commit") }, by: \.label)
        for label in commits.keys.sorted() {
            var occurrences = commits[label, default: []].map(\.number)
            occurrences.shuffle(using: &random)
            for number in occurrences.prefix(mode.pointsAfterEachKindOfCommit) where number < steps {
                points.insert(number + 1)
            }
        }
        let targeted = points.count
        while points.count < min(steps, targeted + mode.randomPoints) {
            points.insert(Int(random.next() % UInt64(steps)) + 1)
        }
        var plans = points.sorted().map { KillPlan(first: $0) }
        let stride = max(1, plans.count / (mode.secondKills + 1))
        for index in Swift.stride(from: stride / 2, to: plans.count, by: stride).prefix(mode.secondKills) {
            // The recovery replays the launch and the rest of the scenario.
            let remaining = max(1, steps - plans[index].first)
            plans[index].second = Int(random.next() % UInt64(remaining)) + 1
        }
        return plans
    }

    /// Runs the experiments, `parallelProcesses` at a time.
    static func run(_ plans: [KillPlan], mode: Mode) async throws -> [Trial] {
        try await withThrowingTaskGroup(of: Trial.self) { group in
            var trials: [Trial] = []
            var pending = plans.makeIterator()
            for _ in 0..<parallelProcesses {
                if let plan = pending.next() { group.addTask { try await trial(plan, mode: mode) } }
            }
            while let trial = try await group.next() {
                trials.append(trial)
                if let plan = pending.next() { group.addTask { try await Self.trial(plan, mode: mode) } }
            }
            return trials.sorted { $0.plan.first < $1.plan.first }
        }
    }

    static func trial(_ plan: KillPlan, mode: Mode) async throws -> Trial {
        let directory = try HarnessRun.makeDirectory("kill-\(plan.first)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var result = Trial(plan: plan, kills: [])

        // The first kill always lands: the run is deterministic up to it.
        switch try await HarnessRun.launch(in: directory, killAt: plan.first, regions: mode.regions) {
        case .killed(let message): result.kills.append(message)
        case let other:
            result.failure = "expected a death by SIGKILL before step \(plan.first), got: \(other)"
            return result
        }
        // A second kill lands only if the recovery gets that far.
        if let second = plan.second {
            switch try await HarnessRun.launch(in: directory, killAt: second, regions: mode.regions) {
            case .killed(let message): result.kills.append(message)
            case .finished(let outcome):
                result.outcome = outcome
                return result
            case let other:
                result.failure = "the first relaunch: \(other)"
                return result
            }
        }
        switch try await HarnessRun.launch(in: directory, regions: mode.regions) {
        case .finished(let outcome): result.outcome = outcome
        case let other: result.failure = "the last relaunch did not finish: \(other)"
        }
        return result
    }

    // MARK: Comparison

    /// The firings of route notifications of one rule (`spot`, `completion`).
    static func routeFirings(_ log: [HarnessOutcome.Firing], rule: String) -> [HarnessOutcome.Firing] {
        log.filter { $0.identifier.hasPrefix("herald:event:route:") && $0.identifier.split(separator: ":")[4] == rule }
    }

    static func duplicates(in log: [HarnessOutcome.Firing]) -> [HarnessOutcome.Firing] {
        var seen: Set<HarnessOutcome.Firing> = []
        return log.filter { !seen.insert($0).inserted }
    }

    /// Readable differences between a run and the reference: what only one of them has.
    static func differences(_ outcome: HarnessOutcome, from reference: HarnessOutcome) -> [String] {
        var differences: [String] = []
        func compare<T: Hashable & CustomStringConvertible>(_ name: String, _ mine: [T], _ theirs: [T]) {
            guard mine != theirs else { return }
            let missing = theirs.filter { !mine.contains($0) }
            let extra = mine.filter { !theirs.contains($0) }
            differences.append("\(name) differs from the uninterrupted run: missing \(missing.prefix(5).map(\.description)), "
                + "extra \(extra.prefix(5).map(\.description))"
                + (missing.isEmpty && extra.isEmpty ? " (same elements, other order or count)" : ""))
        }
        compare("plan (pending identifiers)", outcome.pending.map(\.identifier), reference.pending.map(\.identifier))
        let contents = Dictionary(reference.pending.map { ($0.identifier, $0.request) }, uniquingKeysWith: { $1 })
        for pending in outcome.pending where contents[pending.identifier].map({ $0 != pending.request }) == true {
            differences.append("pending \(pending.identifier) has other content or trigger: \(pending.request)")
        }
        compare("delivery log", outcome.deliveryLog, reference.deliveryLog)
        compare("delivered list", outcome.delivered, reference.delivered)
        compare("completions", outcome.completions, reference.completions)
        if outcome.badge != reference.badge {
            differences.append("badge \(outcome.badge), uninterrupted \(reference.badge)")
        }
        compare("alarms held", outcome.alarms, reference.alarms)
        compare("alarm firings", outcome.alarmFirings, reference.alarmFirings)
        if outcome.untakenPresses != 0 { differences.append("\(outcome.untakenPresses) alarm presses left untaken") }
        compare("fired log", outcome.fired, reference.fired)
        compare("responses handed to the app", outcome.handoffs, reference.handoffs)
        return differences
    }
}

struct CrashTestFailure: Error, CustomStringConvertible {
    var description: String
}

