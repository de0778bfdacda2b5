import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// Pausing and resuming a scenario over one store.
struct ScenarioSessionTests {
    /// A session over `store` for an example's text.
    func makeSession(_ name: String, store: any EngineStore) throws -> ScenarioSession {
        let file = try ScenarioFile(contentsOf: ScenarioFixtures.examples.appendingPathComponent(name))
        return ScenarioSession(file: file, store: store, location: "state.sqlite")
    }

    /// The timeline without the summary, as JSON lines.
    func lines(_ result: ScenarioResult) -> [Substring] {
        result.jsonLines().split(separator: "\n").filter { !$0.contains("\"type\":\"summary\"") }
    }

    static let examples = ScenarioFixtures.allExampleNames + ["travel-and-clock.yaml", "smart-timing.yaml", "travel-choice.yaml"]

    @Test(arguments: examples)
    func playingInPartsGivesTheTimelineOfOneRun(_ name: String) async throws {
        // Given a scenario played for one day, then for the rest, over one store
        let whole = try makeExample(name).days + 1
        let session = try makeSession(name, store: InMemoryEngineStore())
        let first = try await session.play(days: 1)
        let rest = try await session.play(days: whole - 1)

        // When the same is played in one go
        let once = try await ScenarioRunner(scenario: makeExample(name), days: whole).run()

        // Then the parts' timelines add up to it, and the second part starts where the first ended
        #expect(lines(first) + lines(rest) == lines(once))
        #expect(rest.start == first.end)
        #expect(rest.end == once.end)
        #expect(first.summary.delivered + rest.summary.delivered == once.summary.delivered)
        #expect(rest.summary.pending == once.summary.pending)
    }

    /// A force-quit outlives the part it happened in: the next part's `refresh` is
    /// withheld as in one go, until the user opens the app.
    @Test func aForceQuitOutlivesThePart() async throws {
        let text = """
            name: force-quit across parts
            zone: Europe/Berlin
            start: 2026-11-21T08:00
            days: 2
            events:
              - {at: 2026-11-21T20:00, force_quit}
              - {at: 2026-11-22T09:00, refresh}
              - {at: 2026-11-22T10:00, launch}
              - {at: 2026-11-22T10:30, background}
              - {at: 2026-11-22T11:00, refresh}
            """
        let session = ScenarioSession(file: try ScenarioFile(text: text), store: InMemoryEngineStore(), location: "state.sqlite")
        let first = try await session.play(days: 1)
        let rest = try await session.play(days: 1)
        let once = try await ScenarioRunner(scenario: try Scenario(yaml: text), days: 2).run()

        #expect(lines(first) + lines(rest) == lines(once))
        let refreshes = once.timeline.compactMap { if case .event(let event) = $0, event.action == .refresh { event } else { nil } }
        #expect(refreshes.map(\.note) == ["the user force-quit the app: the system does not launch it for a refresh", nil])
        #expect(once.reconciles.map(\.reasons) == [["launch"], ["launch"], ["background refresh"]])
    }

    @Test func aNewStoreStartsAtTheScenariosStart() async throws {
        let session = try makeSession("habits.yaml", store: InMemoryEngineStore())
        #expect(try session.checkpoint() == nil)

        let result = try await session.play(days: 1)

        #expect(result.start == LocalDateTime(parsing: "2026-11-21T08:00"))
        let checkpoint = try #require(try session.checkpoint())
        #expect(checkpoint.end == LocalDateTime(parsing: "2026-11-22T08:00"))
        #expect(checkpoint.app == .background)
    }

    @Test func anotherScenarioIsRefusedAndTheStoreKept() async throws {
        // Given a store that played habits.yaml
        let store = InMemoryEngineStore()
        _ = try await makeSession("habits.yaml", store: store).play(days: 1)
        let saved = store.load()

        // When another scenario would go on from it
        let error = await #expect(throws: ScenarioStateError.self) {
            try await makeSession("seed-004-badges.yaml", store: store).play()
        }

