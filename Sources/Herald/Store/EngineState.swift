/// Herald's own state: what the app's data does not say but the plan depends on.
///
/// ```swift
/// var state = EngineState()
/// state.apply(.recordCompletion(Completion(entity: water, day: today, date: now)))
/// state.isCompleted(water, on: today) // true
/// ```
public struct EngineState: Hashable, Sendable, Codable {
    /// Completions by entity and day (one per pair; a later one replaces).
    public var completions: [EntityDay: Completion]
    public var paused: Set<EntityReference>

    public init(completions: [EntityDay: Completion] = [:], paused: Set<EntityReference> = []) {
        self.completions = completions
        self.paused = paused
    }

    public func isCompleted(_ entity: EntityReference, on day: LocalDate) -> Bool {
        completions[EntityDay(entity, day)] != nil
    }

    /// Applies one change; applying the same change twice is the same as once.
    public mutating func apply(_ change: EngineStateChange) {
        switch change {
        case .recordCompletion(let completion):
            completions[completion.entityDay] = completion
        case .removeCompletion(let entity, let day):
            completions[EntityDay(entity, day)] = nil
        case .pause(let entity):
            paused.insert(entity)
        case .resume(let entity):
            paused.remove(entity)
        case .forget(let entity):
            paused.remove(entity)
            completions = completions.filter { $0.key.entity != entity }
        }
    }
}
