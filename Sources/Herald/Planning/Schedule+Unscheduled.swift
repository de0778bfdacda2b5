extension Schedule {
    /// What ``ReminderRule/schedule`` reads for a rule that has no schedule (a location
    /// rule, ``ReminderRule/hasSchedule`` `false`): daily at 00:00 in the device's zone,
    /// the value such rules have always carried and stored. Nothing plans from it: the
    /// planner arms a location rule by its region.
    ///
    /// ```swift
    /// let gym = try ReminderRule(entity: workout, id: "arrive", location: LocationTrigger(region: gymRegion))
    /// gym.schedule == .unscheduled   // true
    /// ```
    package static let unscheduled: Schedule = try! .daily(at: [LocalTime(hour: 0)])
}
