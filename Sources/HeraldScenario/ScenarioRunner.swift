import Foundation
import Herald
import HeraldSimulator

/// Plays a ``Scenario`` against Herald's `Engine` and a `SimulatedNotificationCenter`
/// in virtual time, recording every delivery, event and reconcile.
///
/// The run is deterministic:
///
/// 1. A `VirtualClock` starts at the scenario's `start` in its `zone` (earlier when
///    the scenario lists notifications already `delivered`: those are added and
///    delivered at their own instants first).
/// 2. The engine reconciles with reason `.launch`.
/// 3. Time moves to each event in order, delivering what falls due on the way; the
///    event is applied to the app's data (``ScenarioReminderSource``) and the engine,
///    and the engine's reconcile is recorded. At each local midnight the simulated app
///    is opened and the engine re-plans with `.dayChanged` (before an event at the same
///    instant).
/// 4. Time moves to `start + days`; the result summarises the end state.
///
/// Events at or after the end (when `days` is shortened) are not played.
///
/// ```swift
/// let scenario = try Scenario(contentsOf: URL(fileURLWithPath: "Examples/seed-004-badges.yaml"))
/// let result = try await ScenarioRunner(scenario: scenario).run()
/// result.deliveries.filter { !$0.beforeStart }.map(\.badge)   // [1, 2, 3]
/// ```
public struct ScenarioRunner: Sendable {
    public var scenario: Scenario
    /// How many days to run; the scenario's own unless overridden.
    public var days: Int

    public init(scenario: Scenario, days: Int? = nil) {
        self.scenario = scenario
        self.days = days ?? scenario.days
    }

    /// The local date-time the run ends.
    public var end: LocalDateTime {
        LocalDateTime(date: scenario.start.date.adding(days: days), time: scenario.start.time)
    }

    public func run() async throws -> ScenarioResult {
        let converter = ZoneConverter.for(scenario.zone)
        let startDate = converter.instant(for: scenario.start).date
        let endDate = converter.instant(for: end).date
        var recorder = Recorder(converter: converter)

        // The device before the app runs: yesterday's notifications, still in the list.
        let stale = scenario.delivered.sorted { $0.at < $1.at }
            .map { (notification: $0, date: converter.instant(for: $0.at).date) }
        let clockStart = min(startDate, (stale.first?.date ?? startDate).addingTimeInterval(-60))
        let clock = VirtualClock(now: clockStart, timeZone: scenario.zone)
        let center = SimulatedNotificationCenter(clock: clock, dropRule: scenario.dropRule, authorization: .authorized)
        for (index, entry) in stale.enumerated() {
            try await center.add(staleRequest(entry.notification, badge: index + 1))
        }
        recorder.record(await center.advance(to: startDate), beforeStart: true)

        let store = InMemoryEngineStore()
        store.commit(scenario.entities.filter(\.paused).map { .pause($0.reference) })
        let source = ScenarioReminderSource(entities: scenario.entities)
        let engine = Engine(center: center, source: source, store: store, clock: clock,
                            configuration: scenario.planner.configuration)
        recorder.record(await engine.reconcile(reason: .launch), at: clock.now)

        for step in steps(converter: converter, from: startDate, to: endDate) {
            recorder.record(await center.advance(to: step.date), beforeStart: false)
            switch step.kind {
            case .midnight:
                recorder.record(await engine.reconcile(reason: .dayChanged), at: clock.now)
            case .event(let event):
                recorder.timeline.append(.event(TimelineEvent(
                    date: clock.now, local: converter.local(for: clock.now), action: event.action)))
                let report = try await apply(event.action, engine: engine, source: source, store: store)
                recorder.record(report, at: clock.now)
            }
        }
        recorder.record(await center.advance(to: endDate), beforeStart: false)

        let plan = recorder.lastPlan
        let summary = ScenarioSummary(
            delivered: recorder.delivered,
            pending: await center.pendingNotificationRequests().count,
            stillDelivered: await center.deliveredNotifications().count,
            appBadge: await center.badgeCount,
            coverageHorizon: plan?.coverageHorizon,
            horizonEnd: plan?.horizonEnd,
            cuts: plan?.cuts().count ?? 0,
            reconciles: recorder.reconciles)
        return ScenarioResult(name: scenario.name, zone: scenario.zone, start: scenario.start, end: end,
                              timeline: recorder.timeline, summary: summary)
    }

