import Foundation

extension Engine {
    /// `rules` as a plan made at `now` schedules them: each that follows the user
    /// rewritten by ``AdaptiveSchedules`` from what the source reports and the completions
    /// the rules count, read from the store as far back as they look (`state`, the run's
    /// recent state, holds only the last two days).
    func followingTheUser(_ rules: [ReminderRule], state: EngineState, now: Date) async throws -> [ReminderRule] {
        var counted = state
        switch AdaptiveSchedules.completionsNeeded(for: rules, now: now, deviceZone: clock.timeZone,
                                                   firstWeekday: planner.configuration.firstWeekday ?? .monday) {
        case .none: break
        case .since(let cutoff): counted = try store.load(since: cutoff)
        case .all: counted = try store.load()
        }
        return try await AdaptiveSchedules.gathering(for: rules, source: source, state: counted, now: now,
                                                     deviceZone: clock.timeZone, configuration: planner.configuration)
            .rules(rules)
    }
}
