import Foundation
import Herald
import HeraldSQLite
import HeraldSimulator

/// One step of a household run (``HouseholdScenario``) as one process of the app on the
/// step's device: the device's own directory under the household's (its SQLite store,
/// its simulated system, its app's data), the channel's folder beside them
/// (``ChannelFolder``).
///
/// The process, in this order:
/// 1. the system moves the device's clock to the step's instant, delivering what fell
///    due while the app was not running (no step of the app's);
/// 2. the app launches (the engine re-plans);
/// 3. it hears the batches of the other devices due by now (``ChannelCursor``): the
///    engine applies their records, then the app saves them as taken;
/// 4. it plays the step's act (a completion, an answer, a pause, a resume), if any;
/// 5. it sends what the engine's outbox holds (`HeraldSync.Relay`'s send): into the
///    channel's folder first, then marked sent.
///
/// A kill anywhere in it (``StepCounter``) loses the process's memory; the process
/// started next for the same step plays it again from the start, on what the killed
/// one left on disk: the act's engine calls and the hearing must be idempotent.
///
/// ```swift
/// let result = try await HouseholdHarness(options: options, seed: 7, acts: nil).run(step: 12)
/// ```
struct HouseholdHarness {
    let options: HarnessOptions
    let seed: UInt64
    /// How many times the user acts (``HouseholdScenario/init(seed:acts:)``).
    let acts: Int?

    static let launchesKey = CrashHarness.launchesKey

    /// The timeline of the seed, for the driver: each step's device and what it does.
    func plan() -> HouseholdPlan {
        HouseholdPlan(HouseholdScenario(seed: seed, acts: acts))
    }

    func run(step index: Int) async throws -> HouseholdResult {
        let scenario = HouseholdScenario(seed: seed, acts: acts)
        guard scenario.steps.indices.contains(index) else {
            throw HarnessError("seed \(seed) has steps 0..<\(scenario.steps.count), not \(index)")
        }
        let step = scenario.steps[index]
        let member = try HouseholdScenario.member(step.device)
        let directory = options.directory.appendingPathComponent(member.id, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        StepCounter.shared.killAt = options.killAt
        StepCounter.shared.traces = options.traces
        StepCounter.shared.event = index
        if options.traces { FileHandle.standardError.write(Data("event \(index): \(step)\n".utf8)) }

        let system = try await SimulatedSystem.openOrCreate(in: directory, start: HouseholdScenario.start,
                                                            zone: HouseholdScenario.zone,
                                                            writesEveryChange: options.writesSystemEveryChange)
        StepCounter.shared.beforeKill = {
            do {
                try system.write()
            } catch {
                FileHandle.standardError.write(Data("writing the simulated system failed: \(error)\n".utf8))
            }
        }
        // The system moved time while the app was not running.
        await system.center.advance(to: step.date)
        try await system.save()

        let store = StepCountingStore(base: try SQLiteEngineStore(path: directory.appendingPathComponent("herald.sqlite").path))
        let app = try HouseholdApp.open(in: directory)
        let engine = Engine(center: PersistedNotificationCenter(system: system), source: app, store: store,
                            clock: system.clock, categories: HarnessApp.categories, sync: member.sync)
        let launches = (try store.load().settings[Self.launchesKey]?.intValue ?? 0) + 1
        // Bookkeeping of the harness, not a step of the app: straight to the database.
        try store.base.commit([.setSetting(key: Self.launchesKey, .number(Double(launches)))])
        let host = AppHost(engine: engine)
        await host.launched(readyWith: app)

        let channel = ChannelFolder(folder: options.directory.appendingPathComponent("channel", isDirectory: true),
                                    device: member.id, clock: system.clock, latency: scenario.latency)
        try await Self.hear(channel, engine: engine, in: directory)
        try await Self.play(step.action, index: index, host: host, system: system)
        await HeraldSync.Relay(engine: engine, channel: channel).send()

        try await system.saveAndWrite()
        return try await HouseholdResult.make(device: member.id, step: index, system: system, store: store,
                                              handoffs: app.handoffs, launches: launches)
    }

    /// Hands the records of the batches due to the engine, then saves them as taken.
    private static func hear(_ channel: ChannelFolder, engine: Engine, in directory: URL) async throws {
        var cursor = try ChannelCursor.load(in: directory)
        let due = try channel.due(after: cursor.taken)
        guard !due.isEmpty else { return }
        try await engine.receive(due.flatMap(\.batch.records))
        try cursor.save(adding: due.map(\.name))
    }

    private static func play(_ action: HouseholdScenario.Action, index: Int, host: AppHost,
                             system: SimulatedSystem) async throws {
        let engine = host.engine
        switch action {
        case .wake:
            break
        case .complete(let id):
            try await engine.completed(entity(id))
        case .respond(let id, let action):
            guard let response = try await CrashHarness.gesture(on: entity(id), action: action, index: index,
                                                                system: system) else { return }
            await host.received(response)
        case .pause(let id):
            try await engine.paused(entity(id))
        case .resume(let id):
            try await engine.resumed(entity(id))
        }
    }

    private static func entity(_ id: String) -> EntityReference {
        EntityReference(namespace: Habit.namespace, id: id)
    }
}
