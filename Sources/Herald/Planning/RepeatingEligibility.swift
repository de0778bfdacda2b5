import Foundation

/// Whether a rule can be covered by repeating calendar triggers now, exactly: the one
/// place the planner decides it (see ``PlannerConfiguration/RepeatingTriggerPolicy``).
///
/// A repeating calendar trigger starts matching as soon as it is added and never ends,
/// so a rule is covered by its ``RepeatingSlot``s only when every match from now on is
/// an occurrence Herald would deliver. Each match that is not (a day done or deferred,
/// a snoozed or already delivered occurrence, an excluded date or time, a match before
/// the rule's start) **blocks** the rule until it has passed; a rule with an end, extra
/// dates, a follow-up, a region, content that is not fixed, a badge it cannot keep
/// exact, or a schedule that is not daily or weekly at times is never covered.
///
/// The platform's handling of a repeating trigger on a day whose daylight-saving
/// change skips or repeats the trigger's wall time is not confirmed, nor in the rest of
/// the local hours such a change touches (Foundation's calendar misses 03:45 to 03:59
/// on the night Chatham's summer time ends at 03:45), so a covered rule is guaranteed
/// only until its first match in those hours (its ``Verdict/now(slots:limit:)``
/// limit): the change's instant, or the match's own instant when that is earlier (the
/// first of a repeated hour).
///
/// ```swift
/// var eligibility = RepeatingEligibility(input: input, configuration: configuration)
/// switch eligibility.verdict(for: rule, converter: berlin) {
/// case .now(let slots, let limit): print(slots, limit ?? "no DST change ahead")
/// case .after(let instant): print("blocked until", instant)
/// case .never: print("one-shot requests only")
/// }
/// ```
struct RepeatingEligibility {
    enum Verdict: Equatable {
        /// Never, as declared (or under the configuration's policies).
        case never
        /// Not now: a match up to this instant is not an occurrence Herald delivers. A
        /// plan made at or after it may cover the rule.
        case after(Date)
        /// Now, with these slots; guaranteed until `limit` (a daylight-saving change
        /// that skips or repeats a slot's wall time), or with no known limit.
        case now(slots: [RepeatingSlot], limit: Date?)
    }

    let input: PlanningInput
    let policy: RepeatingTriggerPolicy
    let badgePolicy: BadgePolicy
    let deviceConverter: ZoneConverter
    /// Satisfied days from yesterday on (a pinned rule's day may start a day early), by entity.
    private let satisfiedDays: [EntityReference: [LocalDate]]
    /// Snoozed originals and delivered reminders, by rule: their occurrences are not
    /// delivered again when they come round (the clock set back).
    private let heldOccurrences: [ReminderRule.ID: [LocalDateTime]]
    /// Daylight-saving limits already found, by zone and slot: rules at the same times
    /// share them.
    private var limits: [LimitKey: Date?] = [:]

    private struct LimitKey: Hashable {
        var zone: String
        var slot: RepeatingSlot
    }

    init(input: PlanningInput, configuration: PlannerConfiguration) {
        self.input = input
        policy = configuration.repeatingTriggers
        badgePolicy = configuration.badgePolicy
        let device = ZoneConverter.for(input.deviceZone)
        deviceConverter = device
        let yesterday = device.local(for: input.now).date.adding(days: -1)
        var days: [EntityReference: [LocalDate]] = [:]
        for entry in input.satisfied where entry.day >= yesterday { days[entry.entity, default: []].append(entry.day) }
        satisfiedDays = days
        var held: [ReminderRule.ID: [LocalDateTime]] = [:]
        let identifiers = input.snoozes.map(\.original)
            + input.fired.lazy.filter { $0.identifier.kind == .reminder }.map(\.identifier)
        for identifier in identifiers {
            guard let local = identifier.occurrence.localDateTime else { continue }
            held[ReminderRule.ID(entity: identifier.entity, rule: identifier.rule), default: []].append(local)
        }
        heldOccurrences = held
    }

    /// Whether covering `rule` drops a badge its requests would carry.
    func dropsBadge(_ rule: ReminderRule) -> Bool {
        if case .none = badgePolicy { return false }
        return rule.countsTowardBadge
    }

