import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// Properties of every plan over the whole of Herald's state, not only rules: delivered
/// notifications of today and yesterday (Herald's and other apps'), snoozes, the fired
/// log (also of occurrences still to come, as after the clock was set back), posted
/// events and requests of other code in the center. Each expectation is worked out
/// from the planner's documented rules with Foundation's calendar for every day, never
/// from the plan's own fields.
@Suite struct PlannerWholeStatePropertyTests {
    struct Case {
        var input: PlanningInput
        var configuration: PlannerConfiguration
        var calendar: Calendar
    }

    /// A random case of `PlannerPropertyTests` with the rest of the state added.
    func makeCase(seed: UInt64) -> Case {
        let base = PlannerPropertyTests().makeCase(seed: seed)
        var input = base.input
        var random = SeededGenerator(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        let now = input.now
        for rule in input.rules {
            // What fired in the last 36 hours: delivered (some still in the list), in the
            // fired log, some snoozed a while ahead.
            let earlier = rule.schedule.occurrences(after: now.addingTimeInterval(-36 * 3_600), before: now,
                                                    deviceZone: input.deviceZone)
            for occurrence in earlier where Int.random(in: 0...2, using: &random) != 0 {
                let identifier = rule.identifier(for: occurrence.local)
                input.fired.append(FiredRecord(identifier: identifier, date: occurrence.date))
                if Bool.random(using: &random) {
                    input.delivered.append(Self.delivered(identifier.description, at: occurrence.date))
                }
                if Int.random(in: 0...4, using: &random) == 0 {
                    let until = now.addingTimeInterval(Double(Int.random(in: 60...(3 * 86_400), using: &random)))
                    input.snoozes.append(SnoozeRecord(original: identifier, until: until))
                }
            }
            // After the clock was set back: occurrences still to come already fired.
            let later = rule.schedule.occurrences(after: now, before: now.addingTimeInterval(3 * 86_400),
                                                  deviceZone: input.deviceZone)
            for occurrence in later where Int.random(in: 0...5, using: &random) == 0 {
                input.fired.append(FiredRecord(identifier: rule.identifier(for: occurrence.local),
                                               date: now.addingTimeInterval(-Double(Int.random(in: 60...7_200, using: &random)))))
            }
        }
        for index in 0..<Int.random(in: 0...3, using: &random) {
            input.delivered.append(Self.delivered("com.example.other.\(index)",
                                                  at: now.addingTimeInterval(-Double(Int.random(in: 60...50_000, using: &random)))))
        }
        let entities = Array(Set(input.rules.map(\.entity))).sorted { $0.description < $1.description }
        for index in 0..<Int.random(in: 0...4, using: &random) {
            guard let entity = entities.randomElement(using: &random) else { break }
            let identifier = NotificationIdentifier(entity: entity, rule: "post", occurrence: OccurrenceKey(rawValue: "e\(index)"),
                                                    kind: .event)
            input.postedEvents.append(PostedEvent(
                identifier: identifier, content: NotificationContent(title: "Event \(index)"),
                fireDate: now.addingTimeInterval(Double(Int.random(in: 60...(3 * 86_400), using: &random))),
                postedAt: now.addingTimeInterval(-60)))
        }
        input.foreignRequests = Int.random(in: 0...2, using: &random) == 0 ? Int.random(in: 1...20, using: &random) : 0
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = input.deviceZone
        return Case(input: input, configuration: base.configuration, calendar: calendar)
    }

    static func delivered(_ identifier: String, at date: Date) -> DeliveredNotification {
        DeliveredNotification(request: NotificationRequest(identifier: identifier, content: NotificationContent(title: "x"),
                                                           trigger: nil),
                              date: date)
    }

    @Test func plansKeepEveryPromiseOverTheWholeState() async {
        await PropertySeeds.check(count: 200) { seed in
            check(makeCase(seed: seed), seed: seed)
        }
    }

    func check(_ testCase: Case, seed: UInt64) {
        let input = testCase.input
        let configuration = testCase.configuration
        let plan = Planner(configuration: configuration).plan(input)
        let calendar = testCase.calendar
        let oracle = Oracle(input: input, calendar: calendar)
        let room = max(0, configuration.capacity - input.foreignRequests)

        // The whole center: never more than the room other code leaves; reminders
        // within it less the reserve.
        #expect(plan.pendingCount <= room, "seed \(seed)")
        #expect(plan.reminders.count + plan.repeating.count <= max(0, room - configuration.reserve), "seed \(seed)")

        // Snoozes first, then posted events: each one that still stands is planned,
        // as long as they fit the room.
        let snoozes = oracle.standingSnoozes(before: plan.horizonEnd)
        if snoozes.count <= room {
            #expect(Set(plan.snoozes.map(\.identifier)) == Set(snoozes.map(\.snoozeIdentifier)), "seed \(seed)")
        }
        let events = input.postedEvents.filter { $0.fireDate >= input.now && !input.paused.contains($0.identifier.entity) }
        if snoozes.count + events.count <= room {
            #expect(Set(plan.events.map(\.identifier)) == Set(events.map(\.identifier)), "seed \(seed)")
        }

        // Never a reminder for an occurrence that fired or was snoozed.
        let fired = Set(input.fired.map(\.identifier))
        let snoozed = Set(input.snoozes.map(\.original))
        #expect(plan.reminders.allSatisfy { !fired.contains($0.identifier) && !snoozed.contains($0.identifier) },
                "seed \(seed)")

        // Every due occurrence before the coverage horizon is planned, and planned, cut
        // (displaced ones included) and skipped (done that day, snoozed, fired)
        // account for every occurrence in the horizon.
        let planned = Set(plan.reminders.map(\.identifier))
        var total = 0
        var skipped = 0
        for rule in input.rules where !input.paused.contains(rule.entity) {
            for occurrence in rule.schedule.occurrences(after: input.now, before: plan.horizonEnd, deviceZone: input.deviceZone) {
                total += 1
                let identifier = rule.identifier(for: occurrence.local)
                let done = input.satisfied.contains(EntityDay(rule.entity, oracle.day(occurrence.date)))
                guard !done, !snoozed.contains(identifier), !fired.contains(identifier) else {
                    skipped += 1
                    continue
                }
                if occurrence.date < plan.coverageHorizon {
                    #expect(planned.contains(identifier), "seed \(seed): \(identifier) missing before \(plan.coverageHorizon)")
                }
            }
        }
        #expect(plan.reminders.count + plan.cuts().count + skipped == total, "seed \(seed)")

        // The app badge is what is outstanding today; reminders and snoozes are
        // numbered per device-local day in fire order, today's after it.
        let outstanding = oracle.outstandingToday()
        #expect(plan.appBadge == outstanding, "seed \(seed)")
        let today = oracle.day(input.now)
        // At one instant, reminders in the plan's order before snoozes.
        let ordered = (plan.reminders.enumerated().map { ($1, 0, $0) } + plan.snoozes.enumerated().map { ($1, 1, $0) })
            .sorted { ($0.0.date, $0.1, $0.2) < ($1.0.date, $1.1, $1.2) }
        var perDay: [LocalDate: Int] = [:]
        for (request, _, _) in ordered {
            guard request.rule.countsTowardBadge else {
                #expect(request.badge == nil, "seed \(seed): \(request.identifier)")
                continue
            }
            let day = oracle.day(request.date)
            perDay[day, default: 0] += 1
            #expect(request.badge == perDay[day]! + (day == today ? outstanding : 0), "seed \(seed): \(request.identifier)")
        }
    }
}

