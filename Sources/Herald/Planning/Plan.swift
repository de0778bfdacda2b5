import Collections
import Foundation

/// What the planner decided: everything Herald wants pending (reminders, snoozes,
/// follow-ups and posted events, never more than the center keeps), the badge to show,
/// the delivered notifications to remove, how far ahead the plan is complete, and what
/// it left out and why.
///
/// ```swift
/// let plan = Planner().plan(input)
/// plan.reminders.count     // at most the budget (54 by default)
/// plan.pendingCount        // at most plan.capacity
/// plan.coverageHorizon     // every due reminder before this instant is scheduled
/// plan.guaranteedCoverage  // until when every due reminder fires if the app never runs again
/// plan.refreshDeadline     // re-plan by then to keep that coverage (and the day's content)
/// plan.repeating           // repeating requests of rules with fixed content, where exact
/// plan.cuts()              // each occurrence left out for lack of room, with its reason
/// ```
package struct Plan: Sendable {
    /// The plan's values in one shared box: a plan is copied into reports, the engine's
    /// memory and the history, and a copy is then one reference, not every list (a
    /// change to a shared plan copies the box first).
    private var box: Box

    /// Changes the values, copying them first when another plan shares them.
    private mutating func changingValues(_ change: (inout Values) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.values) }
        change(&box.values)
    }

    /// The reminders to schedule, in fire order: at most the budget.
    public var reminders: [PlannedReminder] { box.values.reminders }
    /// Snoozed occurrences still to fire, in fire order; they live in the reserve.
    public var snoozes: [PlannedReminder] { box.values.snoozes }
    /// Follow-ups of occurrences nobody acted on, in fire order; they live in the reserve.
    public var followUps: [PlannedReminder] { box.values.followUps }
    /// App-posted events still to fire, in fire order; they live in the reserve.
    public var events: [PostedEvent] { box.values.events }
    /// Reminders that fitted the reminders' budget but gave their slot to snoozes and
    /// posted events that outgrew the reserve, in fire order (the latest ones).
    public var displaced: [PlannedReminder] { box.values.displaced }
    /// Identifiers of delivered Herald notifications that no longer ask anything of the
    /// user (see ``OutstandingNotifications``): the run removes them.
    public var staleDelivered: [String] { box.values.staleDelivered }
    /// The slots of the center Herald may use: its capacity less the requests that are
    /// not Herald's.
    public var capacity: Int { box.values.capacity }
    /// Every due, unsatisfied occurrence before this instant is in ``reminders``.
    /// Equal to ``horizonEnd`` when nothing was cut.
    public var coverageHorizon: Date { box.values.coverageHorizon }
    /// The end of the planning horizon.
    public var horizonEnd: Date { box.values.horizonEnd }
    /// Until when every due reminder fires with no further re-plan (the app never runs
    /// again): ``GuaranteedCoverage/unbounded`` when every due rule is covered by
    /// ``repeating`` requests and none of their times meets a daylight-saving change;
    /// otherwise the earlier of the ``coverageHorizon`` (while any due rule keeps
    /// one-shot requests) and the first such change (see ``PlannerConfiguration/RepeatingTriggerPolicy``).
    public internal(set) var guaranteedCoverage: GuaranteedCoverage {
        get { box.values.guaranteedCoverage }
        set { changingValues { $0.guaranteedCoverage = newValue } }
    }
    /// By when the plan must be re-planned: the earliest of the end of
    /// ``guaranteedCoverage``; the next local midnight when content depends on the day
    /// (``PlannerConfiguration/contentDependsOnDay``) and a planned request's rule does
    /// not declare ``ReminderRule/fixedContent``; and the instant a rule kept on
    /// one-shot requests (a day done, an excluded date ahead) may switch to repeating
    /// triggers. `nil` when none applies. A background refresh aims before it.
    public internal(set) var refreshDeadline: Date? {
        get { box.values.refreshDeadline }
        set { changingValues { $0.refreshDeadline = newValue } }
    }
    /// Occurrences before the coverage horizon left out because they are satisfied.
    public var skipped: [PlanSkip] { box.values.skipped }
    /// Entities whose reminders were not planned because they are paused.
    public var pausedEntities: [EntityReference] { box.values.pausedEntities }
    /// The app badge to show now (the outstanding count), or `nil` when the policy
    /// leaves the badge alone.
    public var appBadge: Int? { box.values.appBadge }

    var remainder: Remainder { box.values.remainder }
    var alarmRemainder: Remainder? { box.values.alarmRemainder }

    init(reminders: [PlannedReminder], groups: [PlannedGroup] = [], snoozes: [PlannedReminder], followUps: [PlannedReminder],
         events: [PostedEvent], displaced: [PlannedReminder], staleDelivered: [String], capacity: Int,
         coverageHorizon: Date, horizonEnd: Date, skipped: [PlanSkip], pausedEntities: [EntityReference],
         appBadge: Int?, remainder: Remainder) {
        box = Box(Values(
            reminders: reminders, snoozes: snoozes, followUps: followUps, events: events, displaced: displaced,
            staleDelivered: staleDelivered, capacity: capacity, coverageHorizon: coverageHorizon, horizonEnd: horizonEnd,
            guaranteedCoverage: .until(coverageHorizon), skipped: skipped, pausedEntities: pausedEntities,
            appBadge: appBadge, remainder: remainder, groups: groups))
    }

    /// Location reminders armed now (seed 004): one per rule whose region is watched,
    /// its entity neither done today nor paused, and (unless repeating) not delivered
    /// today. They take slots of the reminders' budget.
    public internal(set) var locationReminders: [PlannedReminder] {
        get { box.values.locationReminders }
        set { changingValues { $0.locationReminders = newValue } }
    }
    /// Which places the platform watches and which the 20-region budget cuts: route
    /// waypoints first, then location reminders by distance (``RegionBudget``).
    public internal(set) var regions: RegionPlan {
        get { box.values.regions }
        set { changingValues { $0.regions = newValue } }
    }
    /// The settings the plan was made under, which decide each reminder's level
    /// (``delivery(of:)``).
    public internal(set) var deliverySettings: NotificationSettings {
        get { box.values.deliverySettings }
        set { changingValues { $0.deliverySettings = newValue } }
    }
    /// Whether the plan could use an alarm channel the user allowed.
    public internal(set) var alarmsAvailable: Bool {
        get { box.values.alarmsAvailable }
        set { changingValues { $0.alarmsAvailable = newValue } }
    }
    /// How many alarms the plan may hold (``AlarmChannel/capacity``; 0 without an alarm channel).
    public internal(set) var alarmCapacity: Int {
        get { box.values.alarmCapacity }
        set { changingValues { $0.alarmCapacity = newValue } }
    }
    /// The alarms the plan wants the system to hold, by first sounding: the reminders of
    /// rules whose level is ``Urgency/alarm`` (``DeliveryForecast``), which take no slot
    /// of the notification center. Weekly where that is exact, one per occurrence
    /// otherwise (see the planner's alarm channel).
    package internal(set) var alarms: [PlannedAlarm] {
        get { box.values.alarms }
        set { changingValues { $0.alarms = newValue } }
    }

    /// The notifications armed behind the alarms, in fire order (``AlarmBackstop``):
    /// one rung down each alarm rule's ladder, a few minutes after each alarm (or its
    /// rule's nag repeats), in case the alarm never sounds or goes unanswered. They take
    /// the slots the rest of the plan leaves free, follow-ups included.
    public internal(set) var backstops: [PlannedReminder] {
        get { box.values.backstops }
        set { changingValues { $0.backstops = newValue } }
    }

    /// Records the alarm channel's part of the plan (``AlarmPlanning/apply(to:)``): its
    /// alarms, and its skips after the plan's own; its coverage bounds the plan's.
    mutating func setAlarms(_ selection: Planner.AlarmSelection, channel: AlarmChannel?) {
        alarms = selection.alarms
        if !selection.skipped.isEmpty { changingValues { $0.skipped += selection.skipped } }
        alarmsAvailable = channel?.isAvailable ?? false
        alarmCapacity = channel?.capacity ?? 0
        changingValues { $0.alarmRemainder = selection.remainder }
        changingValues { $0.alarmsPassedOver = channel.map { $0.unavailability } ?? .alarmsUnavailable }
        if let horizon = selection.coverageHorizon { guaranteedCoverage = min(guaranteedCoverage, .until(horizon)) }
    }

    /// What the user will really get from `reminder` under ``deliverySettings``: the
    /// level and why, and what holds it (``DeliveryForecast``); `nil` when its rule asks
    /// for no urgency (the content's level stands).
    ///
    /// ```swift
    /// for reminder in plan.reminders {
    ///     if let delivery = plan.delivery(of: reminder) { print(reminder.identifier, delivery) }
    /// }
    /// ```
    public func delivery(of reminder: PlannedReminder) -> DeliveryForecast? {
        guard let urgency = reminder.rule.urgency else { return nil }
        return DeliveryForecast(urgency: urgency, fallback: reminder.rule.fallback, settings: deliverySettings,
                                alarmsPassedOver: box.values.alarmsPassedOver)
    }

    /// Badges of the events that count toward the badge: the route's completion while
    /// it is pending (seed 001); every other event carries none.
    public internal(set) var eventBadges: [NotificationIdentifier: Int] {
        get { box.values.eventBadges }
        set { changingValues { $0.eventBadges = newValue } }
    }

    /// The requests of ``events``, each with its badge from ``eventBadges``.
    public var eventRequests: [NotificationRequest] {
        events.map { event in
            var request = event.request
            request.content.badge = eventBadges[event.identifier]
            return request
        }
    }

    /// Requests with a repeating calendar trigger, one per time of day (and weekday) of
    /// each rule the plan covers that way (see ``PlannerConfiguration/RepeatingTriggerPolicy``), in order of
    /// their first delivery. Each takes one slot of the reminders' budget and keeps
    /// firing with no re-plan.
    public internal(set) var repeating: [PlannedReminder] {
        get { box.values.repeating }
        set { changingValues { $0.repeating = newValue } }
    }

    /// Notifications that each stand for several reminders, in fire order: those the
    /// quiet hours deferred to one end, and those due together
    /// (``PlannerConfiguration/groupWithin``). Each takes one slot of the reminders'
    /// budget; its members are in none of the other lists.
    public internal(set) var groups: [PlannedGroup] {
        get { box.values.groups }
        set { changingValues { $0.groups = newValue } }
    }

    /// The planned requests of the app's rules: reminders, snoozes, follow-ups,
    /// location reminders, repeating requests and the alarms' backstops (not ``groups``).
    public var requests: [PlannedReminder] {
        reminders + snoozes + followUps + locationReminders + repeating + backstops
    }

    /// How many requests the plan wants pending, of every kind: never above ``capacity``.
    public var pendingCount: Int {
        reminders.count + snoozes.count + followUps.count + events.count + locationReminders.count + repeating.count
            + groups.count + backstops.count
    }

    /// Whether every due reminder within the horizon is scheduled.
    public var coversHorizon: Bool { coverageHorizon >= horizonEnd }

    /// Every due occurrence within the horizon that the budget left out, soonest first,
    /// with those the alarm channel's limit left out (``alarmCuts(first:)``).
    ///
    /// Computed on demand: a plan over thousands of rules may cut hundreds of thousands
    /// of occurrences, and only a report needs them listed.
    public func cuts() -> [PlanCut] {
        cuts(first: .max)
    }

    /// The first `limit` of ``cuts()``, soonest first: the work stops there, however
    /// many occurrences the horizon holds (a minutely rule over a year cuts half a
    /// million), so a report can list what it shows and say whether there is more.
    ///
    /// ```swift
    /// let listed = plan.cuts(first: 101)
    /// print(listed.prefix(100), listed.count > 100 ? "and more" : "")
    /// ```
    public func cuts(first limit: Int) -> [PlanCut] {
        let moved = displaced.prefix(limit).map { PlanCut(rule: $0.rule.id, occurrence: $0.occurrence, reason: .displaced) }
        let notifications = moved + remainder.cuts(before: horizonEnd, limit: limit - moved.count)
        let alarms = alarmCuts(first: limit)
        guard !alarms.isEmpty else { return notifications }
        // Merged by instant (a stable sort: at one instant, the notifications' first).
        return Array((notifications + alarms).enumerated()
            .sorted { ($0.element.occurrence.date, $0.offset) < ($1.element.occurrence.date, $1.offset) }
            .map(\.element).prefix(limit))
    }

    /// What was still waiting when the budget was full, kept so ``cuts()`` can list it.
    /// A class: a plan is copied into reports and the engine's memory, and this part,
    /// which holds the planning input, is then shared rather than copied.
    final class Remainder: Sendable {
        let heap: Heap<PlanCandidate>
        /// The planner's pass, whose reasons to skip an occurrence (done that day,
        /// snoozed, fired already) the cut list shares.
        let selector: Planner.OneShotSelector

        init(heap: Heap<PlanCandidate>, selector: Planner.OneShotSelector) {
            self.heap = heap
            self.selector = selector
        }

        func cuts(before end: Date, limit: Int, reason: PlanCut.Reason = .overBudget) -> [PlanCut] {
            var heap = heap
            var result: [PlanCut] = []
            while result.count < limit, let top = heap.min, top.occurrence.date < end {
                if selector.skipReason(top).reason == nil {
                    result.append(PlanCut(rule: selector.input.rules[top.ruleIndex].id, occurrence: top.occurrence,
                                          reason: reason))
                }
                if let next = selector.input.rules[top.ruleIndex].schedule.nextOccurrence(
                    after: top.occurrence.date, using: selector.converters[top.ruleIndex]), next.date < end {
                    _ = heap.replaceMin(with: PlanCandidate(top, next: next))
                } else {
                    heap.removeMin()
                }
            }
            return result
        }
    }
}

