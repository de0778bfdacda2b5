import Foundation

/// Why an occurrence fired, or did not: every plan that considered it and what it
/// decided, every reconcile that added, replaced or removed its request, its delivery
/// (or why the system did not deliver it), the user's response and its removal, in the
/// order they happened, with a ``Verdict``.
///
/// ```swift
/// let story = await engine.explain(entity: water, rule: "sips", at: LocalDateTime(parsing: "2026-11-21T15:00")!)
/// story.verdict                        // .cut
/// for event in story.events { print(event.fact) }
/// // planned as herald:reminder:habit:water:sips:20261121T1500 (badge 3)
/// // cut by the budget: 54 sooner requests held the reminders' slots (...), the latest herald:reminder:...
/// ```
///
/// The engine keeps what it needs for stories in its ``OccurrenceHistory``, for a
/// bounded number of days: an older occurrence has a shorter story.
public struct OccurrenceStory: Hashable, Sendable {
    /// The entity the occurrence belongs to.
    public var entity: EntityReference
    /// The rule's identifier within its entity.
    public var rule: String
    /// The occurrence's local date-time (in its rule's zone, or the device's).
    public var occurrence: LocalDateTime
    /// The occurrence's instant, as its rule places it.
    public var date: Date
    /// What happened to it, in order.
    public var events: [Event]
    /// What became of it, as far as the story goes.
    public var verdict: Verdict

    public init(entity: EntityReference, rule: String, occurrence: LocalDateTime, date: Date, events: [Event],
                verdict: Verdict) {
        self.entity = entity
        self.rule = rule
        self.occurrence = occurrence
        self.date = date
        self.events = events
        self.verdict = verdict
    }

    /// One thing that happened to the occurrence.
    public struct Event: Hashable, Sendable {
        /// When it happened: the run's instant for a plan or a reconcile, the delivery's
        /// for a delivery (when it was shown), the response's for a response.
        public var date: Date
        public var fact: Fact
        /// When later plans decided the same, the last of them: the event stands for
        /// every plan from ``date`` to this one.
        public var until: Date?
        /// For a plan's decision, the reasons of the run that made it (`launch`,
        /// `day changed`, ...); empty otherwise.
        public var reasons: [String]

        public init(date: Date, fact: Fact, until: Date? = nil, reasons: [String] = []) {
            self.date = date
            self.fact = fact
            self.until = until
            self.reasons = reasons
        }
    }

    /// What became of an occurrence: the answer to "why didn't it fire?".
    public enum Verdict: String, Hashable, Sendable, CaseIterable {
        /// Shown at its time.
        case delivered
        /// Shown later than its time: held by the scheduled summary or a Focus.
        case held
        /// Left out of the plan by the budget: sooner occurrences held every slot.
        case cut
        /// It fitted the budget, but snoozes and posted events took its slot.
        case displaced
        /// Not wanted: done (or deferred) that day, snoozed, delivered already, the
        /// entity paused or deleted, or not an occurrence of its rule (an excluded
        /// date, outside its window or times, an edited rule).
        case skipped
        /// Planned and handed to the center, but the system did not deliver it:
        /// notifications were turned off, or the system dropped the request.
        case notDelivered = "not_delivered"
        /// No plan the history holds ever considered it.
        case neverPlanned = "never_planned"
        /// Planned, and not due yet when the story was told.
        case pending
    }
}
