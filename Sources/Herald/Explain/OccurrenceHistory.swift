import Foundation
import Synchronization

/// What the engine remembers of its runs for ``OccurrenceStory``: for each occurrence,
/// only what changed (a plan deciding it differently from the last, a reconcile adding,
/// replacing or removing its request, its delivery, the user's response), and for each
/// run a few numbers (its reasons, its coverage horizon, how many requests held the
/// slots and the latest of them, the paused entities, whether notifications were off).
/// What a run decided the same as the last costs nothing; a cut is worked out from the
/// run's numbers only when a story is asked for.
///
/// The history is kept in memory only, for ``days`` days (7 by default; an occurrence the
/// last plan still schedules keeps its facts): a process that ends forgets it, and the
/// story of an older occurrence starts later. An app that
/// makes a new engine in one process (or a test harness playing several launches)
/// passes the same history to each, so the story spans them.
///
/// ```swift
/// let history = OccurrenceHistory(days: 3)
/// let engine = Engine(center: center, source: source, clock: clock, history: history)
/// await engine.launched()
/// let story = await engine.explain(entity: water, rule: "sips", at: nine)
/// ```
public final class OccurrenceHistory: Sendable {
    /// How many days are kept unless told: 7.
    public static let defaultDays = 7
    /// How many days of runs and facts are kept.
    public let days: Int
    let storage = Mutex(Storage())

    /// - Precondition: `days` is at least 1.
    public init(days: Int = OccurrenceHistory.defaultDays) {
        precondition(days >= 1, "OccurrenceHistory(days: \(days)): keep at least one day")
        self.days = days
    }

    /// One occurrence of one rule: what a story is about. A request with a repeating
    /// trigger has a key of its own (``OccurrenceKey/repeating(_:weekday:)``); every
    /// repeat of a nag belongs to the occurrence it repeats.
    ///
    /// Its parts' hash is worked out once, when it is made: a run looks each key up
    /// several times (its decision, the plan's table, its facts), and a table hashes
    /// one number rather than four strings each time.
    struct Key: Hashable {
        let entity: EntityReference
        let rule: String
        let occurrence: OccurrenceKey
        private let partsHash: Int

        init(_ identifier: NotificationIdentifier) {
            self.init(entity: identifier.entity, rule: identifier.rule,
                      occurrence: identifier.kind == .group ? identifier.occurrenceText : identifier.occurrence)
        }

        init(entity: EntityReference, rule: String, occurrence: OccurrenceKey) {
            self.entity = entity
            self.rule = rule
            self.occurrence = occurrence
            var hasher = Hasher()
            hasher.combine(entity)
            hasher.combine(rule)
            hasher.combine(occurrence)
            partsHash = hasher.finalize()
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.partsHash == rhs.partsHash && lhs.entity == rhs.entity && lhs.rule == rhs.rule
                && lhs.occurrence == rhs.occurrence
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(partsHash)
        }
    }

    /// A plan's decision about one kind of request of an occurrence: compared with the
    /// last one to record only a change.
    struct DecisionKey: Hashable {
        var key: Key
        var kind: NotificationKind
        /// Which repeat of a nag, for a follow-up (``NotificationIdentifier/repeat``).
        var nagRepeat = 1
    }

    enum Decision: Hashable {
        case planned(badge: Int?, firesAt: Date)
        case plannedAlarm(soundsAt: Date)
        case skipped(PlanSkip.Reason)
        case displaced
    }

    /// A fact as recorded: `order` counts runs and facts, so facts sort as they happened.
    struct Recorded {
        var order: Int
        var kind: NotificationKind
        var event: OccurrenceStory.Event
    }

    /// What a story needs of one run, a few numbers; a cut is worked out from them.
    struct RunRecord {
        var order: Int
        var date: Date
        var reasons: [EngineEvent]
        var coverageHorizon: Date
        var horizonEnd: Date
        /// How many of the reminders' requests the plan kept, of how many slots Herald may use.
        var held: Int
        var capacity: Int
        /// The latest reminders the plan kept: the ones that held the last slots.
        var latest: [NotificationIdentifier]
        var paused: [EntityReference]
        var notificationsOff: Bool
    }

    struct Storage {
        var runs: [RunRecord] = []
        var facts: [Key: [Recorded]] = [:]
        /// The last decision recorded for each occurrence and kind, and the instant it is about.
        /// With the identifier's text of the occurrence's own request, once a plan wrote it.
        var decisions: [DecisionKey: (decision: Decision, date: Date, text: String?)] = [:]
        /// What the last plan scheduled, with when each fires.
        var planned: [DecisionKey: Date] = [:]
        /// The instant of each reminder the quiet hours deferred (it fired later), kept
        /// once no plan has it: its story is about its own time, not the deferral's.
        var deferredPlacements: [Key: Date] = [:]
        /// The identifiers the last reconcile left pending.
        var pending: Set<String> = []
        var order = 0
        var lastSweep = Date.distantPast

        mutating func nextOrder() -> Int {
            order += 1
            return order
        }

        mutating func append(_ key: Key, kind: NotificationKind, _ event: OccurrenceStory.Event, order: Int) {
            facts[key, default: []].append(Recorded(order: order, kind: kind, event: event))
        }

        /// Changes the facts of `key` (an empty list when it has none) with the order
        /// counter, in one look-up; the body adds at least one fact.
        mutating func withFacts(of key: Key, _ body: (inout [Recorded], inout Int) -> Void) {
            body(&facts[key, default: []], &order)
        }
    }

    /// How many runs the history holds now (for tests and diagnostics).
    public var runCount: Int { storage.withLock { $0.runs.count } }

    /// Drops what is older than ``days`` before `now`, at most once an hour of `now`; the
    /// facts of an occurrence the last plan still schedules stay.
    func sweep(_ storage: inout Storage, now: Date) {
        guard now.timeIntervalSince(storage.lastSweep) >= 3_600 || now < storage.lastSweep else { return }
        storage.lastSweep = now
        let cutoff = now.addingTimeInterval(-Double(days) * 86_400)
        if let first = storage.runs.firstIndex(where: { $0.date >= cutoff }) {
            storage.runs.removeFirst(first)
        } else {
            storage.runs.removeAll()
        }
        // Old entries are removed in place: rebuilding the tables would hash every key
        // kept, a week of them, at every sweep.
        // An occurrence planned long ago and still pending keeps its plan: its story needs it.
        // (The keys are listed first: a view of a table kept alive while it changes would copy it.)
        let old = storage.facts.compactMap { key, facts in facts.contains { $0.event.date >= cutoff } ? nil : key }
        if !old.isEmpty {
            let planned = Set(storage.planned.keys.lazy.map(\.key))
            for key in old where !planned.contains(key) { storage.facts.removeValue(forKey: key) }
        }
        let undecided = storage.decisions.compactMap { key, decided in decided.date < cutoff ? key : nil }
        for key in undecided { storage.decisions.removeValue(forKey: key) }
        let placed = storage.deferredPlacements.compactMap { key, date in date < cutoff ? key : nil }
        for key in placed { storage.deferredPlacements.removeValue(forKey: key) }
    }
}
