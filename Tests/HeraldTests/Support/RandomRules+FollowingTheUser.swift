import Foundation
import HeraldTestSupport
@testable import Herald

extension RandomRules {
    /// `rules` with schedules that follow the user mixed in, about half of them: a quota,
    /// repeats counted from completion (on every-N-days and daily rules), random times,
    /// pace (on minute-interval rules) or a vacation, drawn from `seed` alone, so a
    /// property test's other draws stay as they were.
    static func withKindsThatFollowTheUser(_ rules: [ReminderRule], near today: LocalDate, seed: UInt64) -> [ReminderRule] {
        var random = SeededGenerator(seed: seed ^ 0x5eed_f011_0ce5_0000)
        return rules.map { rule in
            guard rule.hasSchedule else { return rule }
            switch Int.random(in: 0...9, using: &random) {
            case 0:
                let per = ReminderRule.Quota.Period.allCases.randomElement(using: &random)!
                return rule.limited(to: try! .init(times: Int.random(in: 1...min(per.maximumTimes, 4), using: &random), per: per))
            case 1:
                return (try? rule.countingFromCompletion()) ?? rule
            case 2:
                let from = Int.random(in: 0...20, using: &random) * 60
                let to = min(from + Int.random(in: 30...360, using: &random), 24 * 60 - 1)
                let times = Int.random(in: 1...3, using: &random)
                let gap = Int.random(in: 0...((to - from) / max(times, 1)), using: &random)
                let window = try? ReminderRule.RandomTimes(from: LocalTime(secondsSinceMidnight: from * 60),
                                                           to: LocalTime(secondsSinceMidnight: to * 60),
                                                           times: times, minimumGap: TimeInterval(gap * 60))
                return window.map(rule.atRandomTimes) ?? rule
            case 3:
                guard case .minuteInterval = rule.schedule.recurrence else { return rule }
                return rule.paced(try! .init(target: Int.random(in: 1...10, using: &random),
                                             by: LocalTime(hour: Int.random(in: 0...23, using: &random))))
            case 4:
                let from = today.adding(days: Int.random(in: -5...10, using: &random))
                return rule.onVacation([try! .init(from: from, to: from.adding(days: Int.random(in: 0...6, using: &random)))])
            default:
                return rule
            }
        }
    }

    /// `rules` with kinds mixed in (``withKindsThatFollowTheUser(_:near:seed:)``), as the
    /// engine plans them at `now`: rewritten by ``AdaptiveSchedules`` from random
    /// completions, app vacations, progress and install seed, drawn from `seed`.
    static func followingTheUser(_ rules: [ReminderRule], now: Date, zone: TimeZone, horizon: TimeInterval,
                                 seed: UInt64) -> [ReminderRule] {
        let today = ZoneConverter.for(zone).local(for: now).date
        let declared = withKindsThatFollowTheUser(rules, near: today, seed: seed)
        var random = SeededGenerator(seed: seed ^ 0xfac7_5000)
        var facts = AdaptationFacts(seed: random.next(), firstWeekday: Weekday.allCases.randomElement(using: &random)!)
        for entity in Set(declared.map(\.entity)).sorted() {
            let days = (0..<Int.random(in: 0...6, using: &random)).map { _ in today.adding(days: Int.random(in: -20...1, using: &random)) }
            facts.completions[entity] = Set(days).sorted()
            facts.progress[EntityDay(entity, today)] = Int.random(in: 0...10, using: &random)
        }
        if Int.random(in: 0...4, using: &random) == 0 {
            let from = today.adding(days: Int.random(in: -3...10, using: &random))
            facts.vacations = [try! .init(from: from, to: from.adding(days: Int.random(in: 0...5, using: &random)))]
        }
        return AdaptiveSchedules(now: now, deviceZone: zone, horizon: horizon, facts: facts).rules(declared)
    }
}
