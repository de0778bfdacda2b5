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
///    on the way (in the foreground the app decides how each is shown). The device
///    tells an app in the foreground about each local midnight, and each zone change
///    and clock change the events make, at its instant, and the app re-plans. An app
///    in the background is suspended, as on iOS: it hears of them (one of each kind,
///    in order) when it next runs: back in the foreground, woken for a response, or
///    at a `refresh` event (a background refresh, which also re-plans). When the app
///    said it would be ready after `ready_after` seconds, time stops at that instant
///    and the app says so: responses queued since its launch are routed then.
///    With an alarm channel (`Scenario.alarms`) the device has a `SimulatedAlarmCenter`
///    on the same clock, which the app's engine schedules on: time stops at each
///    alarm's instant and it sounds there, whatever the app's state, recorded as a
///    delivery at level `alarm`.
/// 4. Data events (complete, pause, ...) go through the running app's engine; while the
///    app is not running they are saved to the app's data and Herald's store only (a
///    sync, another device) and Herald catches up at the next launch. A data event
///    stands for the app's own work: it does not tell a suspended app the time changes
///    it is waiting for. User events act
///    on the latest notification of the entity the user can see: in the delivered list
///    (through the device: a tap launches the app if needed) or, in the foreground, an
///    open in-app prompt (through the app).
/// 5. Time moves to `start + days` (in the scenario's zone; an instant, wherever the
///    device is then); the result summarises the end state, with the requests the
///    center dropped above its capacity during the run (`ScenarioSummary.dropped`).
///
/// ``play(from:)`` plays the same run in parts: it returns a ``ScenarioCheckpoint``
/// from which the next part goes on as if the run had never stopped.
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
    package var scenario: Scenario
    /// How many days to run; the scenario's own unless overridden.
    package var days: Int
    /// Where Herald keeps its state during the run (and, with ``play(from:)``, where a
    /// paused run's engine state stays): in memory unless given.
    package var store: any EngineStore
    /// Where to stop instead of the end of ``days``, when sooner (`herald plan --at`):
    /// the run plays the events before this instant and moves time to it.
    package var stopAt: Date?
    /// The history every engine of the run (each launch's, and the one that records
    /// what happens while the app is not running) records in, so a story spans the
    /// run (``why(_:at:)``, ``ScenarioStoryTeller``); `nil` gives each engine its own.
    public var history: OccurrenceHistory?
    /// The device the run plays on among the user's devices (a scenario of several,
    /// ``HouseholdScenarioRunner``); `nil`: the only one.
    package var sync: HeraldSync?
    /// Where the app notes what it received from the other devices.
    var heard: ScenarioSyncLog?

    public init(scenario: Scenario, days: Int? = nil, store: any EngineStore = InMemoryEngineStore(),
                stopAt: Date? = nil) {
        self.scenario = scenario
        self.days = days ?? scenario.days
        self.store = store
        self.stopAt = stopAt
    }

    /// The local date-time a run from the start ends.
    package var end: LocalDateTime {
        end(after: scenario.start)
    }

    /// The local date-time a run that starts at `start` (in the scenario's zone) ends;
    /// ``days`` counts at most ``Scenario/maximumDays`` here (``play(from:)`` refuses more).
    package func end(after start: LocalDateTime) -> LocalDateTime {
        LocalDateTime(date: start.date.adding(days: min(max(days, 0), Scenario.maximumDays)), time: start.time)
    }

    /// What a run produced: its timeline and summary, and where it stopped.
    public struct Outcome: Sendable {
        public var result: ScenarioResult
        /// Everything needed to go on from the end of this run (see ``play(from:)``).
        public var checkpoint: ScenarioCheckpoint
    }

    /// What a streamed run leaves: its summary, and where it stopped (its timeline went
    /// to the sink).
    public struct StreamedOutcome: Sendable {
        public var summary: ScenarioSummary
        /// Everything needed to go on from the end of this run (see ``play(from:)``).
        public var checkpoint: ScenarioCheckpoint
    }

    /// Plays the scenario from its start.
    ///
    /// - Throws: ``ScenarioError`` with code ``ScenarioError/Code/impossibleEvent`` when
    ///   an event cannot happen at its point of the run.
    public func run() async throws -> ScenarioResult {
        try await play(from: nil).result
    }

    /// Plays like ``play(from:streamingTo:)`` and collects the whole timeline: memory
    /// grows with the run, so long runs stream instead.
    public func play(from checkpoint: ScenarioCheckpoint?) async throws -> Outcome {
        let collector = ScenarioTimelineCollector()
        let outcome: StreamedOutcome
        do {
            outcome = try await play(from: checkpoint, streamingTo: collector)
        } catch var error as ScenarioError {
            // The run up to the event that could not happen, for showing before the error.
            if let summary = error.summarySoFar { error.runSoFar = collector.result(endingWith: summary) }
            throw error
        }
        guard let result = collector.result else { preconditionFailure("a finished run has a header and a summary") }
        return Outcome(result: result, checkpoint: outcome.checkpoint)
    }

    /// Plays `days` days of the scenario: from its start when `checkpoint` is `nil`,
    /// or from where an earlier run stopped, with `store` holding Herald's state as
    /// that run left it. Playing 2 days and then 3 from the checkpoint delivers what
    /// playing 5 days does.
    ///
    /// The timeline goes to `sink` as it happens (the header first, the summary last,
    /// when the run ends normally; a run that throws has handed on what happened until
    /// then), so the run keeps only its counters however long it is.
    ///
    /// A resumed run goes on as if it had never stopped: the device's clock, zone and
    /// notification center are restored, the app's process is still running (or not)
    /// and ready (or loading) as it was, and nothing is launched or planned because of
    /// the pause. Its timeline starts at the checkpoint's end.
    ///
    /// - Throws: ``ScenarioError`` with code ``ScenarioError/Code/impossibleEvent`` when
    ///   an event cannot happen at its point of the run (its ``ScenarioError/runSoFar``
    ///   holds the timeline up to that event), with code
    ///   ``ScenarioError/Code/invalidValue`` when `days` is not 1...`Scenario.maximumDays`
    ///   or the clock events set the clock back more than `Scenario.maximumClockSetBack`,
    ///   and the store's errors.
    public func play(from checkpoint: ScenarioCheckpoint?, streamingTo sink: any ScenarioTimelineSink) async throws
        -> StreamedOutcome {
        let window = try window(from: checkpoint)
        let device = try await deviceBeforeTheRun(from: checkpoint, window: window)
        // What a restored center had dropped before this run is not this run's.
        let droppedBefore = await device.center.droppedRequests.count
        var header = ScenarioRunHeader(name: scenario.name, zone: scenario.zone, start: window.first, end: window.last,
                                       deviceZone: checkpoint?.zone ?? scenario.zone)
        header.notificationSettings = await device.center.notificationSettings()
        sink.begin(header)
        let recorder = ScenarioRecorder(clock: device.clock, sink: sink, lastPlan: checkpoint?.plan)
        for notification in device.staleDeliveries {
            await recorder.delivery(notification, presented: nil, beforeStart: true)
        }
        let parts = try await wire(device, recorder: recorder, checkpoint: checkpoint, droppedBefore: droppedBefore)
        let nextEvent = try await playEvents(parts, from: checkpoint, until: window.endDate)
        let summary = await parts.summary()
        sink.finish(summary)
        let stopped = await parts.checkpoint(nextEvent: nextEvent, end: window.last)
        return StreamedOutcome(summary: summary, checkpoint: stopped)
    }

    /// One of the scenario's already-delivered notifications, as the app's old code
    /// would have scheduled it: a one-shot request at its local time.
    func staleRequest(_ notification: ScenarioDeliveredNotification, badge: Int) -> NotificationRequest {
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