    /// The verdict for `rule`, whose occurrences `converter` (its zone's) computes.
    mutating func verdict(for rule: ReminderRule, converter: ZoneConverter) -> Verdict {
        let schedule = rule.schedule
        guard policy != .never, rule.fixedContent, rule.nag == nil, rule.location == nil,
              schedule.end == nil, schedule.extraTimes.isEmpty,
              let slots = RepeatingSlot.slots(of: schedule.recurrence),
              !dropsBadge(rule) || policy == .droppingBadges else { return .never }
        let now = input.now
        var blocked: Date?
        func block(_ date: Date) {
            if date > now, date > (blocked ?? .distantPast) { blocked = date }
        }
        func block(_ local: LocalDateTime) {
            if slots.contains(where: { $0.time == local.time && $0.matches(local.date) }) {
                block(converter.instant(for: local).date)
            }
        }
        if let start = schedule.start {
            // Every match before the start is blocked: the last one is before this.
            block(converter.instant(for: start).date.addingTimeInterval(-1))
        }
        let floating = converter === deviceConverter
        for day in satisfiedDays[rule.entity] ?? [] {
            // A pinned rule's local dates around the device's day may fall on it.
            for offset in floating ? 0...0 : -2...2 {
                let date = day.adding(days: offset)
                for slot in slots where slot.matches(date) {
                    let instant = converter.instant(for: LocalDateTime(date: date, time: slot.time)).date
                    if floating || deviceConverter.local(for: instant).date == day { block(instant) }
                }
            }
        }
        for date in schedule.excludedDates {
            for slot in slots where slot.matches(date) { block(LocalDateTime(date: date, time: slot.time)) }
        }
        for local in schedule.excludedTimes { block(local) }
        for local in heldOccurrences[rule.id] ?? [] { block(local) }
        if let blocked { return .after(blocked) }
        var limit: Date?
        for slot in slots {
            let key = LimitKey(zone: converter.zone.identifier, slot: slot)
            let slotLimit: Date?
            if let known = limits[key] {
                slotLimit = known
            } else {
                slotLimit = Self.daylightSavingLimit(of: [slot], converter: converter, after: now)
                limits[key] = slotLimit
            }
            if let slotLimit { limit = min(limit ?? slotLimit, slotLimit) }
        }
        return .now(slots: slots, limit: limit)
    }

    /// The end of what repeating triggers for `slots` guarantee: at the first offset
    /// change after `now` whose touched hours (``ZoneConverter/OffsetChange/hoursTouched``:
    /// the wall times it skips or repeats, widened to whole hours) hold a slot's wall
    /// time on a day the slot matches, the earlier of the
    /// change's instant and the instant Herald gives that occurrence (the first of a
    /// repeated hour); `now` while such a change is under way; `nil` when no change up
    /// to 2100 touches a slot.
    static func daylightSavingLimit(of slots: [RepeatingSlot], converter: ZoneConverter, after now: Date) -> Date? {
        let nowSeconds = ZoneConverter.seconds(now)
        for change in converter.offsetChanges(from: nowSeconds - 2 * 86_400) {
            // The change is over once every wall time in the hours it touches has had
            // its instant: a repeated hour's second pass, and for a gap the skipped wall
            // times too, which fire shifted by the gap (Apia's skipped Friday 2011-12-30
            // at 21:15 fires on Saturday at 21:15, after the change, and a repeating
            // Friday trigger never matches it).
            let walls = change.hoursTouched
            let over = walls.upperBound - min(change.before, change.after)
            if over <= nowSeconds { continue }
            var day = walls.lowerBound.floorDivided(by: 86_400)
            while day * 86_400 < walls.upperBound {
                let date = LocalDate(daysSinceEpoch: day)
                for slot in slots where slot.matches(date) && walls.contains(day * 86_400 + slot.time.secondsSinceMidnight) {
                    let herald = converter.instant(forWall: day * 86_400 + slot.time.secondsSinceMidnight).seconds
                    return Date(timeIntervalSince1970: TimeInterval(max(min(change.instant, herald), nowSeconds)))
                }
                day += 1
            }
        }
        return nil
    }

    /// The first match of `slot` strictly after `now`, as an occurrence of the rule
    /// (read in `converter`'s zone).
    static func firstMatch(of slot: RepeatingSlot, converter: ZoneConverter, after now: Date) -> Occurrence {
        var date = converter.local(for: now).date.adding(days: -1)
        while true {
            if slot.matches(date) {
                let local = LocalDateTime(date: date, time: slot.time)
                let instant = converter.instant(for: local).date
                if instant > now { return Occurrence(local: local, date: instant) }
            }
            date = date.adding(days: 1)
        }
    }
}
