import Foundation

/// What the engine remembers of the center's delivered list from one run to the next,
/// so a run's cost does not grow with notifications the user never clears.
///
/// The center answers with the whole list each run; the ledger finds the part that
/// changed by comparing request identifiers and instants with the last list it saw
/// (deliveries are appended, so usually only the new tail differs), and keeps each
/// entry's entity and device-local day. Planning then needs only the **relevant**
/// entries: new ones, those whose verdict is not settled (never judged, or judged no
/// longer asking), and every entry of an entity whose planning state (pause, deletion,
/// completed or deferred days, snoozes, rules, and whether each counts toward the
/// badge) changed since it was judged. Any other entry was judged still asking under
/// the very state it would be judged under again, so leaving it out changes nothing in
/// the stale list; what it counts toward its day's badge (the occurrence
/// ``OutstandingNotifications/countedOccurrence(at:)`` found when it was judged, a
/// function of the entry and of that same state) is kept in the day's
/// ``SettledOutstanding``, which the planner counts with the list's (once per
/// occurrence), so today's badge is the whole list's too. A run's cost thus follows
/// what changed, not what was delivered today. A route's spot deliveries, judged once,
/// are not judged again while only the route's visits grow: they are events, which
/// never count toward the badge and are stale only when their entity is paused or
/// deleted after their delivery (``OutstandingNotifications/stale``), and both are in
/// ``EntitySignature``, which the route's visits and deliveries are no part of; so a
/// verdict the signature did not move on cannot change.
///
/// A cache of ``RunMemory``: brought to the list by every run (kept: the common start
/// with the last list; the rest judged again), its days computed again when the device
/// zone changes, empty after a relaunch. Measured in "A list the user never clears"
/// (Benchmarks/LOG.md, 2026-11-22): a simulated year never cleared, 187 ms of CPU a day
/// before, 31 ms after. Proved by
/// `DeliveredLedgerPropertyTests.aPlanFromTheLedgerEqualsOneFromTheWholeList`.
///
/// ```swift
/// var ledger = DeliveredLedger()
/// ledger.update(with: delivered, zone: zone)          // keeps what did not change
/// let positions = ledger.relevant(for: input)
/// input.delivered = positions.map { delivered[$0] }
/// input.settledOutstanding = ledger.settledOutstanding(on: today)
/// let (plan, outstanding) = planner.planJudging(input, walk: &walk)
/// ledger.judged(positions, stale: plan.staleDelivered) { outstanding.countedOccurrence(at: $0) }
/// ```
struct DeliveredLedger {
    /// The request identifier and instant of each entry of the last list, in order.
    private var stamps: [Stamp] = []
    /// The entity each entry names (`nil`: not Herald's), aligned with ``stamps``.
    private var entities: [EntityReference?] = []
    /// Positions of each entity's entries, ascending.
    private var byEntity: [EntityReference: [Int]] = [:]
    /// The device-local day of each entry, aligned with ``stamps``.
    private var days: [LocalDate] = []
    /// Positions of each request identifier's entries, ascending.
    private var byIdentifier: [String: [Int]] = [:]
    /// The occurrence each settled entry counts toward its day's badge, if any.
    private var counted: [Int: NotificationIdentifier] = [:]
    /// What the settled entries of each day count toward its badge.
    private var settled: [LocalDate: SettledOutstanding] = [:]
    /// Positions whose verdict is not settled.
    private var unjudged: Set<Int> = []
    /// The device zone the days were computed in.
    private var zone: TimeZone?
    /// Each entity's planning state when its entries were last looked at.
    private var signatures: [EntityReference: EntitySignature] = [:]

    struct Stamp: Equatable {
        var identifier: String
        var date: Date
    }

    /// How many entries at the start of `delivered` are those of the last list.
    func commonPrefix(with delivered: [DeliveredNotification]) -> Int {
        var kept = 0
        let common = min(stamps.count, delivered.count)
        while kept < common, stamps[kept].date == delivered[kept].date,
              stamps[kept].identifier == delivered[kept].request.identifier {
            kept += 1
        }
        return kept
    }

    /// Brings the ledger to `delivered`: keeps the common start of the last list and
    /// adds the rest as not yet judged.
    ///
    /// - Returns: the position from which `delivered` differs from the last list.
    @discardableResult
    mutating func update(with delivered: [DeliveredNotification], zone: TimeZone) -> Int {
        if self.zone != zone {
            self = DeliveredLedger()
            self.zone = zone
        }
        let kept = commonPrefix(with: delivered)
        if kept < stamps.count { truncate(to: kept) }
        let converter = ZoneConverter.for(zone)
        for position in kept..<delivered.count {
            let notification = delivered[position]
            let entity = notification.request.heraldIdentifier?.entity
            stamps.append(Stamp(identifier: notification.request.identifier, date: notification.date))
            entities.append(entity)
            if let entity { byEntity[entity, default: []].append(position) }
            days.append(converter.local(for: notification.date).date)
            byIdentifier[notification.request.identifier, default: []].append(position)
            unjudged.insert(position)
        }
        return kept
    }