/// The planner's documented rules, worked out again with Foundation's calendar.
private struct Oracle {
    var input: PlanningInput
    var calendar: Calendar

    /// The device-local day of an instant.
    func day(_ date: Date) -> LocalDate {
        let components = calendar.dateComponents([.year, .month, .day], from: date)
        return LocalDate(year: components.year!, month: components.month!, day: components.day!)
    }

    /// The instant of a rule's occurrence written as a local date-time in its zone.
    func instant(of local: LocalDateTime, for rule: ReminderRule) -> Date {
        var calendar = calendar
        calendar.timeZone = rule.schedule.timeZone ?? input.deviceZone
        return calendar.date(from: DateComponents(year: local.date.year, month: local.date.month, day: local.date.day,
                                                  hour: local.time.hour, minute: local.time.minute, second: local.time.second))!
    }

    func rule(named identifier: NotificationIdentifier) -> ReminderRule? {
        input.rules.first { $0.entity == identifier.entity && $0.ruleID == identifier.rule }
    }

    /// Whether the entity is done (or deferred) on the device-local day of the
    /// occurrence the identifier names.
    func isDone(_ identifier: NotificationIdentifier, rule: ReminderRule) -> Bool {
        guard let local = identifier.occurrence.localDateTime else { return false }
        return input.satisfied.contains(EntityDay(identifier.entity, day(instant(of: local, for: rule))))
    }

    /// Snoozes still to fire within the horizon: their rule declared, their entity not
    /// paused, their occurrence's day not done, the snooze not delivered since.
    func standingSnoozes(before end: Date) -> [SnoozeRecord] {
        var latest: [NotificationIdentifier: SnoozeRecord] = [:]
        for snooze in input.snoozes where snooze.until > (latest[snooze.original]?.until ?? .distantPast) {
            latest[snooze.original] = snooze
        }
        return latest.values.filter { snooze in
            guard snooze.until > input.now, snooze.until < end, !input.paused.contains(snooze.original.entity),
                  let rule = rule(named: snooze.original), !isDone(snooze.original, rule: rule) else { return false }
            return !input.fired.contains { $0.identifier == snooze.snoozeIdentifier && $0.date >= snooze.until }
        }
    }

    /// The distinct occurrences among today's delivered reminders, snoozes and
    /// follow-ups that still ask something: the rule declared and counting toward the
    /// badge, the entity not paused, its day not done, not snoozed after delivery.
    func outstandingToday() -> Int {
        let today = day(input.now)
        var occurrences: Set<NotificationIdentifier> = []
        for notification in input.delivered {
            guard let identifier = notification.request.heraldIdentifier,
                  [.reminder, .snooze, .followUp].contains(identifier.kind),
                  day(notification.date) == today, !input.paused.contains(identifier.entity),
                  let rule = rule(named: identifier), rule.countsTowardBadge, !isDone(identifier, rule: rule)
            else { continue }
            let original = NotificationIdentifier(entity: identifier.entity, rule: identifier.rule,
                                                  occurrence: identifier.occurrence, kind: .reminder)
            let snoozedLater = identifier.kind != .snooze
                && input.snoozes.contains { $0.original == original && $0.until > notification.date }
            if !snoozedLater { occurrences.insert(original) }
        }
        return occurrences.count
    }
}
