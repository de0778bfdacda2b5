import Foundation
import HeraldTestSupport
import Testing

/// Convergence of the user's devices after crashes: a household run (an iPhone, a Mac,
/// a Watch; `HouseholdScenario` in the harness) plays a day on one timeline, each step
/// one real process of the app on its device (its own SQLite store and simulated
/// system), the records between the devices in a channel folder they share, each
/// arriving after a latency. Apps are killed with SIGKILL at chosen steps of their
/// processes (store commits, center calls, the channel's send and the save of what
/// was heard) and relaunched at once; whatever the kills, every device ends the day
/// as it did in the uninterrupted run, the oracle: the same plan, the same deliveries
/// (none twice), the same delivered list and badge, the same completions, pauses,
/// answers, snoozes and days put off, the same responses handed to the app, and
/// nothing left unsent.
///
/// Every run, the uninterrupted one too, is also checked against what converging means
/// across the devices, worked out from the outcomes alone: every device knows the same
/// completions, pauses, answers, snoozes and put-off days, the same latest record of
/// each subject; none keeps a request pending for a day its entity was completed or for
/// a paused entity, nor a delivered copy of an occurrence answered after that copy came;
/// each badge counts the copies still listed.
@Suite(.serialized)
struct HouseholdCrashTests {
    /// The quick run's day: three acts of the user, one on each device, each sent and
    /// heard by the two others: the Watch's snooze of stand at 10:03, the Mac's "remind
    /// tomorrow" on water at 17:05, the iPhone's on stretch at 18:41.
    static let quickSeed: UInt64 = 2
    static let quickActs = 3

    /// The thorough run's days, each with the seed's own number of acts (8 to 14). A seed
    /// that ever fails stays listed.
    static let seeds: [UInt64] = [3, 5, 8, 13, 21, 34, 55, 89, 144, 233]
    /// In a thorough day's killed run: how many processes are killed at a step of the
    /// channel (a send, its marking, hearing, its save), and how many at any step.
    static let channelKillsPerRun = 6
    static let otherKillsPerRun = 6

