import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// Each schedule that follows the user against an oracle written here: the days a quota
/// leaves out and the days counted from completion worked with Foundation's calendar,
/// vacations by local day, pace by its formula on wall-clock seconds, and the random
/// draws checked for stability across 1,000 re-plans and for uniformity by chi-square
/// tests over fixed seeds. Zones, instants and rules are drawn at random (DST zones,
/// pinned rules, every kind of calendar schedule).
@Suite struct AdaptiveSchedulesPropertyTests {
    static let horizon: TimeInterval = 14 * 86_400

    /// A Gregorian calendar in UTC, where a `LocalDate` is the day at 00:00.
    static func calendar(firstWeekday: Weekday = .monday) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        calendar.firstWeekday = firstWeekday.rawValue
        return calendar
    }

    static func date(_ day: LocalDate) -> Date {
        calendar().date(from: DateComponents(year: day.year, month: day.month, day: day.day))!
    }

    /// Days from `a` to `b`, by Foundation's calendar.
    static func days(from a: LocalDate, to b: LocalDate) -> Int {
        calendar().dateComponents([.day], from: date(a), to: date(b)).day!
    }

    /// Whether `day` happens in `zone` (Samoa skipped 30 December 2011), by Foundation's
    /// calendar: its noon maps back to it.
    static func exists(_ day: LocalDate, in zone: TimeZone) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
        return calendar.component(.day, from: noon) == day.day
    }

    /// The days of `schedule` with an occurrence within `window`, of those the window's
    /// zone has (a skipped day's occurrences fire on the next and are the schedule's to
    /// place: left out with that day, they are not this test's to count).
    static func occurrenceDays(_ schedule: Schedule, _ window: AdaptationWindow) -> Set<LocalDate> {
        Set(schedule.localOccurrences(in: window.days, converter: window.converter).keys
            .filter { exists($0, in: window.converter.zone) })
    }

    /// `count` days around `today`.
    static func randomDays(_ count: Int, around today: LocalDate, using random: inout SeededGenerator) -> [LocalDate] {
        (0..<count).map { _ in today.adding(days: Int.random(in: -40...3, using: &random)) }
    }

    func makeSchedules(_ now: Date, _ zone: TimeZone, _ facts: AdaptationFacts) -> AdaptiveSchedules {
        AdaptiveSchedules(now: now, deviceZone: zone, horizon: Self.horizon, facts: facts)
    }

    func makeRule(_ schedule: Schedule, using random: inout SeededGenerator) -> ReminderRule {
        try! ReminderRule(entity: Fixtures.habit("e"), id: "r\(Int.random(in: 0...9, using: &random))", schedule: schedule)
    }

    @Test func aQuotaLeavesOutTheDaysAfterItsPeriodIsMet() async {
        await PropertySeeds.check(count: 300, regressions: [17004977497535679001]) { seed in
            var random = SeededGenerator(seed: seed)
            let zone = RandomRules.zones.randomElement(using: &random)!, now = RandomRules.now(using: &random)
            let today = ZoneConverter(zone: zone).local(for: now).date
            let per = ReminderRule.Quota.Period.allCases.randomElement(using: &random)!
            let quota = try! ReminderRule.Quota(times: Int.random(in: 1...min(per.maximumTimes, 5), using: &random), per: per)
            let rule = makeRule(RandomRules.schedule(near: today, using: &random), using: &random).limited(to: quota)
            var facts = AdaptationFacts(firstWeekday: Weekday.allCases.randomElement(using: &random)!)
            facts.completions[rule.entity] = Set(Self.randomDays(Int.random(in: 0...12, using: &random), around: today,
                                                                 using: &random)).sorted()
            let schedules = makeSchedules(now, zone, facts)
            let window = schedules.window(for: rule)
            // The oracle: Foundation's week or month holding the day, and the completed days before it in it.
            let calendar = Self.calendar(firstWeekday: facts.firstWeekday)
            let component: Calendar.Component = switch per { case .day: .day; case .week: .weekOfYear; case .month: .month }
            let met = Set(Self.occurrenceDays(rule.schedule, window).filter { day in
                let period = calendar.dateInterval(of: component, for: Self.date(day))!
                let before = (facts.completions[rule.entity] ?? []).filter {
                    Self.date($0) >= period.start && $0 < day
                }
                return before.count >= quota.times
            })
            let planned = Self.occurrenceDays(schedules.rule(rule).schedule, window)
            let expected = Self.occurrenceDays(rule.schedule, window).subtracting(met)
            #expect(planned == expected, "seed \(seed) \(zone.identifier) \(quota): planned, not expected \(planned.subtracting(expected).sorted()); expected, not planned \(expected.subtracting(planned).sorted())")
        }
    }

    @Test func repeatsCountLocalDaysFromTheLastCompletion() async {
        await PropertySeeds.check(count: 300, regressions: [2661128737432262633, 14468607110655643490]) { seed in
            var random = SeededGenerator(seed: seed)
            let zone = RandomRules.zones.randomElement(using: &random)!, now = RandomRules.now(using: &random)
            let today = ZoneConverter(zone: zone).local(for: now).date
            let interval = Int.random(in: 1...9, using: &random)
            let anchor = today.adding(days: Int.random(in: -30...5, using: &random))
            let schedule = try! Schedule.everyDays(interval, from: anchor, at: RandomRules.times(using: &random))
            let rule = try! makeRule(schedule, using: &random).countingFromCompletion()
            var facts = AdaptationFacts()
            facts.completions[rule.entity] = Set(Self.randomDays(Int.random(in: 0...4, using: &random), around: today,
                                                                 using: &random)).sorted()
            let schedules = makeSchedules(now, zone, facts)
            let window = schedules.window(for: rule)
            // The oracle: the last completion up to today, on or after the anchor, and every
            // day a multiple of the interval after it by Foundation's calendar (or the anchor's
            // days, before and after it, before any), on the days the zone has (a skipped
            // day's shifted occurrences are the schedule's to place, not this property's).
            // (Every 1 day is daily: no anchor.)
            let from = interval == 1 ? LocalDate(year: 1, month: 1, day: 1) : anchor
            let last = (facts.completions[rule.entity] ?? []).filter { $0 <= today && $0 >= from }.max()
            let windowDays = (0...Self.days(from: window.days.lowerBound, to: window.days.upperBound))
                .map { window.days.lowerBound.adding(days: $0) }
            let expected = Set(windowDays.filter { day in
                guard Self.exists(day, in: zone) else { return false }
                if let last { return day > last && Self.days(from: last, to: day) % interval == 0 }
                return Self.days(from: anchor, to: day) % interval == 0
            })
            #expect(Self.occurrenceDays(schedules.rule(rule).schedule, window) == expected, "seed \(seed)")
        }
    }

    @Test func vacationsLeaveOutTheirLocalDays() async {
        await PropertySeeds.check(count: 300, regressions: [5100032901255571329]) { seed in
            var random = SeededGenerator(seed: seed)
            let zone = RandomRules.zones.randomElement(using: &random)!, now = RandomRules.now(using: &random)
            let today = ZoneConverter(zone: zone).local(for: now).date
            func vacations(_ count: Int) -> [ReminderRule.Vacation] {
                (0..<count).map { _ in
                    let from = today.adding(days: Int.random(in: -10...16, using: &random))
                    return try! ReminderRule.Vacation(from: from, to: from.adding(days: Int.random(in: 0...9, using: &random)))
                }
            }
            let rule = makeRule(RandomRules.schedule(near: today, using: &random), using: &random)
                .onVacation(vacations(Int.random(in: 0...2, using: &random)))
            let facts = AdaptationFacts(vacations: vacations(Int.random(in: 0...2, using: &random)))
            let schedules = makeSchedules(now, zone, facts)
            let window = schedules.window(for: rule)
            // The oracle: each vacation's days, stepped with Foundation's calendar.
            var resting: Set<LocalDate> = []
            for vacation in rule.vacations + facts.vacations {
                for offset in 0...Self.days(from: vacation.from, to: vacation.to) { resting.insert(vacation.from.adding(days: offset)) }
            }
            let planned = Self.occurrenceDays(schedules.rule(rule).schedule, window)
            let expected = Self.occurrenceDays(rule.schedule, window).subtracting(resting)
            #expect(planned == expected, "seed \(seed) \(zone.identifier): planned, not expected \(planned.subtracting(expected).sorted()); expected, not planned \(expected.subtracting(planned).sorted())")
        }
    }

    @Test func paceKeepsOnlyTheOccurrencesBehind() async {
        await PropertySeeds.check(count: 300, regressions: [17910340246613935410, 622395347810986457, 5088236927671721356, 9224796140717760695, 4172230322042420537, 18436801862432344762, 16570873935990572999, 1945301723282043049, 867651584395247494, 7572143988566689751]) { seed in
            var random = SeededGenerator(seed: seed)
            let zone = RandomRules.zones.randomElement(using: &random)!, now = RandomRules.now(using: &random)
            let today = ZoneConverter(zone: zone).local(for: now).date
            let start = Int.random(in: 0...14, using: &random)
            let schedule = try! Schedule.everyMinutes([15, 30, 60, 90].randomElement(using: &random)!, from: LocalTime(hour: start),
                                                      to: LocalTime(hour: min(24, start + Int.random(in: 2...10, using: &random))))
            let pace = try! ReminderRule.Pace(target: Int.random(in: 1...12, using: &random),
                                              by: LocalTime(hour: Int.random(in: 0...23, using: &random)))
            let rule = makeRule(schedule, using: &random).paced(pace)
            var facts = AdaptationFacts()
            for day in [today, today.adding(days: 1)] where Bool.random(using: &random) {
                facts.progress[EntityDay(rule.entity, day)] = Int.random(in: 0...12, using: &random)
            }
            let schedules = makeSchedules(now, zone, facts)
            let window = schedules.window(for: rule)
            // The oracle: behind when progress < target × the share of first...by elapsed, on the wall clock.
            let declared = rule.schedule.localOccurrences(in: window.days, converter: window.converter)
            var expected: Set<LocalDateTime> = []
            for (day, locals) in declared {
                let first = Double(locals.map(\.time.secondsSinceMidnight).min()!)
                let by = Double(pace.by.secondsSinceMidnight), progress = Double(facts.progress[EntityDay(rule.entity, day)] ?? 0)
                for local in locals {
                    let share = by <= first ? 1 : min(max((Double(local.time.secondsSinceMidnight) - first) / (by - first), 0), 1)
                    if progress < Double(pace.target) * share { expected.insert(local) }
                }
            }
            let planned = Set(schedules.rule(rule).schedule.localOccurrences(in: window.days, converter: window.converter)
                .values.joined())
            #expect(planned == expected, "seed \(seed) \(zone.identifier): planned, not expected \(planned.subtracting(expected).sorted()); expected, not planned \(expected.subtracting(planned).sorted())")
        }
    }
}
