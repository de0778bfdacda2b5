import Foundation
import Herald
import HeraldSimulator

/// Plays a ``Scenario`` on a `SimulatedDevice` around a `SimulatedNotificationCenter`,
/// in virtual time, with the scenario's app (Herald's `Engine` over the scenario's
/// data) running on it, and records every delivery, prompt, event, reconcile, lifecycle
/// change, user gesture and route.
///
/// The run is deterministic:
///
/// 1. A `VirtualClock` starts at the scenario's `start` in its `zone` (earlier when
///    the scenario lists notifications already `delivered`: those are added and
///    delivered at their own instants first, before the device is there).
/// 2. The center gets the scenario's `authorization`; the device launches the app at
///    the start, into the background (the default, and `app: background`) or the
///    foreground: the app's `engine.launched()` registers the categories and plans.
///    With `app: not-running` it is launched into the background and terminated at
///    the same instant, as if it had run earlier, so reminders are pending and the
///    next tap cold-launches it.
/// 3. Time moves to each event in order through the device, delivering what falls due
///    on the way (in the foreground the app decides how each is shown); a running app
///    is told about each local midnight and re-plans. When the app said it would be
///    ready after `ready_after` seconds, time stops at that instant and the app says
///    so: responses queued since its launch are routed then.
/// 4. Data events (complete, pause, ...) go through the running app's engine; while the
///    app is not running they are saved to the app's data and Herald's store only (a
///    sync, another device) and Herald catches up at the next launch. User events act
///    on the latest notification of the entity the user can see: in the delivered list
///    (through the device: a tap launches the app if needed) or, in the foreground, an
///    open in-app prompt (through the app).
/// 5. Time moves to `start + days`; the result summarises the end state.
///
/// Events at or after the end (when `days` is shortened) are not played. An event
/// that cannot happen at its point of the run (a tap with nothing of the entity in the
/// list, an action the notification did not offer, a launch of a running app, a post
/// while the app is not running) stops the run with a ``ScenarioError`` of code
/// ``ScenarioError/Code/impossibleEvent`` at the event's line.
///
/// ```swift
/// let scenario = try Scenario(contentsOf: URL(fileURLWithPath: "Examples/goal-cold-launch.yaml"))
/// let result = try await ScenarioRunner(scenario: scenario).run()
/// result.routes.map(\.destination)   // [.ready, .missing, .inactive]
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

    /// Plays the scenario.
    ///
    /// - Throws: ``ScenarioError`` with code ``ScenarioError/Code/impossibleEvent`` when
    ///   an event cannot happen at its point of the run.
    public func run() async throws -> ScenarioResult {
        let converter = ZoneConverter.for(scenario.zone)
        let startDate = converter.instant(for: scenario.start).date
        let endDate = converter.instant(for: end).date

        // The device before the app runs: yesterday's notifications, still in the list.
        let stale = scenario.delivered.sorted { $0.at < $1.at }
            .map { (notification: $0, date: converter.instant(for: $0.at).date) }
        let clockStart = min(startDate, (stale.first?.date ?? startDate).addingTimeInterval(-60))
        let clock = VirtualClock(now: clockStart, timeZone: scenario.zone)
        let recorder = ScenarioRecorder(converter: converter, clock: clock)
        let center = SimulatedNotificationCenter(clock: clock, dropRule: scenario.dropRule, authorization: .authorized)
        for (index, entry) in stale.enumerated() {
            try await center.add(staleRequest(entry.notification, badge: index + 1))
        }
        for notification in await center.advance(to: startDate) {
            await recorder.delivery(notification, presented: nil, beforeStart: true)
        }
        await center.setAuthorizationStatus(scenario.authorization)

        let store = InMemoryEngineStore()
        store.commit(scenario.entities.filter(\.paused).map { .pause($0.reference) })
        let source = ScenarioReminderSource(entities: scenario.entities)
        let categories: CategoryRegistry
        do {
            categories = try CategoryRegistry(scenario.categories.map(\.reminderCategory))
        } catch {
            throw ScenarioError(code: .invalidValue, at: nil, message: "the categories are not valid: \(error)")
        }
        let environment = ScenarioAppEnvironment(
            center: center, source: source, store: store, configuration: scenario.planner.configuration,
            categories: categories, readiness: scenario.readiness, recorder: recorder)
        let device = await SimulatedDevice(center: center) { ScenarioApp(environment: environment) }
        await center.setDeliveryHandler { [weak device] notification in
            let presented = await device?.presentedNotifications.last { $0.notification == notification }
            await recorder.delivery(notification, presented: presented, beforeStart: false)
        }
        let run = ScenarioRun(scenario: scenario, device: device, environment: environment, converter: converter)
        do {
            try await run.play(from: startDate, to: endDate)
        } catch {
            await center.setDeliveryHandler(nil)
            throw error
        }
        await center.setDeliveryHandler(nil)

        let plan = await recorder.lastPlan
        let summary = ScenarioSummary(
            delivered: await recorder.delivered,
            pending: await center.pendingNotificationRequests().count,
            stillDelivered: await center.deliveredNotifications().count,
            appBadge: await center.badgeCount,
            coverageHorizon: plan?.coverageHorizon,
            horizonEnd: plan?.horizonEnd,
            cuts: plan?.cuts().count ?? 0,
            reconciles: await recorder.reconciles,
            routes: await recorder.routes)
        return ScenarioResult(name: scenario.name, zone: scenario.zone, start: scenario.start, end: end,
                              timeline: await recorder.timeline, summary: summary)
    }

    /// One of the scenario's already-delivered notifications, as the app's old code
    /// would have scheduled it: a one-shot request at its local time.
    private func staleRequest(_ notification: ScenarioDeliveredNotification, badge: Int) -> NotificationRequest {
        let entity = scenario.entities.first { $0.reference == notification.entity }
        let title = entity?.title ?? notification.entity.id
        let category = entity?.rules.first { $0.id == notification.rule }?.category ?? ""
        let identifier = notification.identifier
        return NotificationRequest(
            identifier: identifier.description,
            content: NotificationContent(
                title: title, body: "\(notification.rule) at \(notification.at.time)", badge: badge,
                categoryIdentifier: category, userInfo: HeraldPayload(identifier: identifier).userInfo()),
            trigger: .calendar(CalendarTrigger(at: notification.at)))
    }
}