/// A rule's next occurrence waiting in the planner's queue, ordered by instant, then
/// priority (higher first), then a stable hash of the rule's identity, so the order
/// never depends on the order the app listed its rules in.
struct PlanCandidate: Comparable, Sendable {
    var occurrence: Occurrence
    var priority: Int
    var tieBreak: UInt64
    var ruleIndex: Int

    init(occurrence: Occurrence, priority: Int, tieBreak: UInt64, ruleIndex: Int) {
        self.occurrence = occurrence
        self.priority = priority
        self.tieBreak = tieBreak
        self.ruleIndex = ruleIndex
    }

    /// The same rule's candidate for its next occurrence.
    init(_ previous: PlanCandidate, next: Occurrence) {
        self = previous
        self.occurrence = next
    }

    static func < (lhs: PlanCandidate, rhs: PlanCandidate) -> Bool {
        if lhs.occurrence.date != rhs.occurrence.date { return lhs.occurrence.date < rhs.occurrence.date }
        if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
        if lhs.tieBreak != rhs.tieBreak { return lhs.tieBreak < rhs.tieBreak }
        return lhs.ruleIndex < rhs.ruleIndex
    }

    static func == (lhs: PlanCandidate, rhs: PlanCandidate) -> Bool {
        lhs.occurrence.date == rhs.occurrence.date && lhs.priority == rhs.priority
            && lhs.tieBreak == rhs.tieBreak && lhs.ruleIndex == rhs.ruleIndex
    }

    /// FNV-1a over the rule's identity: stable across runs and platforms.
    static func stableHash(of id: ReminderRule.ID) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [id.entity.namespace, id.entity.id, id.rule] {
            for byte in part.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
            hash = (hash ^ 0xff) &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
