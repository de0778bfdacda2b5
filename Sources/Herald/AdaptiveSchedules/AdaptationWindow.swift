import Foundation

/// What the kinds of ``ScheduleAdaptation`` read to rewrite one rule: the days a plan
/// can reach in the rule's zone, and what the user did (completions, vacations, the
/// day's progress), with the app's seed and first weekday.
///
/// ```swift
/// let window = schedules.window(for: rule)
/// window.days        // yesterday ... the day after the horizon's, in the rule's zone
/// window.today       // the rule's local day now
/// ```
struct AdaptationWindow {
    /// Yesterday through the day after the plan's horizon, in the rule's zone.
    var days: ClosedRange<LocalDate>
    var today: LocalDate
    var converter: ZoneConverter
    var facts: AdaptationFacts
    /// Whether the zone's clocks jump forward within the days (a spring-forward night, a
    /// skipped day): only then can a time of the days not exist.
    var clocksSkip = true

    /// Whether `converter`'s zone moves its clocks forward between the start of the day
    /// before `days` and the end of the day after.
    static func clocksSkip(in days: ClosedRange<LocalDate>, converter: ZoneConverter) -> Bool {
        var day = days.lowerBound.adding(days: -1)
        var offset = converter.offset(atInstant: ZoneConverter.seconds(converter.instant(for: LocalDateTime(date: day, time: LocalTime(hour: 0))).date))
        while day <= days.upperBound.adding(days: 1) {
            day = day.adding(days: 1)
            let next = converter.offset(atInstant: ZoneConverter.seconds(converter.instant(for: LocalDateTime(date: day, time: LocalTime(hour: 0))).date))
            if next > offset { return true }
            offset = next
        }
        return false
    }
}

/// What the user did and the app declared, once for every rule of a plan
/// (``AdaptiveSchedules/gathering(for:source:state:now:deviceZone:configuration:days:)``).
///
/// ```swift
/// let facts = AdaptationFacts(completions: [water: [monday, tuesday]], vacations: [], progress: [:],
///                             seed: 42, firstWeekday: .monday)
/// facts.lastCompletion(of: water, before: wednesday)   // tuesday
/// ```
struct AdaptationFacts: Sendable {
    /// Each entity's completed days, ascending.
    var completions: [EntityReference: [LocalDate]] = [:]
    /// The app's vacations, for every rule.
    var vacations: [ReminderRule.Vacation] = []
    /// The progress the app reported, by entity and day.
    var progress: [EntityDay: Int] = [:]
    /// The app's install seed, from which random times are drawn.
    var seed: UInt64 = 0
    /// The day a quota's week starts on.
    var firstWeekday: Weekday = .monday

    /// The days `entity` was completed within `days`.
    func completedDays(of entity: EntityReference, in days: ClosedRange<LocalDate>) -> Int {
        (completions[entity] ?? []).lazy.filter { days.contains($0) }.count
    }

    /// The last day before `day` that `entity` was completed, or `nil`.
    func lastCompletion(of entity: EntityReference, before day: LocalDate) -> LocalDate? {
        (completions[entity] ?? []).last { $0 < day }
    }
}
