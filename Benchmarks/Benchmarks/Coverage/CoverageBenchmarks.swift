import Benchmark
import Foundation
@_spi(Benchmarking) import Herald

/// How long reminders keep firing if the app never runs again: plans four rule sets
/// with the default planner (budget 54, 14-day horizon) at a fixed instant, Saturday
/// 2026-11-21 08:00 in Berlin, and reports each plan's guaranteed coverage as the custom
/// metric `Guaranteed coverage (min)`: minutes from that instant to the end of the
/// coverage (an unbounded coverage reads 2,147,483,647), beside the planning time.
/// Each set is planned in the same run with one-shots only (`repeating: .never`, the
/// planner before repeating triggers), `.exact` (the default) and `.droppingBadges`.
///
/// The rule sets, every rule declaring fixed content:
/// - 10 habits × 2 daily reminders (09:00, 21:00), no badge;
/// - the same, counting toward the outstanding badge;
/// - 30 habits × 2 daily reminders, no badge;
/// - 5 weekly rules (Monday and Thursday, 19:00) and 20 daily ones (09:00), no badge.
///
/// Grouping (issue 25): 30 habits × 2 daily reminders at the same times (09:00, 21:00),
/// counting toward the outstanding badge (so `.exact` keeps one-shots), planned with
/// grouping off (60 requests a day for 54 slots) and on (`groupWithin: 0`: the 30
/// reminders of one instant are one group, one slot).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, CoverageCase.metric],
        timeUnits: .microseconds,
        maxDuration: .seconds(2),
        maxIterations: 200
    )
    let policies: [(name: String, policy: PlannerConfiguration.RepeatingTriggerPolicy)] =
        [("never", .never), ("exact", .exact), ("droppingBadges", .droppingBadges)]
    for coverageCase in CoverageCase.all {
        for (policyName, policy) in policies {
            let planner = BenchmarkPlanner(configuration: PlannerConfiguration(repeatingTriggers: policy))
            Benchmark("Coverage: \(coverageCase.name), \(policyName)") { benchmark in
                var plan: BenchmarkPlanner.Result?
                for _ in benchmark.scaledIterations {
                    plan = coverageCase.plan(with: planner)
                    blackHole(plan)
                }
                if let plan { benchmark.measurement(CoverageCase.metric, coverageCase.minutes(until: plan.guaranteedCoverageEnd)) }
            }
        }
    }
    for (groupingName, within) in [("off", nil), ("on", 0)] as [(String, TimeInterval?)] {
        let planner = BenchmarkPlanner(configuration: PlannerConfiguration(groupWithin: within))
        let coverageCase = CoverageCase.grouped
        Benchmark("Coverage: \(coverageCase.name), grouping \(groupingName)") { benchmark in
            var plan: BenchmarkPlanner.Result?
            for _ in benchmark.scaledIterations {
                plan = coverageCase.plan(with: planner)
                blackHole(plan)
            }
            if let plan { benchmark.measurement(CoverageCase.metric, coverageCase.minutes(until: plan.guaranteedCoverageEnd)) }
        }
    }
}

/// One rule set to plan, and how its coverage is reported.
struct CoverageCase: Sendable {
    static let metric = BenchmarkMetric.custom("Guaranteed coverage (min)", polarity: .prefersLarger, useScalingFactor: false)
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    /// Saturday 2026-11-21 08:00 in Berlin (07:00 UTC).
    static let now = Date(timeIntervalSince1970: 1_795_244_400)

    var name: String
    var rules: [ReminderRule]

    func plan(with planner: BenchmarkPlanner) -> BenchmarkPlanner.Result {
        planner.plan(rules: rules, now: Self.now, zone: Self.zone)
    }

    /// Whole minutes from ``now`` to `end`, the end of a plan's guaranteed coverage
    /// (`Int32.max` when unbounded).
    func minutes(until end: Date?) -> Int {
        guard let end else { return Int(Int32.max) }
        return Int((end.timeIntervalSince(Self.now) / 60).rounded(.down))
    }

    static func habits(_ count: Int, badge: Bool) -> [ReminderRule] {
        (0..<count).map { index in
            try! ReminderRule(entity: EntityReference(namespace: "habit", id: "h\(index)"), id: "daily",
                              schedule: try! .daily(at: [LocalTime(hour: 9), LocalTime(hour: 21)]),
                              countsTowardBadge: badge, fixedContent: true)
        }
    }

    /// The grouping case: 30 habits of two reminders at the same times, counting toward the badge.
    static let grouped = CoverageCase(name: "30 habits x 2 daily at the same times, outstanding badge",
                                      rules: habits(30, badge: true))

    static let all: [CoverageCase] = [
        CoverageCase(name: "10 habits x 2 daily, no badge", rules: habits(10, badge: false)),
        CoverageCase(name: "10 habits x 2 daily, outstanding badge", rules: habits(10, badge: true)),
        CoverageCase(name: "30 habits x 2 daily, no badge", rules: habits(30, badge: false)),
        CoverageCase(name: "5 weekly + 20 daily, no badge", rules: (0..<5).map { index in
            try! ReminderRule(entity: EntityReference(namespace: "habit", id: "w\(index)"), id: "weekly",
                              schedule: try! .weekly(on: [.monday, .thursday], at: [LocalTime(hour: 19)]),
                              countsTowardBadge: false, fixedContent: true)
        } + (0..<20).map { index in
            try! ReminderRule(entity: EntityReference(namespace: "habit", id: "d\(index)"), id: "daily",
                              schedule: try! .daily(at: [LocalTime(hour: 9)]),
                              countsTowardBadge: false, fixedContent: true)
        }),
    ]
}
