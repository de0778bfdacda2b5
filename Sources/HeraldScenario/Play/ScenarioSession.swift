import Foundation
import Herald

/// A scenario played in parts over one `EngineStore` that outlives the process: each
/// ``play(days:)`` goes on where the last one stopped, and the store holds everything
/// needed to go on (Herald's state, and the run's ``ScenarioCheckpoint`` as settings
/// under `scenario.*` keys with the scenario file's fingerprint). `herald simulate
/// --state PATH` is this over a SQLite file.
///
/// ```swift
/// let file = try ScenarioFile(contentsOf: URL(fileURLWithPath: "habits.yaml"))
/// let store = try SQLiteEngineStore(path: "habits.sqlite")
/// let session = ScenarioSession(file: file, store: store, location: "habits.sqlite")
/// let monday = try await session.play(days: 2)     // a new store: from the start
/// let rest = try await session.play(days: 3)       // days 3 to 5, as in one 5-day run
/// ```
///
/// A store it cannot go on from is refused with a ``ScenarioStateError`` and left as
/// it was: one saved by another scenario file (or this one before it changed), one
/// holding Herald state but no scenario progress, one whose last run stopped before it
/// saved (an impossible event, a kill).
public struct ScenarioSession: Sendable {
    package let scenario: Scenario
    /// The scenario file's fingerprint; the store only serves the same text.
    package let fingerprint: ScenarioFingerprint
    package let store: any EngineStore
    /// How errors name the store (a file's path).
    package let location: String
    /// The history the run's engines share, for stories of its occurrences (the HTML
    /// report's); `nil` gives each engine its own.
    public var history: OccurrenceHistory?

    /// The settings keys the session keeps in the store.
    package enum Key {
        package static let fingerprint = "scenario.fingerprint"
        package static let name = "scenario.name"
        /// Set while a run is in progress, so a run that never saved is not resumed.
        package static let running = "scenario.running"
        /// The next event, the end of the last run, the device's clock, zone and app.
        package static let progress = "scenario.progress"
        /// The simulated notification center.
        package static let system = "scenario.system"
        /// The app's data as the events left it.
        package static let data = "scenario.data"
    }

    package init(scenario: Scenario, fingerprint: ScenarioFingerprint, store: any EngineStore, location: String) {
        self.scenario = scenario
        self.fingerprint = fingerprint
        self.store = store
        self.location = location
    }

    /// A session for a scenario file's text.
    public init(file: ScenarioFile, store: any EngineStore, location: String) {
        self.init(scenario: file.scenario, fingerprint: file.fingerprint, store: store, location: location)
    }

    /// Where the last run stopped, or `nil` when the store is new (nothing in it yet).
    ///
    /// - Throws: ``ScenarioStateError`` when the store cannot be continued by this
    ///   scenario, and the store's own errors.
    package func checkpoint() throws -> ScenarioCheckpoint? {
        let state = try store.load()
        let settings = state.settings
        guard let saved = settings[Key.fingerprint] else {
            guard state == EngineState() else { throw ScenarioStateError.notScenarioState(location) }
            return nil
        }
        var name = scenario.name
        if case .string(let savedName)? = settings[Key.name] { name = savedName }
        guard saved == .string(fingerprint.description) else {
            throw ScenarioStateError.differentScenario(location, savedBy: name)
        }
        if settings[Key.running] != nil { throw ScenarioStateError.interrupted(location, name: name) }
        guard case .object(var progress)? = settings[Key.progress] else {
            throw ScenarioStateError.damaged(location, key: Key.progress, MissingValue())
        }
        progress["system"] = settings[Key.system]
        progress["data"] = settings[Key.data]
        do {
            return try JSONValue.object(progress).decoded(as: ScenarioCheckpoint.self)
        } catch {
            throw ScenarioStateError.damaged(location, key: "\(Key.progress), \(Key.system) and \(Key.data)", error)
        }
    }

    /// Plays `days` more days (the scenario's own number when `nil`): from the start
    /// on a new store, from where the last run stopped otherwise; then saves where this
    /// one stopped.
    ///
    /// - Throws: ``ScenarioStateError`` when the store cannot be continued by this
    ///   scenario (before anything is played or written), ``ScenarioError`` when an
    ///   event cannot happen (the store is then marked so it is not resumed), and the
    ///   store's own errors.
    public func play(days: Int? = nil) async throws -> ScenarioResult {
        let collector = ScenarioTimelineCollector()
        _ = try await play(days: days, streamingTo: collector)
        guard let result = collector.result else { preconditionFailure("a finished run has a header and a summary") }
        return result
    }

    /// Plays like ``play(days:)``, handing the timeline to `sink` as it happens (see
    /// ``ScenarioRunner/play(from:streamingTo:)``): what `herald simulate` prints.
    ///
    /// - Returns: the run's summary.
    public func play(days: Int? = nil, streamingTo sink: any ScenarioTimelineSink) async throws -> ScenarioSummary {
        let checkpoint = try self.checkpoint()
        // The saved progress is decoded once, here: while the run plays it is out of the
        // store, which the engine reads at every re-plan, and it is saved anew at the end.
        try store.commit([
            .setSetting(key: Key.fingerprint, .string(fingerprint.description)),
            .setSetting(key: Key.name, .string(scenario.name)),
            .setSetting(key: Key.running, .bool(true)),
            .setSetting(key: Key.progress, nil),
            .setSetting(key: Key.system, nil),
            .setSetting(key: Key.data, nil),
        ])
        // The summary goes out once where the run stopped is saved.
        var runner = ScenarioRunner(scenario: scenario, days: days, store: store)
        runner.history = history
        let outcome = try await runner.play(from: checkpoint, streamingTo: SummaryHeldBack(sink))
        guard case .object(var progress) = try JSONValue(encoding: outcome.checkpoint) else {
            preconditionFailure("a checkpoint encodes as an object")
        }
        let system = progress.removeValue(forKey: "system")
        let data = progress.removeValue(forKey: "data")
        try store.commit([
            .setSetting(key: Key.progress, .object(progress)),
            .setSetting(key: Key.system, system),
            .setSetting(key: Key.data, data),
            .setSetting(key: Key.running, nil),
        ])
        sink.finish(outcome.summary)
        return outcome.summary
    }

    /// Hands a run's header and entries on, and leaves its summary to the session.
    private struct SummaryHeldBack: ScenarioTimelineSink {
        let sink: any ScenarioTimelineSink

        init(_ sink: any ScenarioTimelineSink) {
            self.sink = sink
        }

        func begin(_ header: ScenarioRunHeader) { sink.begin(header) }
        func record(_ entry: TimelineEntry) { sink.record(entry) }
        func finish(_ summary: ScenarioSummary) {}
    }

    private struct MissingValue: Error, CustomStringConvertible {
        var description: String { "it is missing" }
    }
}

extension JSONValue {
    /// A Codable value as JSON (dates as seconds since 2001, exactly).
    init(encoding value: some Encodable) throws {
        // Read back with JSONValueReader: JSONDecoder throws an error for each kind it
        // tries in vain, and those errors cost most of a large state's saving.
        var reader = JSONValueReader(try JSONEncoder().encode(value))
        self = try reader.value()
    }

    /// The JSON as a Codable value.
    func decoded<T: Decodable>(as type: T.Type) throws -> T {
        try JSONDecoder().decode(type, from: try JSONEncoder().encode(self))
    }
}
