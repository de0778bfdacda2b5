import Foundation
import Herald
import HeraldSimulator

/// What Herald had pending at one instant of a scenario, and the plan behind it: the
/// answer of `herald plan <scenario> --at <local date-time>`.
///
/// ```swift
/// let plan = try await ScenarioRunner(scenario: scenario).plan(at: LocalDateTime(parsing: "2026-11-21T12:00")!)
/// plan.pending.first?.identifier      // herald:reminder:habit:water:sips:20261121T1200
/// plan.cuts.map(\.reason)             // [] when the budget holds every due reminder
/// ```
public struct ScenarioInstantPlan: Hashable, Sendable {
    /// One request pending in the center.
    public struct PendingRequest: Hashable, Sendable {
        public var identifier: String
        /// When it fires next (`nil`: a trigger the simulator cannot date, such as a region).
        public var fireDate: Date?
        public var badge: Int?
        /// `reminder`, `snooze`, `followup`, `event`, `location`, or `other` for a request
        /// that is not Herald's.
        public var kind: String
        public var title: String
    }

    /// One alarm the system's alarm service holds.
    public struct PendingAlarm: Hashable, Sendable {
        /// Herald's identifier of the occurrence (or a weekly alarm's time of day).
        public var identifier: String
        /// When it sounds next (`nil` while it sounds or is paused).
        public var soundsAt: Date?
        /// `scheduled`, `countdown` (a snooze), `paused` or `alerting`.
        public var state: String
        public var title: String
    }

    public var name: String
    /// The instant asked for.
    public var date: Date
    /// The device's zone at that instant, in which the output writes local times.
    public var zone: TimeZone
    /// Pending requests, soonest first.
    public var pending: [PendingRequest]
    /// The alarms the alarm service holds, soonest first (empty without one).
    public var alarms: [PendingAlarm] = []
    /// The last plan's coverage horizon and horizon end (`nil` before any plan).
    public var coverageHorizon: Date?
    public var horizonEnd: Date?
    /// The last plan's guaranteed coverage (until when reminders fire if the app never
    /// runs again) and refresh deadline; `nil` before any plan, and the deadline `nil`
    /// when the plan needs no refresh.
    package var guaranteedCoverage: GuaranteedCoverage?
    public var refreshDeadline: Date?
    /// Every occurrence the last plan cut, with its reason.
    public var cuts: [ScenarioCut]
    /// The center's capacity and the planner's reserve.
    package var capacity: Int
    package var reserve: Int
}

extension ScenarioRunner {
    /// Plays the scenario from its start up to `local` (read in the scenario's zone, like
    /// its `start`) and says what was pending then. Events at `local` itself are not
    /// played yet; the launch at the start is.
    ///
    /// - Throws: ``ScenarioError`` with code ``ScenarioError/Code/invalidValue`` when `local`
    ///   is before the start or more than `Scenario.maximumDays` after it (or does not
    ///   exist in the zone), and with ``ScenarioError/Code/impossibleEvent`` when an event
    ///   before it cannot happen.
    public func plan(at local: LocalDateTime) async throws -> ScenarioInstantPlan {
        let converter = ZoneConverter.for(scenario.zone)
        let (date, exists) = converter.instant(for: local)
        guard exists else {
            throw ScenarioError(code: .invalidValue, at: nil,
                                message: "\(local) does not exist in \(scenario.zone.identifier) (the clocks skip it); give a time outside the gap")
        }
        let start = converter.instant(for: scenario.start).date
        let days = local.date.daysSinceEpoch - scenario.start.date.daysSinceEpoch + 1
        guard date >= start, days <= Scenario.maximumDays else {
            throw ScenarioError(code: .invalidValue, at: nil,
                                message: "\(local) is outside the scenario: it starts at \(scenario.start) and a run lasts at most \(Scenario.maximumDays) days")
        }
        var runner = self
        runner.days = max(days, 1)
        runner.stopAt = date
        let outcome = try await runner.play(from: nil)
        let pending = outcome.checkpoint.system.pending
            .sorted { ($0.nextFireDate?.timeIntervalSince1970 ?? .infinity, $0.sequence)
                < ($1.nextFireDate?.timeIntervalSince1970 ?? .infinity, $1.sequence) }
            .map { scheduled in
                ScenarioInstantPlan.PendingRequest(
                    identifier: scheduled.identifier, fireDate: scheduled.nextFireDate,
                    badge: scheduled.request.content.badge,
                    kind: NotificationIdentifier(parsing: scheduled.identifier)?.kind.rawValue ?? "other",
                    title: scheduled.request.content.title)
            }
        let summary = outcome.result.summary
        var plan = ScenarioInstantPlan(
            name: scenario.name, date: date, zone: outcome.checkpoint.zone, pending: pending,
            coverageHorizon: summary.coverageHorizon, horizonEnd: summary.horizonEnd,
            guaranteedCoverage: summary.guaranteedCoverage, refreshDeadline: summary.refreshDeadline, cuts: summary.cutList,
            capacity: summary.capacity, reserve: scenario.planner.reserve)
        if let saved = outcome.checkpoint.alarms {
            let held = SimulatedAlarmCenter(restoring: saved, clock: VirtualClock(now: date, timeZone: outcome.checkpoint.zone))
            plan.alarms = await Self.pendingAlarms(held)
        }
        return plan
    }

    /// The alarms `held` holds, soonest first, then in the order they were scheduled.
    private static func pendingAlarms(_ held: SimulatedAlarmCenter) async -> [ScenarioInstantPlan.PendingAlarm] {
        var alarms: [(order: Int, alarm: ScenarioInstantPlan.PendingAlarm)] = []
        for state in AlarmState.allCases {
            for request in await held.requests(in: state) {
                let alarm = ScenarioInstantPlan.PendingAlarm(
                    identifier: request.identifier.description, soundsAt: await held.nextAlert(of: request.id),
                    state: state.rawValue, title: request.title)
                alarms.append((alarms.count, alarm))
            }
        }
        return alarms.sorted {
            ($0.alarm.soundsAt?.timeIntervalSince1970 ?? -.infinity, $0.order)
                < ($1.alarm.soundsAt?.timeIntervalSince1970 ?? -.infinity, $1.order)
        }.map(\.alarm)
    }
}
