/// The requests the last run built from its plan, each with what it was built from, so
/// that a run builds again only the requests whose reminder or content changed.
///
/// A run still asks the source for the content of every planned reminder (the app's
/// data may have changed without an event). Building a request from a reminder and its
/// content (``PlannedReminder/request(with:)``: the identifier's text, Herald's payload,
/// the checks of `userInfo`, the trigger) is a pure function of the two, so when both
/// equal what the last run built from, the last run's request is the answer: the same
/// value, sharing its storage, which the comparison with the pending request (often
/// that very value, handed to the center) then settles at once. A request that failed
/// to build is never kept, so its error is raised again. The identifiers of the requests
/// built are kept by their text too, and read back instead of parsing a pending
/// request's identifier again (the same value: only identifiers whose parts are all
/// non-empty are kept, and those parse back as they are).
///
/// A cache of ``RunMemory``: rebuilt by every run that builds requests (``endRun()``
/// forgets what that run did not plan), untouched while notifications are off, empty
/// after a relaunch. Measured with the store's read cache in "A completion that
/// rebuilds and rereads only what changed" (Benchmarks/LOG.md, 2026-11-24): completing
/// 1 of 20 habits, 847 µs before, 799 µs after (median). Measured again without it
/// (Benchmarks/LOG.md, 2026-11-29, "Whether `BuiltRequests` stays"): completing 1 of 20
/// habits 571 → 816 µs (+43 %), a simulated year re-planned at each day change 370 →
/// 497 ms (+34 %), so it stays. Proved by
/// `BuiltRequestsPropertyTests.anEngineThatKeepsItsRequestsMatchesOneMadeAfreshForEachEvent`.
///
/// ```swift
/// var built = BuiltRequests()
/// let request = try built.request(for: reminder, content: content) // built, or the last run's
/// built.endRun()                                                   // forgets what this run did not plan
/// built.identifier(of: request.identifier)                          // the parsed identity, without parsing
/// ```
struct BuiltRequests {
    /// What identifies a planned request without formatting its identifier.
    struct Key: Hashable {
        var entity: EntityReference
        var rule: String
        var occurrence: LocalDateTime
        var kind: NotificationKind
        var repeating: RepeatingSlot?

        init(_ reminder: PlannedReminder) {
            entity = reminder.rule.entity
            rule = reminder.rule.ruleID
            occurrence = reminder.occurrence.local
            kind = reminder.kind
            repeating = reminder.repeating
        }
    }

    /// A request and what it was built from; one reference, so keeping it again in the
    /// next run's table copies a pointer, not every field.
    final class Built {
        let reminder: PlannedReminder
        let content: NotificationContent
        let request: NotificationRequest

        init(reminder: PlannedReminder, content: NotificationContent, request: NotificationRequest) {
            self.reminder = reminder
            self.content = content
            self.request = request
        }
    }

    /// What the last finished run built.
    private var previous: [Key: Built] = [:]
    /// What this run built or kept so far.
    private var current: [Key: Built] = [:]
    /// The identity of each request kept, by its identifier's text.
    private var identifiers: [String: NotificationIdentifier] = [:]

    /// The request for a reminder with this content: the last run's when it was built
    /// from equal values, a new one otherwise.
    ///
    /// - Throws: what ``PlannedReminder/request(with:)`` throws.
    mutating func request(for reminder: PlannedReminder, content: NotificationContent) throws(DeclarationError)
        -> NotificationRequest {
        let key = Key(reminder)
        if let built = previous[key] ?? current[key], built.reminder == reminder, built.content == content {
            current[key] = built
            return built.request
        }
        let identifier = reminder.identifier
        let request = try reminder.request(with: content, identifier: identifier)
        if identifier.roundTrips, identifiers[request.identifier] == nil {
            identifiers[request.identifier] = identifier
        }
        current[key] = Built(reminder: reminder, content: content, request: request)
        return request
    }

    /// Ends a run: what it built is what the next run compares with; the rest is
    /// forgotten, so what is kept never outgrows one plan.
    mutating func endRun() {
        for (key, built) in previous where current[key] == nil {
            identifiers[built.request.identifier] = nil
        }
        previous = current
        current = [:]
        // (Reserving room for none would still allocate a table.)
        if !previous.isEmpty { current.reserveCapacity(previous.count) }
    }

    /// The parsed identity of an identifier's text: kept when a run built it, parsed
    /// otherwise (`nil` when it is not Herald's).
    func identifier(of text: String) -> NotificationIdentifier? {
        identifiers[text] ?? NotificationIdentifier(parsing: text)
    }
}
