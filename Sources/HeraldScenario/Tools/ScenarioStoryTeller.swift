import Foundation
import Herald

/// Tells occurrences' stories after a scenario run: from the `OccurrenceHistory`
/// its engines shared, with what only the simulated system knows added (every delivery
/// of the occurrence, the app having seen it or not; what held one shown late; a
/// request dropped above the center's capacity). ``ScenarioRunner/why(_:at:)`` and the
/// HTML report of `herald simulate --html` tell stories through it.
///
/// ```swift
/// let teller = ScenarioStoryTeller(scenario: scenario, history: history, state: try store.load(),
///                                  now: summary.endedAt ?? now, deliveries: result.deliveries,
///                                  dropped: summary.droppedIdentifiers)
/// let story = teller.story(of: rule, at: LocalDateTime(parsing: "2026-11-21T09:00")!)
/// ```
public struct ScenarioStoryTeller: Sendable {
    package var history: OccurrenceHistory
    /// The app's rules (to place an occurrence no plan placed, and to see exclusions).
    package var rules: [ReminderRule]
    package var state: EngineState?
    package var deviceZone: TimeZone
    /// The end of the run: a later occurrence is pending, not missed.
    package var now: Date
    package var deliveries: [TimelineDelivery] {
        didSet { index = ScenarioDeliveryIndex(deliveries) }
    }
    /// The deliveries by the occurrence they may stand for, each identifier read once.
    private var index: ScenarioDeliveryIndex
    /// The identifiers the center dropped above its capacity.
    package var dropped: Set<String>
    /// Why a schedule that follows the user held occurrences back, for those a story is
    /// asked of (``ScenarioRunner/stories(of:)`` fills it in).
    package var heldBack: HeldBackReasons = [:]

    /// A teller for a run of `scenario`: its rules as the file declares them (a story
    /// places an occurrence where its plan did) and its device's zone.
    ///
    /// - Parameters:
    ///   - scenario: the scenario that was played.
    ///   - history: the history the run's engines shared (``ScenarioRunner/history``).
    ///   - state: the engine state the run ended with, if it could be read.
    ///   - now: the end of the run: a later occurrence is pending, not missed.
    ///   - deliveries: the run's deliveries (every copy of an occurrence).
    ///   - dropped: the identifiers the center dropped above its capacity.
    public init(scenario: Scenario, history: OccurrenceHistory, state: EngineState?, now: Date,
                deliveries: [TimelineDelivery], dropped: [String]) {
        self.init(history: history, rules: scenario.entities.flatMap { (try? $0.reminderRules()) ?? [] },
                  state: state, deviceZone: scenario.zone, now: now, deliveries: deliveries, dropped: dropped)
    }

    package init(history: OccurrenceHistory, rules: [ReminderRule], state: EngineState?, deviceZone: TimeZone, now: Date,
                 deliveries: [TimelineDelivery], dropped: [String]) {
        self.history = history
        self.rules = rules
        self.state = state
        self.deviceZone = deviceZone
        self.now = now
        self.deliveries = deliveries
        index = ScenarioDeliveryIndex(deliveries)
        self.dropped = Set(dropped)
    }

    /// The story of `rule`'s occurrence at `local`.
    public func story(of rule: ReminderRule.ID, at local: LocalDateTime) -> OccurrenceStory {
        var story = history.story(entity: rule.entity, rule: rule.rule, at: local, rules: rules, state: state,
                                  deviceZone: deviceZone, now: now)
        addSystemFacts(to: &story)
        addHeldBack(to: &story)
        return story
    }

    /// What the simulated system knows and the engine cannot (it learns of a delivery
    /// at its next run, and never of a drop). The verdict is worked out again.
    func addSystemFacts(to story: inout OccurrenceStory) {
        let key = OccurrenceKey(story.occurrence)
        // Only the deliveries the index finds can pass the test below: the occurrence's
        // own, a repeating request's due at its time, and the groups its plans named.
        let groups = Set(story.events.compactMap { event -> String? in
            guard case .planned(let identifier, _, _) = event.fact, identifier.hasPrefix("herald:group:") else { return nil }
            return identifier
        })
        for position in index.candidates(entity: story.entity, rule: story.rule, at: story.occurrence, groups: groups) {
            let delivery = index.deliveries[position]
            guard let identifier = index.identifiers[position],
                  Self.cameIn(delivery, story: story)
                    || identifier.entity == story.entity && identifier.rule == story.rule
                    && (identifier.occurrence.withoutNagRepeat == key
                        || (identifier.occurrence.repeatingSlot != nil && (delivery.dueLocal ?? delivery.local) == story.occurrence))
            else { continue }
            let held = delivery.held.map { $0 == .summary ? "the scheduled summary" : "a Focus" }
                ?? (identifier.isDeferredGroup || Self.wasDeferred(delivery, story: story) ? "quiet hours" : nil)
            // An alarm sounds: it is not a notification the system delivered.
            let fact: OccurrenceStory.Fact = delivery.isAlarm ? .alarmSounded(identifier: delivery.identifier)
                : .delivered(identifier: delivery.identifier, held: held)
            if let seen = story.events.firstIndex(where: {
                guard $0.date == delivery.date else { return false }
                if delivery.isAlarm { return $0.fact.kind == "alarm_sounded" }
                guard case .delivered(let seen, _) = $0.fact else { return false }
                return seen == delivery.identifier
            }) {
                story.events[seen].fact = fact
            } else {
                let place = story.events.firstIndex { $0.date > delivery.date } ?? story.events.endIndex
                story.events.insert(OccurrenceStory.Event(date: delivery.date, fact: fact), at: place)
            }
        }
        let delivered = story.events.contains { ["delivered", "alarm_sounded"].contains($0.fact.kind) }
        let handed = Set(story.events.compactMap(\.fact.identifier))
        story.events = story.events.compactMap { event in
            guard case .notDelivered(let reason) = event.fact else { return event }
            if delivered { return nil }
            var event = event
            if reason == .lost, !dropped.isDisjoint(with: handed) { event.fact = .notDelivered(.droppedAboveCapacity) }
            return event
        }
        story.verdict = OccurrenceStory.verdict(of: story.events, date: story.date, now: now)
    }

    /// Whether the lone reminder `delivery` is the occurrence shown late because the
    /// quiet hours deferred it: the last plan before it told the deferral.
    static func wasDeferred(_ delivery: TimelineDelivery, story: OccurrenceStory) -> Bool {
        guard delivery.date > story.date.addingTimeInterval(OccurrenceStory.onTimeTolerance),
              let last = story.events.last(where: { $0.fact.kind == "planned" && $0.date <= delivery.date })
        else { return false }
        return story.events.contains { $0.date == last.date && $0.fact.kind == "deferred" }
    }

    /// Whether `delivery` is a group the occurrence came in: the last plan before it
    /// put the occurrence in that group.
    static func cameIn(_ delivery: TimelineDelivery, story: OccurrenceStory) -> Bool {
        guard delivery.identifier.hasPrefix("herald:group:"),
              let last = story.events.last(where: { $0.fact.isPlanDecision && $0.date <= delivery.date }),
              case .planned(let identifier, _, _) = last.fact else { return false }
        return identifier == delivery.identifier
    }
}
