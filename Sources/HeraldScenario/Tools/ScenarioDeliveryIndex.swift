import Foundation
import Herald

/// A run's deliveries, each identifier read once, found by the occurrence they may
/// stand for: what ``ScenarioStoryTeller`` looks up for each story instead of reading
/// every delivery of the run again (a page of 10,000 deliveries tells 10,000 stories).
///
/// A look-up gives the deliveries that can belong to a story, in the run's order: those
/// of its rule's occurrence (a follow-up's repeats included), those of a repeating
/// request due at its local time, and those of the groups its plans named. The teller
/// still checks each, so the index only narrows what it reads.
///
/// ```swift
/// let index = ScenarioDeliveryIndex(result.deliveries)
/// for position in index.candidates(entity: water, rule: "sips", at: nine, groups: []) {
///     print(index.deliveries[position].identifier)
/// }
/// ```
struct ScenarioDeliveryIndex: Sendable {
    /// One rule's occurrence, or one local time of it.
    private struct Slot: Hashable {
        var entity: EntityReference
        var rule: String
        var occurrence: OccurrenceKey
    }

    private struct DueAt: Hashable {
        var entity: EntityReference
        var rule: String
        var local: LocalDateTime
    }

    let deliveries: [TimelineDelivery]
    /// Each delivery's identifier as read, `nil` for one delivered before the run or not Herald's.
    let identifiers: [NotificationIdentifier?]
    private var byOccurrence: [Slot: [Int]] = [:]
    private var byDueTime: [DueAt: [Int]] = [:]
    private var byGroup: [String: [Int]] = [:]

    init(_ deliveries: [TimelineDelivery]) {
        self.deliveries = deliveries
        identifiers = deliveries.map { $0.beforeStart ? nil : NotificationIdentifier(parsing: $0.identifier) }
        for (position, identifier) in identifiers.enumerated() {
            guard let identifier else { continue }
            let delivery = deliveries[position]
            byOccurrence[Slot(entity: identifier.entity, rule: identifier.rule,
                              occurrence: identifier.occurrence.withoutNagRepeat), default: []].append(position)
            if identifier.occurrence.repeatingSlot != nil {
                byDueTime[DueAt(entity: identifier.entity, rule: identifier.rule,
                                local: delivery.dueLocal ?? delivery.local), default: []].append(position)
            }
            if delivery.identifier.hasPrefix("herald:group:") {
                byGroup[delivery.identifier, default: []].append(position)
            }
        }
    }

    /// The positions of the deliveries that may stand for `rule`'s occurrence at `local`,
    /// or came in one of `groups`, in the run's order, each once.
    func candidates(entity: EntityReference, rule: String, at local: LocalDateTime, groups: Set<String>) -> [Int] {
        var found = byOccurrence[Slot(entity: entity, rule: rule, occurrence: OccurrenceKey(local))] ?? []
        found += byDueTime[DueAt(entity: entity, rule: rule, local: local)] ?? []
        for group in groups { found += byGroup[group] ?? [] }
        return Set(found).sorted()
    }
}
