import Foundation

extension Plan {
    /// The first `limit` occurrences of the alarm rules that the alarm channel's limit
    /// left out (``AlarmChannel/capacity``), soonest first, each with the reason
    /// ``PlanCut/Reason/alarmLimitReached``: a later plan schedules them as the sooner
    /// alarms sound. ``cuts(first:)`` lists them with the notifications' cuts.
    ///
    /// ```swift
    /// // a daily pill at 21:00 asking for an alarm, a channel of 2
    /// plan.alarms.count                  // 2: tonight and tomorrow
    /// plan.alarmCuts(first: 1).first     // the day after, .alarmLimitReached
    /// ```
    public func alarmCuts(first limit: Int) -> [PlanCut] {
        guard limit > 0, let remainder = alarmRemainder else { return [] }
        return remainder.cuts(before: horizonEnd, limit: limit, reason: .alarmLimitReached)
    }
}