    @Test func killedRightAfterSendingAndRightAfterHearingEveryDeviceEndsAsTheUninterruptedRun() async throws {
        // Given the uninterrupted day, traced
        let timeline = try await HouseholdRun.timeline(seed: Self.quickSeed, acts: Self.quickActs)
        let reference = try await HouseholdRun.play(timeline, acts: Self.quickActs, traced: true)
        try #require(reference.failure == nil, "the uninterrupted run: \(reference.failure ?? "")")
        Self.expectConverged(reference, devices: timeline.devices, context: "uninterrupted")

        // When each device's app is killed once right after its records went into the
        // channel (before they are marked sent: they are sent again) and once right after
        // its engine applied records heard (before they are saved as taken: they are heard
        // again), in one run
        let kills = Self.channelKills(of: reference, in: timeline)
        #expect(kills.count == 2 * timeline.devices.count, "kill points: \(kills)")
        let killed = try await HouseholdRun.play(timeline, acts: Self.quickActs, kills: kills)

        // Then every kill landed, and every device ends as in the uninterrupted run
        #expect(killed.failure == nil, "\(killed.failure ?? "")")
        #expect(killed.kills.count == kills.count && killed.missed.isEmpty,
                "kills \(killed.kills), missed \(killed.missed)")
        Self.expectSame(killed, as: reference, devices: timeline.devices, context: "quick day")
    }

    @Test(ThoroughRun.only) func killsAtRandomStepsOfEveryDeviceConvergeOnTheUninterruptedRun() async throws {
        let landed = try await withThrowingTaskGroup(of: Int.self) { group in
            var pending = Self.seeds.makeIterator()
            // Two days at a time, one process each: the machine's two cores.
            for _ in 0..<2 {
                if let seed = pending.next() { group.addTask { try await Self.checkDay(seed: seed) } }
            }
            var landed = 0
            while let count = try await group.next() {
                landed += count
                if let seed = pending.next() { group.addTask { try await Self.checkDay(seed: seed) } }
            }
            return landed
        }
        #expect(landed >= Self.seeds.count * (Self.channelKillsPerRun + Self.otherKillsPerRun) / 2,
                "only \(landed) kills landed")
    }

    /// One thorough day: the uninterrupted run, then a run killed at random steps in
    /// twelve of its processes, compared to it. Returns how many kills landed.
    static func checkDay(seed: UInt64) async throws -> Int {
        let timeline = try await HouseholdRun.timeline(seed: seed)
        let reference = try await HouseholdRun.play(timeline, acts: nil, traced: true)
        guard reference.failure == nil else {
            Issue.record("seed \(seed): the uninterrupted run: \(reference.failure ?? "")")
            return 0
        }
        expectConverged(reference, devices: timeline.devices, context: "seed \(seed) uninterrupted")
        var random = SeededGenerator(seed: seed)
        let kills = randomKills(of: reference, using: &random)
        let killed = try await HouseholdRun.play(timeline, acts: nil, kills: kills)
        let context = "seed \(seed) (kills \(kills.sorted { $0.key < $1.key }))"
        #expect(killed.failure == nil, "\(context): \(killed.failure ?? "")")
        expectSame(killed, as: reference, devices: timeline.devices, context: context)
        return killed.kills.count
    }

    // MARK: Kill points

    /// The labels of the channel's steps: a send, its marking as sent, the engine's
    /// commit of records heard, and the save of the batches taken.
    static func isChannelStep(_ label: String) -> Bool {
        label.hasPrefix("channel ") || label == "store commit removeSyncRecords" || label.contains("receiveSyncRecord")
    }

    /// For each device: its first step that marked records sent, killed before the
    /// marking; and its first other step that saved batches as taken, killed before the save.
    static func channelKills(of reference: HouseholdRun.Played, in timeline: HouseholdTimeline) -> [Int: [Int]] {
        var kills: [Int: [Int]] = [:]
        func first(on device: String, _ label: (String) -> Bool) -> (index: Int, step: Int)? {
            for (index, step) in timeline.steps.enumerated() where step.device == device && kills[index] == nil {
                if let traced = reference.traces[index]?.first(where: { label($0.label) }) { return (index, traced.number) }
            }
            return nil
        }
        for device in timeline.devices {
            if let sent = first(on: device, { $0 == "store commit removeSyncRecords" }) { kills[sent.index] = [sent.step] }
            if let heard = first(on: device, { $0.hasPrefix("channel taken") }) { kills[heard.index] = [heard.step] }
        }
        return kills
    }

    /// ``channelKillsPerRun`` processes killed before one of their channel steps, and
    /// ``otherKillsPerRun`` others at any step, one in three of those killed again at a
    /// random step while recovering; all drawn at random, one kill plan per process.
    static func randomKills(of reference: HouseholdRun.Played, using random: inout SeededGenerator) -> [Int: [Int]] {
        var channel = reference.traces.sorted { $0.key < $1.key }.flatMap { index, steps in
            steps.filter { isChannelStep($0.label) }.map { (index, $0.number) }
        }
        channel.shuffle(using: &random)
        var kills: [Int: [Int]] = [:]
        for (index, step) in channel where kills[index] == nil && kills.count < channelKillsPerRun {
            kills[index] = [step]
        }
        var others = reference.traces.keys.sorted().filter { kills[$0] == nil }
        others.shuffle(using: &random)
        for index in others.prefix(otherKillsPerRun) {
            let count = UInt64(max(1, reference.traces[index]?.count ?? 1))
            kills[index] = [Int(random.next() % count) + 1]
            if random.next() % 3 == 0 { kills[index]?.append(Int(random.next() % count) + 1) }
        }
        return kills
    }

    // MARK: Checks

    /// Each device against the same device of the uninterrupted run.
    static func expectSame(_ played: HouseholdRun.Played, as reference: HouseholdRun.Played, devices: [String],
                           context: String) {
        for device in devices {
            guard let outcome = played.outcomes[device], let expected = reference.outcomes[device] else {
                Issue.record("\(context): \(device) has no outcome")
                continue
            }
            let place = "\(context) [\(played.kills.joined(separator: "; "))] \(device)"
            #expect(CrashConvergenceTests.duplicates(in: outcome.facts.deliveryLog).isEmpty,
                    "\(place): delivered twice: \(CrashConvergenceTests.duplicates(in: outcome.facts.deliveryLog))")
            for difference in CrashConvergenceTests.differences(outcome.facts, from: expected.facts) {
                Issue.record("\(place): \(difference)")
            }
            for (name, mine, theirs) in [("paused", outcome.paused, expected.paused),
                                         ("answered", outcome.answered, expected.answered),
                                         ("snoozes", outcome.snoozes, expected.snoozes),
                                         ("days put off", outcome.deferred, expected.deferred),
                                         ("records known", outcome.known, expected.known)] where mine != theirs {
                Issue.record("\(place): \(name) \(mine), uninterrupted \(theirs)")
            }
        }
        expectConverged(played, devices: devices, context: context)
    }

    /// What converging means across the devices, from the outcomes alone.
    static func expectConverged(_ played: HouseholdRun.Played, devices: [String], context: String) {
        let outcomes = devices.compactMap { played.outcomes[$0] }
        guard outcomes.count == devices.count, let first = outcomes.first else {
            Issue.record("\(context): outcomes of \(played.outcomes.keys.sorted()), devices \(devices)")
            return
        }
        func completedDays(_ outcome: HouseholdOutcome) -> [String] {
            outcome.facts.completions.map { $0.split(separator: "|").prefix(2).joined(separator: "|") }
        }
        for outcome in outcomes.dropFirst() {
            let pairs = [("completions", outcome.facts.completions, first.facts.completions),
                         ("paused", outcome.paused, first.paused), ("answered", outcome.answered, first.answered),
                         ("snoozes", outcome.snoozes, first.snoozes), ("days put off", outcome.deferred, first.deferred),
                         ("records known", outcome.known, first.known)]
            for (name, mine, theirs) in pairs where mine != theirs {
                Issue.record("\(context): \(outcome.device)'s \(name) \(mine), \(first.device)'s \(theirs)")
            }
        }
        for outcome in outcomes {
            let device = "\(context): \(outcome.device)"
            #expect(outcome.outbox.isEmpty, "\(device): records never sent \(outcome.outbox)")
            let done = Set(completedDays(outcome))
            for pending in outcome.facts.pending.compactMap({ Occurrence(identifier: $0.identifier) }) {
                #expect(!done.contains(pending.entityDay), "\(device): \(pending.identifier) pending, its day completed")
                #expect(!outcome.paused.contains(pending.entity), "\(device): \(pending.identifier) pending, paused")
            }
            let answers = Dictionary(outcome.answered.map { line -> (String, String) in
                let parts = line.split(separator: "|").map(String.init)
                return (parts[0], parts.count > 1 ? parts[1] : "")
            }, uniquingKeysWith: { max($0, $1) })
            for copy in outcome.facts.delivered {
                if let answer = answers[copy.identifier] {
                    #expect(copy.date > answer, "\(device): \(copy) still listed, answered at \(answer)")
                }
            }
            // At the day's end every copy still listed asks for something not done (the
            // checks above): the badge counts them.
            #expect(outcome.facts.badge == outcome.facts.delivered.count,
                    "\(device): badge \(outcome.facts.badge), \(outcome.facts.delivered.count) listed")
        }
    }

    /// A Herald notification's entity and day, read from its identifier
    /// (`herald:reminder:habit:water:r1:20260415T0900`).
    struct Occurrence {
        var identifier: String
        var entity: String
        var day: String
        var entityDay: String { "\(entity)|\(day)" }

        init?(identifier: String) {
            let parts = identifier.split(separator: ":").map(String.init)
            guard parts.count >= 6, parts[0] == "herald", parts[5].count >= 8 else { return nil }
            let compact = parts[5].prefix(8)
            self.identifier = identifier
            entity = "\(parts[2])/\(parts[3])"
            day = "\(compact.prefix(4))-\(compact.dropFirst(4).prefix(2))-\(compact.dropFirst(6))"
        }
    }
}
