import Foundation
import Herald

/// What one device's step left behind in a household run (``HouseholdHarness``): the
/// facts the single-device run compares (``HarnessResult``: the plan in the center, the
/// delivered list, every delivery, the completions, the badge, the fired log, the
/// responses handed over), and what the device knows of the others: the entities
/// paused, the occurrences answered, the snoozes, the days put off, the records still
/// waiting to be sent and the latest stamp of each subject it knows.
struct HouseholdResult: Codable, Sendable {
    var device: String
    /// The timeline step the process played.
    var step: Int
    var facts: HarnessResult
    /// Paused entities, sorted.
    var paused: [String]
    /// `identifier|instant of the last answer`, sorted.
    var answered: [String]
    /// `original|until`, sorted.
    var snoozes: [String]
    /// `entity|day`, sorted.
    var deferred: [String]
    /// The ids of the records in the outbox, in order (none once a step is done).
    var outbox: [String]
    /// `subject|instant|device` of the stamp that holds for each subject, sorted.
    var known: [String]

    static func make(device: String, step: Int, system: SimulatedSystem, store: any EngineStore,
                     handoffs: [String], launches: Int) async throws -> HouseholdResult {
        let facts = try await HarnessResult.make(system: system, store: store, handoffs: handoffs,
                                                 steps: StepCounter.shared.count, launches: launches)
        let state = try store.load()
        func instant(_ date: Date) -> String { date.formatted(.iso8601) }
        return HouseholdResult(
            device: device, step: step, facts: facts,
            paused: state.paused.map(\.description).sorted(),
            answered: state.acknowledged.map { "\($0.key)|\(instant($0.value))" }.sorted(),
            snoozes: state.snoozes.map { "\($0.key)|\(instant($0.value.until))" }.sorted(),
            deferred: state.deferred.map(\.description).sorted(),
            outbox: state.sync.outbox.map(\.id),
            known: state.sync.stamps.map { "\($0.key)|\(instant($0.value.instant))|\($0.value.device)" }.sorted())
    }
}
