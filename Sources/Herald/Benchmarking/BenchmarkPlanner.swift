import Foundation

/// The planner as Herald's benchmark package measures it.
///
/// The planner, the reconciler, the response step and the region budget are Herald's
/// machinery: `package`, out of an app's sight. The benchmarks live in a package of
/// their own, so the library's users do not inherit the benchmark tool, and reach that
/// machinery only through this entry point and ``BenchmarkMachinery``, as a system
/// programming interface that an app never imports:
///
/// ```swift
/// @_spi(Benchmarking) import Herald
///
/// let planner = BenchmarkPlanner(configuration: PlannerConfiguration(repeatingTriggers: .exact))
/// let plan = planner.plan(rules: rules, now: now, zone: zone)
/// print(plan.reminders.count, plan.guaranteedCoverageEnd ?? .distantFuture)
/// ```
///
/// Each call does the work it names and nothing else: the planning input is built as the
/// engine builds it from the same values, and the plan is the planner's own.
@_spi(Benchmarking) public struct BenchmarkPlanner: Sendable {
    private let planner: Planner

    public init(configuration: PlannerConfiguration = PlannerConfiguration()) {
        planner = Planner(configuration: configuration)
    }

    /// The plan of `rules` at `now` in `zone`, with the entity days in `satisfied`
    /// done, and an alarm service allowing `alarmCapacity` alarms when it is given (no
    /// alarm service otherwise).
    public func plan(rules: [ReminderRule], now: Date, zone: TimeZone, satisfied: Set<EngineState.EntityDay> = [],
                     alarmCapacity: Int? = nil) -> Result {
        var input = PlanningInput(now: now, deviceZone: zone, rules: rules, satisfied: satisfied)
        if let alarmCapacity { input.alarms = AlarmChannel(authorization: .authorized, capacity: alarmCapacity) }
        return Result(plan: planner.plan(input))
    }

    /// The plan of `rules` as the engine plans them at `now`: each schedule that follows
    /// the user rewritten (``AdaptiveSchedules``) from the completed days in `completed`,
    /// the app's `vacations`, the day's `progress` and the install `seed`, then planned.
    ///
    /// ```swift
    /// let plan = planner.plan(rules: quotas, now: now, zone: zone, completed: [gym: [monday, tuesday, wednesday]])
    /// ```
    public func plan(rules: [ReminderRule], now: Date, zone: TimeZone, completed: [EntityReference: [LocalDate]],
                     vacations: [ReminderRule.Vacation] = [], progress: [EngineState.EntityDay: Int] = [:],
                     seed: UInt64 = 0) -> Result {
        let facts = AdaptationFacts(completions: completed.mapValues { $0.sorted() }, vacations: vacations, progress: progress,
                                    seed: seed, firstWeekday: planner.configuration.firstWeekday ?? .monday)
        let schedules = AdaptiveSchedules(now: now, deviceZone: zone, horizon: planner.configuration.horizon, facts: facts)
        return plan(rules: schedules.rules(rules), now: now, zone: zone)
    }

    /// A plan, with what the benchmarks read of it.
    public struct Result: Sendable {
        let plan: Plan

        /// The one-shot reminders the plan asks the center to hold, soonest first.
        public var reminders: [PlannedReminder] { plan.reminders }

        /// Until when the plan guarantees every reminder fires without another run;
        /// `nil` when it holds for good.
        public var guaranteedCoverageEnd: Date? { plan.guaranteedCoverage.date }
    }
}
