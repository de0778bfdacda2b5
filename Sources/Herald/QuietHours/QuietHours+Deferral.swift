import Foundation

extension QuietHours {
    /// When an occurrence at `date` of `rule` is delivered under these quiet hours, read
    /// on the device's clock (`converter`): at the end of the quiet period holding it
    /// when its rule observes them (``ReminderRule/observesQuietHours``), deferred and
    /// groupable with the others deferred there; at its time, and alone, when its rule
    /// breaks through; at its time, groupable, outside them.
    ///
    /// ```swift
    /// night.delivery(of: elevenPM, rule: water, converter: berlin)   // (07:00, true, true)
    /// night.delivery(of: noon, rule: water, converter: berlin)       // (noon, false, true)
    /// ```
    func delivery(of date: Date, rule: ReminderRule, converter: ZoneConverter)
        -> (date: Date, deferred: Bool, groupable: Bool) {
        guard let end = end(ofPeriodHolding: date, converter: converter) else { return (date, false, true) }
        return rule.observesQuietHours ? (end, true, true) : (date, false, false)
    }

    /// Whether these quiet hours would defer an occurrence at `date` of `rule`, on the
    /// device-local `day`, past that day's end (to 07:00 the next morning): it is then a
    /// reminder of a day that has ended, and the plan drops it
    /// (``PlanSkip/Reason/pastDayEnd``), unless ``defersPastMidnight`` or
    /// ``ReminderRule/defersPastMidnight`` keeps it.
    func dropsPastDayEnd(_ date: Date, day: LocalDate, rule: ReminderRule, converter: ZoneConverter) -> Bool {
        guard !defersPastMidnight, !rule.defersPastMidnight, rule.observesQuietHours,
              let end = end(ofPeriodHolding: date, converter: converter) else { return false }
        return converter.local(for: end).date > day
    }
}