    // MARK: Steps

    private struct Step {
        enum Kind {
            case midnight
            case event(ScenarioEvent)
        }

        var date: Date
        var kind: Kind
        /// Midnights (0) before events (1) at one instant; then file order.
        var rank: Int
        var order: Int
    }

    /// Local midnights and events inside the run, in the order they are played.
    private func steps(converter: ZoneConverter, from start: Date, to end: Date) -> [Step] {
        var steps: [Step] = []
        var day = scenario.start.date.adding(days: 1)
        while true {
            let date = converter.instant(for: LocalDateTime(date: day, time: .midnight)).date
            guard date < end else { break }
            steps.append(Step(date: date, kind: .midnight, rank: 0, order: steps.count))
            day = day.adding(days: 1)
        }
        for event in scenario.events {
            let date = converter.instant(for: event.at).date
            guard date >= start, date < end else { continue }
            steps.append(Step(date: date, kind: .event(event), rank: 1, order: steps.count))
        }
        return steps.sorted { ($0.date, $0.rank, $0.order) < ($1.date, $1.rank, $1.order) }
    }

    // MARK: Events

    private func apply(_ action: ScenarioEvent.Action, engine: Engine, source: ScenarioReminderSource,
                       store: InMemoryEngineStore) async throws -> ReconcileReport {
        switch action {
        case .complete(let entity, let day):
            return try await engine.completed(entity, on: day)
        case .pause(let entity):
            return try await engine.paused(entity)
        case .resume(let entity):
            return try await engine.resumed(entity)
        case .delete(let entities):
            await source.remove(entities)
            return try await engine.deleted(Set(entities))
        case .edit(let edit):
            await source.apply(edit)
            return await engine.entityChanged(edit.entity)
        case .import(let namespace, let entities):
            await source.replaceAll(namespace: namespace, with: entities)
            store.commit(entities.filter(\.paused).map { .pause($0.reference) })
            return try await engine.replacedAll(namespace: namespace, remaining: Set(entities.map(\.reference)))
        }
    }

    /// One of the scenario's already-delivered notifications, as the app's old code
    /// would have scheduled it: a one-shot request at its local time.
    private func staleRequest(_ notification: ScenarioDeliveredNotification, badge: Int) -> NotificationRequest {
        let title = scenario.entities.first { $0.reference == notification.entity }?.title ?? notification.entity.id
        let identifier = notification.identifier
        return NotificationRequest(
            identifier: identifier.description,
            content: NotificationContent(
                title: title, body: "\(notification.rule) at \(notification.at.time)", badge: badge,
                userInfo: HeraldPayload(identifier: identifier).userInfo()),
            trigger: .calendar(CalendarTrigger(at: notification.at)))
    }

    // MARK: Recording

    /// Collects the timeline as the run goes.
    private struct Recorder {
        let converter: ZoneConverter
        var timeline: [TimelineEntry] = []
        var delivered = 0
        var reconciles = 0
        var lastPlan: Plan?

        mutating func record(_ notifications: [DeliveredNotification], beforeStart: Bool) {
            for notification in notifications {
                if !beforeStart { delivered += 1 }
                let content = notification.request.content
                timeline.append(.delivery(TimelineDelivery(
                    date: notification.date, local: converter.local(for: notification.date), badge: content.badge,
                    title: content.title, body: content.body, identifier: notification.request.identifier,
                    beforeStart: beforeStart)))
            }
        }

        mutating func record(_ report: ReconcileReport, at date: Date) {
            reconciles += 1
            if let plan = report.plan { lastPlan = plan }
            timeline.append(.reconcile(TimelineReconcile(
                date: date, local: converter.local(for: date), reasons: report.reasons.map(\.description),
                added: report.outcome.added, removed: report.outcome.removed, unchanged: report.outcome.unchanged,
                failedAdds: report.outcome.failedAdds.count, planned: report.plan?.reminders.count,
                badgeSet: report.badgeSet, coverageHorizon: report.plan?.coverageHorizon, failure: report.failure)))
        }
    }
}
