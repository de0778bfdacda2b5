import Foundation
import Logging

/// Herald's engine: the one owner, and the only writer, of the notification center.
///
/// The app tells the engine what happened (launch, foreground, an entity changed, was
/// completed, paused, deleted; a response arrived; an event to post; the app is
/// ready). Each is an `EngineEvent`: the pure `EngineStep` decides what it records,
/// committed in one store transaction, and the event asks for a run. A run is the one
/// place the center is written: it records what was delivered since the last run, asks
/// the one `Planner` for a plan (one budget for the whole center), gets content for
/// what made the cut, and makes the center match: removals (pending and delivered) and
/// additions with the fewest calls, then the badge. Runs are serialized, and concurrent
/// requests coalesce into one run queued behind the current one, so nothing writes to
/// the center while a run holds a snapshot of it. Every run's report is published
/// (``observeReports(_:)``).
///
/// ```swift
/// let engine = Engine(center: center, source: habits, clock: clock, categories: categories)
/// await engine.launched()                 // categories, fired log, plan
/// await engine.received(response)         // from the delegate's didReceive
/// await engine.ready(responder)           // data loaded: routes flow
/// try await engine.completed(water)       // no more reminders today
/// try await engine.deleted([oldHabit])    // its pending and delivered are gone
/// ```
///
/// ## Store calls are synchronous, on the engine's executor
///
/// ``EngineStore`` is a synchronous protocol, and the engine calls it from its own
/// executor. That is deliberate: an event's step reads the state and commits its
/// changes with no suspension in between, which is what makes two posts unable to take
/// the last reserve slot and two positions unable to complete a route twice, without a
/// lock. An asynchronous store would put a suspension point there, and actor
/// reentrancy would let another event interleave. The cost is bounded: a run reads two
/// days of history (``RetentionPolicy`` bounds the rest), the SQLite store keeps that
/// read in a cache checked against SQLite's `data_version`, and a completion's commit
/// and read take about 2 ms on the benchmark machine; the center's calls, which may
/// take longer on a device, are the ones the engine awaits.
public actor Engine {
    nonisolated let center: any NotificationCenter
    public nonisolated let source: any ReminderSource
    nonisolated let store: any EngineStore
    public nonisolated let clock: any DeviceClock
    /// The alarm service (AlarmKit), when the app gave one: rules asking for
    /// ``Urgency/alarm`` are planned there while the user allows alarms.
    public nonisolated let alarmCenter: (any AlarmCenter)?
    package nonisolated let planner: Planner
    public nonisolated let categories: CategoryRegistry
    /// How long the fired log and other history are kept; applied at each launch.
    public nonisolated let retention: RetentionPolicy
    /// What the runs did to each occurrence, for ``explain(entity:rule:at:)``: in memory, for its days.
    public nonisolated let history: OccurrenceHistory
    let reconciler: Reconciler
    let responseDecoder: ResponseDecoder
    let logger: Logger

    /// The run in progress, and the one queued behind it that later callers join.
    private(set) var currentRun: Task<ReconcileReport, Never>?
    private var queuedRun: Task<ReconcileReport, Never>?
    private var queuedReasons: [EngineEvent] = []
    /// Route visits and completions recorded by the events the queued run serves.
    private var queuedRouteChanges: [EngineStateChange] = []
    /// Who hears of every run (``observeReports(_:)``), in the order they subscribed.
    var reportObservers: [(observation: ReportObservation, observer: ReportObserver)] = []
    var nextObservationID = 0

    /// The app's responder, once it said it is ready.
    var responder: (any AppResponder)?
    /// Whether queued responses are being handed over (so they go out once, in order).
    var isDeliveringResponses = false
    /// Counts commits made through ``commit(_:)``: a run that sees it move while it
    /// waits for the app plans again.
    private(set) var stateVersion = 0
    /// The last run's plan while nothing but positions changed since (``LastRegionChoice``).
    var lastRegionChoice: LastRegionChoice?
    /// Deliveries this process knows are in the fired log (the store outlives it, so a
    /// new process looks each up once).
    var recordedDeliveries: Set<DeliveryStamp> = []
    /// The delivered list as the last run saw it, so a run looks only at what changed.
    var deliveredLedger = DeliveredLedger()
    /// Location firings this process removed from the list as no longer asking
    /// (``unlistedLocationDeliveries(_:listed:)`` leaves them out from then on).
    var removedLocationDeliveries: Set<String> = []
    /// The requests the last run built, so a run builds only what changed.
    var builtRequests = BuiltRequests()
    /// Whether a run recorded a zone the app has not been told of yet (``TravelStep``).
    var travelNoticeDue = false
    /// The last plan's walk over the rules' occurrences, which the next plan replays
    /// when it meets the same ones (a completion: ``Planner/OneShotWalk``).
    var oneShotWalk: Planner.OneShotWalk?

    public init(
        center: any NotificationCenter,
        source: any ReminderSource,
        store: any EngineStore = InMemoryEngineStore(),
        clock: any DeviceClock,
        configuration: PlannerConfiguration = PlannerConfiguration(),
        categories: CategoryRegistry = CategoryRegistry.empty,
        retention: RetentionPolicy = .standard,
        alarms: (any AlarmCenter)? = nil,
        history: OccurrenceHistory = OccurrenceHistory(),
        logger: Logger = Logger(label: "herald.engine")
    ) {
        self.center = center
        self.alarmCenter = alarms
        self.source = source
        self.store = store
        self.clock = clock
        self.planner = Planner(configuration: configuration)
        // Groups carry the "Done all" button of ReminderCategory.group: registered with
        // the app's categories whenever the planner makes groups.
        let groups = configuration.quietHours != nil || configuration.groupWithin != nil
        self.categories = groups && categories[ReminderCategory.group.identifier] == nil
            ? (try? CategoryRegistry(Array(categories.categories.values) + [.group])) ?? categories : categories
        self.retention = retention
        self.history = history
        self.reconciler = Reconciler(managedKinds: [.reminder, .snooze, .followUp, .event, .location, .group, .backstop], logger: logger)
        self.responseDecoder = ResponseDecoder(logger: logger)
        self.logger = logger
    }

    /// Re-plans and reconciles. Requests made while a run is in progress are served by
    /// one run after it, which sees every change made before it started.
    @discardableResult
    func reconcile(reason: EngineEvent) async -> ReconcileReport {
        await reconcile(reasons: [reason])
    }

    /// Re-plans once for several reasons (``reconcile(reason:)``).
    @discardableResult
    func reconcile(reasons: [EngineEvent]) async -> ReconcileReport {
        await reconcile(reasons: reasons, routeChanges: [])
    }

    /// Re-plans for `reasons`, whose events recorded `routeChanges` (given in the report).
    func reconcile(reasons: [EngineEvent], routeChanges: [EngineStateChange]) async -> ReconcileReport {
        queuedReasons += reasons
        queuedRouteChanges += routeChanges
        if let queuedRun { return await queuedRun.value }
        let previous = currentRun
        let run = Task {
            _ = await previous?.value
            return await self.performQueuedRun()
        }
        if previous == nil { currentRun = run } else { queuedRun = run }
        return await run.value
    }

    private func performQueuedRun() async -> ReconcileReport {
        if let queuedRun {
            currentRun = queuedRun
            self.queuedRun = nil
        }
        let reasons = queuedReasons
        let routeChanges = queuedRouteChanges
        queuedReasons = []
        queuedRouteChanges = []
        var report = await run(reasons: reasons)
        report.routeChanges = routeChanges
        // Observers hear of the run before its callers get the report, and before the
        // next run starts: in run order, one at a time.
        await publish(report)
        if queuedRun == nil { currentRun = nil }
        return report
    }

    private func run(reasons: [EngineEvent]) async -> ReconcileReport {
        var attempt = 0
        var travel: TravelNotice?
        while true {
            attempt += 1
            let prepared: Prepared
            do {
                prepared = try await prepare()
            } catch is ReminderSourceNotReady {
                logger.debug("re-plan deferred: the app's data is still loading", metadata: ["reasons": "\(reasons)"])
                return ReconcileReport(reasons: reasons, plan: nil, outcome: ReconcileOutcome(), badgeSet: nil,
                                       failure: "\(ReminderSourceNotReady())")
            } catch {
                logger.error("re-plan failed; pending requests left as they are", metadata: [
                    "reasons": "\(reasons)", "error": "\(error)",
                ])
                return ReconcileReport(reasons: reasons, plan: nil, outcome: ReconcileOutcome(), badgeSet: nil,
                                       failure: "\(error)")
            }
            travel = prepared.travel ?? travel
            // The app's state changed while the run waited for the app (its rules or
            // content): plan again from the new state rather than add what it undid.
            if stateVersion != prepared.stateVersion, attempt < Self.maximumPlanningAttempts {
                logger.debug("state changed during a re-plan; planning again", metadata: ["reasons": "\(reasons)"])
                continue
            }
            var (report, applied): (ReconcileReport, [EngineStateChange]) = prepared.authorization == .denied
                ? (heldWhileNotificationsOff(prepared.plan, reasons: reasons), [])
                : await apply(prepared, reasons: reasons)
            // Alarms have a permission of their own: reconciled whether or not notifications are on.
            if let read = prepared.alarms {
                let reconciled = await reconcileAlarms(prepared.plan, read: read)
                report.alarms = reconciled.outcome
                applied += reconciled.changes
            }
            commitAfterApplying(applied)
            report.travel = travel
            // Nothing changed while the plan was applied: a position may reuse it while
            // the center holds as many requests (none delivered) and allows the same.
            // What it holds now is what the run left there, without reading it again:
            // the desired requests that were added or kept, and the others' (or, while
            // notifications are off, what it showed). A center that holds something
            // else reads differently at the next position, which then runs.
            let pending = prepared.authorization == .denied ? prepared.pendingCount
                : prepared.desired.count + prepared.othersPending - report.outcome.failedAdds.count
            lastRegionChoice = stateVersion == prepared.stateVersion
                ? LastRegionChoice(plan: prepared.plan, route: prepared.route, stateVersion: stateVersion,
                                   day: day(of: clock.now), zone: clock.timeZone, pending: pending,
                                   authorization: prepared.authorization, settings: prepared.settings)
                : nil
            return report
        }
    }

    /// How many times one run plans again when the state changes under it, before it
    /// applies what it has (the run queued behind it follows at once).
    static let maximumPlanningAttempts = 3

    /// A plan and what the center needs for it, with the state version it was made from.
    private struct Prepared {
        var plan: Plan
        var managedPending: [String: NotificationRequest]
        /// How many pending requests the center listed, and how many of them are not Herald's.
        var pendingCount: Int
        var othersPending: Int
        var desired: [NotificationRequest]
        /// The identifier's text of each request built for `plan.requests`, in that order.
        var requestTexts: [String?]
        var stateVersion: Int
        /// The route session in progress, as the plan saw it.
        var route: RouteSessionState?
        /// The app's notification permission when the run read the center.
        var authorization: AuthorizationStatus
        /// The location requests the last run left pending.
        var armedLocations: ArmedLocations
        /// Which of alert, sound and badge the user allowed then.
        var settings: NotificationSettings
        /// What the run read of the alarm service, if the app has one.
        var alarms: AlarmRead?
        /// The notice for a zone the app was not told of yet.
        var travel: TravelNotice?
    }

    /// Reads the center and the store, records what was delivered since the last run,
    /// plans, and gets content for what made the cut.
    private func prepare() async throws -> Prepared {
        let (authorization, settings) = await center.permission()
        let delivered = await center.deliveredNotifications()
        let pending = await center.pendingNotificationRequests()
        let alarmService = await readAlarms()
        let recorded = try recording(delivered: delivered, pending: pending, authorization: authorization,
                                     alarmService: alarmService)
        let (state, route, log, alarms) = (recorded.state, recorded.route, recorded.log, recorded.alarms)
        let version = stateVersion
        let rules = try await source.reminderRules()
        let now = clock.now
        let travel = dueTravelNotice(state: state, rules: rules, now: now)
        let built = builtRequests
        let (managed, foreign) = reconciler.partition(pending) { built.identifier(of: $0) }
        let plan = self.plan(now: now, rules: rules, state: state, route: route, log: log, delivered: delivered,
                             managed: managed, foreign: foreign, settings: settings, alarms: alarms?.channel)
        // While notifications are off the center is left alone: no content is asked for.
        // With badges off, no request carries one (the badge is not counted on).
        var texts: [String?] = []
        var desired = authorization == .denied ? []
            : await requests(for: plan, pending: managed, badges: settings.badge, texts: &texts)
        desired = LocationCrossingInFlight.keepingPending(desired, pending: managed, position: plan.regions.position)
        // Route notifications handed to the center stay until they are delivered: the
        // pending ones (at most the center's capacity) are looked up in the session,
        // not each of the session's deliveries in the pending list.
        if let route {
            desired += managed.sorted { $0.key < $1.key }.compactMap { key, request in
                built.identifier(of: key).flatMap { route.delivered.contains($0) ? request : nil }
            }
        }
        return Prepared(plan: plan, managedPending: managed, pendingCount: pending.count, othersPending: foreign,
                        desired: desired, requestTexts: texts, stateVersion: version, route: route,
                        authorization: authorization, armedLocations: state.armedLocations, settings: settings,
                        alarms: alarms, travel: travel)
    }

    /// Makes the center match the plan: the one place Herald writes to it. Removals
    /// first (pending in one batch, then delivered notifications that no longer ask
    /// anything), so the center never holds more than its capacity; then additions;
    /// then the badge, unless the user turned badges off (``ReconcileReport/badgesOff``).
    /// Returns the report and what to record of it (``commitAfterApplying(_:)``).
    private func apply(_ prepared: Prepared, reasons: [EngineEvent]) async
        -> (report: ReconcileReport, changes: [EngineStateChange]) {
        let plan = prepared.plan
        let badges = prepared.settings.badge
        // `desired` is in AdditionOrder, and so are the additions: latest first.
        let diff = reconciler.diff(desired: prepared.desired, managedPending: prepared.managedPending,
                                   staleDelivered: plan.staleDelivered)
        let outcome = await reconciler.apply(diff, to: center)
        recordInHistory(plan, requestTexts: prepared.requestTexts, reasons: reasons, diff: diff,
                        managedPending: prepared.managedPending,
                        desired: prepared.desired, failed: outcome.failedAdds)
        let handedOver = prepared.route.map {
            RouteDeliveryStep.handOver(of: diff.additions, failed: outcome.failedAdds, in: $0)
        } ?? []
        let applied = handedOver + LocationFiringStep.keeping(desired: prepared.desired, failed: outcome.failedAdds,
                                         previous: prepared.armedLocations)
        let ended = LocationFiringStep.deliveriesEnded(by: reasons, armed: prepared.armedLocations,
                                                        now: clock.now, zone: clock.timeZone)
        if !ended.isEmpty {
            await center.removeDeliveredNotifications(withIdentifiers: ended)
            removedLocationDeliveries.formUnion(ended)
        }
        removedLocationDeliveries.formUnion(plan.staleDelivered.lazy.filter {
            NotificationIdentifier(parsing: $0)?.kind == .location
        })
        // The badge is set on every run: deliveries and the user change it behind
        // Herald's back, and one call is cheaper than being wrong. With badges off it is
        // not counted on: the first run after they come back sets it.
        var badgeSet: Int?
        if badges, let badge = plan.appBadge {
            do {
                try await center.setBadgeCount(badge)
                badgeSet = badge
            } catch {
                logger.warning("setting the badge failed", metadata: ["badge": "\(badge)", "error": "\(error)"])
            }
        }
        if !plan.displaced.isEmpty {
            logger.debug("snoozes and posted events outgrew the reserve; the latest reminders wait", metadata: [
                "displaced": "\(plan.displaced.map(\.identifier.description))",
            ])
        }
        logger.debug("reconciled", metadata: [
            "reasons": "\(reasons.map(\.description))", "planned": "\(plan.pendingCount)",
            "added": "\(outcome.added)", "removed": "\(outcome.removed)",
            "removedDelivered": "\(outcome.removedDelivered)", "unchanged": "\(outcome.unchanged)",
            "coverageHorizon": "\(plan.coverageHorizon)",
        ])
        var report = ReconcileReport(reasons: reasons, plan: plan, outcome: outcome, badgeSet: badgeSet, failure: nil)
        report.badgesOff = !badges
        return (report, applied)
    }

    /// A run while the user has turned notifications off: the center is left as it is.
    /// iOS then hides the app's pending requests and ignores its adds and removals (the
    /// set it kept returns when notifications come back), so what the center reports is
    /// not what it holds: Herald neither re-adds nor removes anything, nor sets the
    /// badge, and forgets nothing of its own (fired log, snoozes, queued responses).
    /// The first run after they come back (a foreground or launch reads the
    /// permission) reconciles the whole plan, badge included.
    private func heldWhileNotificationsOff(_ plan: Plan, reasons: [EngineEvent]) -> ReconcileReport {
        history.recordPlan(plan, reasons: reasons, at: clock.now, notificationsOff: true)
        logger.debug("notifications are turned off: the center is left as it is", metadata: [
            "reasons": "\(reasons.map(\.description))", "planned": "\(plan.pendingCount)",
        ])
        var report = ReconcileReport(reasons: reasons, plan: plan, outcome: ReconcileOutcome(), badgeSet: nil,
                                     failure: nil)
        report.heldWhileNotificationsOff = true
        return report
    }

    /// Commits an event's changes in one transaction; every change to Herald's state
    /// goes through here, so a run can tell whether the state moved under it.
    /// `movesState: false` for changes no plan reads: the run in progress need not
    /// plan again for them.
    func commit(_ changes: [EngineStateChange], movesState: Bool = true) throws {
        guard !changes.isEmpty else { return }
        try store.commit(changes)
        if movesState { stateVersion &+= 1 }
    }
}
