import Foundation

extension AdaptiveSchedules {
    /// The seam's inputs for `rules`, read once: the completed days of the entities whose
    /// rules count them, the app's vacations and the progress of paced entities on `days`
    /// (today in the device's zone when `nil`), from the store's state and the app's
    /// ``ReminderSource``.
    ///
    /// ```swift
    /// let schedules = try await AdaptiveSchedules.gathering(for: rules, source: source, state: state, now: now,
    ///                                                        deviceZone: zone, configuration: configuration)
    /// ```
    ///
    /// - Throws: what the source throws for its vacations or a progress.
    package static func gathering(for rules: [ReminderRule], source: any ReminderSource, state: EngineState, now: Date,
                                  deviceZone: TimeZone, configuration: PlannerConfiguration,
                                  days: [LocalDate]? = nil) async throws -> AdaptiveSchedules {
        var facts = AdaptationFacts(seed: configuration.randomSeed, firstWeekday: configuration.firstWeekday ?? .monday)
        facts.vacations = try await source.vacations()
        let counting = Set(rules.lazy.filter { $0.adaptations.quota != nil || $0.adaptations.countsFromCompletion }
            .map(\.entity))
        if !counting.isEmpty {
            for key in state.completions.keys where counting.contains(key.entity) {
                facts.completions[key.entity, default: []].append(key.day)
            }
            for entity in facts.completions.keys { facts.completions[entity]?.sort() }
        }
        let paced = Set(rules.lazy.filter { $0.adaptations.pace != nil }.map(\.entity))
        let asked = days ?? [ZoneConverter.for(deviceZone).local(for: now).date]
        for entity in paced.sorted() {
            for day in asked {
                if let count = try await source.progress(of: entity, on: day) { facts.progress[EntityDay(entity, day)] = count }
            }
        }
        return AdaptiveSchedules(now: now, deviceZone: deviceZone, horizon: configuration.horizon, facts: facts)
    }
}