    /// Forgets the entries from `count` on.
    private mutating func truncate(to count: Int) {
        for position in count..<stamps.count {
            unsettle(position)
            let identifier = stamps[position].identifier
            let left = byIdentifier[identifier, default: []].prefix { $0 < count }
            byIdentifier[identifier] = left.isEmpty ? nil : Array(left)
        }
        stamps.removeSubrange(count...)
        entities.removeSubrange(count...)
        days.removeSubrange(count...)
        func cut(_ index: inout [some Hashable: [Int]]) {
            for key in index.keys {
                guard let positions = index[key], let last = positions.last, last >= count else { continue }
                let left = positions.prefix { $0 < count }
                index[key] = left.isEmpty ? nil : Array(left)
            }
        }
        cut(&byEntity)
        unjudged = unjudged.filter { $0 < count }
    }

    /// The positions of the entries planning must see, in list order: those not
    /// judged, and those of entities whose state differs from `signatures` of the last
    /// look (whose entries are then not judged until ``judged(_:stale:counting:)``).
    mutating func relevant(for input: PlanningInput) -> [Int] {
        // Only entities with entries can have a verdict to take back: the others'
        // signatures are never compared, so they are not computed.
        let current = byEntity.isEmpty ? [:] : EntitySignature.of(input) { byEntity[$0] != nil }
        for entity in Set(signatures.keys).union(current.keys) where signatures[entity] != current[entity] {
            for position in byEntity[entity] ?? [] { unsettle(position) }
        }
        signatures = current
        return unjudged.sorted()
    }

    /// What the settled entries delivered on `day` count toward its badge.
    func settledOutstanding(on day: LocalDate) -> SettledOutstanding {
        settled[day] ?? SettledOutstanding(day: day)
    }

    /// The positions of the entries with a request identifier, ascending.
    func positions(ofRequest identifier: String) -> [Int] { byIdentifier[identifier] ?? [] }

    /// Settles the verdict of the entries at `positions` that planning saw: those it did
    /// not find stale still ask under the state they were judged in, and count toward
    /// their day's badge the occurrence `counting` gives for them (called with their
    /// index in `positions`, which is their index in the list planning saw); stale ones
    /// stay unsettled until they go.
    mutating func judged(_ positions: [Int], stale: [String], counting: (Int) -> NotificationIdentifier?) {
        let staleIdentifiers = Set(stale)
        // A group's verdict follows its members' entities, not its own: it is never settled.
        for (index, position) in positions.enumerated() where position < stamps.count && unjudged.contains(position)
            && !staleIdentifiers.contains(stamps[position].identifier)
            && entities[position] != NotificationIdentifier.groupEntity {
            unjudged.remove(position)
            guard let occurrence = counting(index) else { continue }
            counted[position] = occurrence
            settled[days[position], default: SettledOutstanding(day: days[position])].add(occurrence)
        }
    }

    /// Makes the entry at `position` not judged, taking back what it counted.
    private mutating func unsettle(_ position: Int) {
        guard unjudged.insert(position).inserted else { return }
        guard let occurrence = counted.removeValue(forKey: position) else { return }
        settled[days[position]]?.remove(occurrence)
    }
}

/// What decides whether an entity's delivered notifications still ask something of the
/// user, other than the notifications themselves (see ``OutstandingNotifications``):
/// equal signatures give equal verdicts.
struct EntitySignature: Hashable {
    var paused = false
    var deletion: Date?
    var satisfied: Set<LocalDate> = []
    /// The latest snooze of each original occurrence.
    var snoozedUntil: [NotificationIdentifier: Date] = [:]
    /// The occurrences answered, and when (an alarm's backstop asks nothing once its
    /// alarm is; nothing delivered before the answer asks anything).
    var acknowledged: [NotificationIdentifier: Date] = [:]
    /// The entity's declared rules: the zone each is pinned to (empty: the device's),
    /// and whether it counts toward the badge.
    var rules: [String: RuleTraits] = [:]

    /// What of a declared rule decides the verdict of its delivered notifications.
    struct RuleTraits: Hashable {
        var zone: String
        var countsTowardBadge: Bool
    }

    /// The signatures of the entities the planning input names that `include` accepts.
    static func of(_ input: PlanningInput, including include: (EntityReference) -> Bool = { _ in true })
        -> [EntityReference: EntitySignature] {
        var result: [EntityReference: EntitySignature] = [:]
        for entity in input.paused where include(entity) { result[entity, default: EntitySignature()].paused = true }
        for (entity, date) in input.deletions where include(entity) {
            result[entity, default: EntitySignature()].deletion = date
        }
        for day in input.satisfied where include(day.entity) {
            result[day.entity, default: EntitySignature()].satisfied.insert(day.day)
        }
        for snooze in input.snoozes where include(snooze.original.entity) {
            let original = snooze.original
            result[original.entity, default: EntitySignature()].snoozedUntil[original] =
                max(result[original.entity]?.snoozedUntil[original] ?? snooze.until, snooze.until)
        }
        for (original, date) in input.acknowledged where include(original.entity) {
            result[original.entity, default: EntitySignature()].acknowledged[original] = date
        }
        for rule in input.rules where include(rule.entity) {
            result[rule.entity, default: EntitySignature()].rules[rule.ruleID] = RuleTraits(
                zone: rule.schedule.timeZone?.identifier ?? "", countsTowardBadge: rule.countsTowardBadge)
        }
        return result
    }
}