        // Then it says whose state it is and what to do, and nothing changed
        #expect(error?.code == .differentScenario)
        #expect(error?.description.contains("state.sqlite: holds the state of the scenario \"Habits in Berlin\"") == true)
        #expect(error?.description.contains("give another state path") == true)
        #expect(store.load() == saved)
    }

    @Test func aChangedScenarioFileIsAnotherScenario() async throws {
        let store = InMemoryEngineStore()
        let text = ScenarioFixtures.header + "entities: [{id: a, title: A, rules: [{id: r, daily: [\"09:00\"]}]}]\n"
        _ = try await ScenarioSession(file: ScenarioFile(text: text), store: store, location: "s").play()

        let edited = try ScenarioFile(text: text + "days: 2\n")
        #expect(throws: ScenarioStateError.self) { try ScenarioSession(file: edited, store: store, location: "s").checkpoint() }
    }

    @Test func heraldStateWithoutAScenarioIsNotResumed() throws {
        // Given an app's Herald state, with no scenario progress
        let store = InMemoryEngineStore()
        store.commit([.pause(EntityReference(namespace: "habit", id: "a"))])

        let error = #expect(throws: ScenarioStateError.self) {
            try makeSession("habits.yaml", store: store).checkpoint()
        }
        #expect(error?.code == .notScenarioState)
    }

    @Test func aRunThatStoppedHalfWayIsNotResumed() async throws {
        // Given a scenario whose tap has nothing to act on, played over a store
        let store = InMemoryEngineStore()
        let file = try ScenarioFile(text: ScenarioFixtures.header + """
            entities: [{id: a, title: A, rules: [{id: r, daily: ["09:00"]}]}]
            events:
              - {at: 2026-11-21T08:30, tap: a}

            """)
        let session = ScenarioSession(file: file, store: store, location: "s.sqlite")
        await #expect(throws: ScenarioError.self) { try await session.play() }

        // Then the store is not resumed: the engine's state and the progress no longer match
        let error = await #expect(throws: ScenarioStateError.self) { try await session.play() }
        #expect(error?.code == .interrupted)
        #expect(error?.description.contains("delete the file") == true)
    }

    @Test func aCheckpointSurvivesJSON() async throws {
        let outcome = try await ScenarioRunner(scenario: makeExample("goal-cold-launch.yaml")).play(from: nil)

        let data = try JSONEncoder().encode(outcome.checkpoint)
        #expect(try JSONDecoder().decode(ScenarioCheckpoint.self, from: data) == outcome.checkpoint)
    }
}

/// How often a resumed run reads its saved progress back (once: before, every state load
/// of the engine decoded the checkpoint's JSON again, 78% of a resumed run's time).
struct ScenarioSessionCheckpointLoadTests {
    /// A store that counts the loads that hand back the saved progress, which an SQLite
    /// store decodes from JSON at each of them.
    final class CheckpointLoadCountingStore: EngineStore, @unchecked Sendable {
        let store = InMemoryEngineStore()
        private let lock = NSLock()
        private var counts = (loads: 0, withCheckpoint: 0)
        var loads: Int { lock.withLock { counts.loads } }
        var loadsWithCheckpoint: Int { lock.withLock { counts.withCheckpoint } }

        private func counted(_ state: EngineState) -> EngineState {
            let carries = state.settings[ScenarioSession.Key.system] != nil
            lock.withLock {
                counts.loads += 1
                if carries { counts.withCheckpoint += 1 }
            }
            return state
        }

        func load() throws -> EngineState { counted(store.load()) }
        func load(since cutoff: Date) throws -> EngineState { counted(store.load(since: cutoff)) }
        func commit(_ changes: [EngineStateChange]) throws { store.commit(changes) }
    }

    @Test func aResumedRunReadsItsSavedProgressOnce() async throws {
        // Given a scenario in the foreground (a re-plan at each delivery) played for 3
        // days over a store
        let file = try ScenarioFile(text: ScenarioFixtures.header + """
            days: 6
            app: foreground
            entities:
              - {id: water, title: Water, rules: [{id: r, daily: ["08:00", "13:00", "19:00"]}]}
            """)
        let store = CheckpointLoadCountingStore()
        let session = ScenarioSession(file: file, store: store, location: "state.sqlite")
        _ = try await session.play(days: 3)
        let afterFirst = store.loadsWithCheckpoint
        let loadsBefore = store.loads

        // When 3 more days are played, loading the state at each launch and re-plan (5 times)
        _ = try await session.play(days: 3)

        // Then the first run never read a checkpoint (there was none), the second read
        // it once, when it started; and the store holds the new one afterwards
        #expect(afterFirst == 0)
        #expect(store.loadsWithCheckpoint == 1)
        #expect(store.loads - loadsBefore >= 3)
        #expect(store.store.load().settings[ScenarioSession.Key.system] != nil)
    }
}
