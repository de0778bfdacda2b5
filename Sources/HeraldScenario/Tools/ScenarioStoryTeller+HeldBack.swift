import Foundation
import Herald

extension ScenarioStoryTeller {
    /// Why a schedule that follows the user left the occurrence of `rule` at `local`
    /// out, as the plan made at its time read it (`nil`: it did not).
    ///
    /// ```swift
    /// teller.heldBack[gym.id]?[LocalDateTime(parsing: "2026-11-26T18:00")!]   // quota met for the week: 3 of 3
    /// ```
    package typealias HeldBackReasons = [ReminderRule.ID: [LocalDateTime: OccurrenceStory.HeldBack]]

    /// The `held_back` fact, when the run left the occurrence out for a reason of
    /// ``heldBack`` (never for one a copy of was delivered, which no schedule held
    /// back): in place of the last plan's "no longer planned", which it explains, or
    /// else first, as Herald's explainer tells it. The verdict is worked out again.
    func addHeldBack(to story: inout OccurrenceStory) {
        guard let reason = heldBack[ReminderRule.ID(entity: story.entity, rule: story.rule)]?[story.occurrence],
              !story.events.contains(where: { ["delivered", "alarm_sounded"].contains($0.fact.kind) }) else { return }
        if let last = story.events.lastIndex(where: { $0.fact.isPlanDecision && $0.date <= story.date }),
           story.events[last].fact == .unplanned {
            story.events[last].fact = .heldBack(reason)
        } else {
            let date = min(story.events.first?.date ?? story.date, story.date)
            story.events.insert(OccurrenceStory.Event(date: date, fact: .heldBack(reason)), at: 0)
        }
        story.verdict = OccurrenceStory.verdict(of: story.events, date: story.date, now: now)
    }

    /// Why each of `occurrences` was held back, if it was: Herald's ``AdaptiveSchedules``
    /// read with the completions of `state` and the app's data as the scenario's events
    /// had left it at the occurrence's instant (its vacations, the day's progress so far),
    /// as the last plan before the occurrence saw them.
    ///
    /// ```swift
    /// teller.heldBack = await ScenarioStoryTeller.heldBack(for: [(gym.id, thursday18h)], scenario: scenario,
    ///                                                      rules: teller.rules, state: teller.state, deviceZone: zone)
    /// ```
    package static func heldBack(for occurrences: [(rule: ReminderRule.ID, local: LocalDateTime)], scenario: Scenario,
                                 rules: [ReminderRule], state: EngineState?, deviceZone: TimeZone) async -> HeldBackReasons {
        let instants = EventInstants.instants(of: scenario.events, startingIn: scenario.zone)
        // Without vacations of the app's, only the rules that declare a kind can be held back.
        let appVacations = !scenario.vacations.isEmpty
            || scenario.events.contains { if case .vacation = $0.action { true } else { false } }
        var reasons: HeldBackReasons = [:]
        for (id, local) in occurrences {
            guard let rule = rules.first(where: { $0.id == id }), rule.hasSchedule,
                  appVacations || !rule.adaptations.isEmpty else { continue }
            let instant = ZoneConverter.for(rule.schedule.timeZone ?? deviceZone).instant(for: local).date
            var vacations = scenario.vacations
            var progress: [EngineState.EntityDay: Int] = [:]
            for (event, date) in zip(scenario.events, instants) where date < instant {
                vacations = ScenarioVacations.applying(event.action, to: vacations)
                if case .progress(let entity, let count, let day) = event.action { progress[.init(entity, day)] = count }
            }
            let source = ScenarioReminderSource(entities: [], vacations: vacations, progress: progress)
            guard let schedules = try? await AdaptiveSchedules.gathering(
                for: rules, source: source, state: state ?? EngineState(), now: instant, deviceZone: deviceZone,
                configuration: scenario.planner.configuration, days: [local.date]) else { continue }
            if let reason = schedules.reason(for: local, of: rule) { reasons[id, default: [:]][local] = reason }
        }
        return reasons
    }
}
