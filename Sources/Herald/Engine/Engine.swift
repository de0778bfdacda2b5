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
/// Store calls are synchronous, on the engine's executor: see <doc:StateAndCrashes>.
public actor Engine {
    nonisolated let center: any NotificationCenter
    public nonisolated let source: any ReminderSource
    nonisolated let store: any EngineStore
    public nonisolated let clock: any DeviceClock
    /// The alarm service (AlarmKit), when the app gave one: rules asking for
    /// ``Urgency/alarm`` are planned there while the user allows alarms.
    public nonisolated let alarmCenter: (any AlarmCenter)?
    let alarmApplier: AlarmApplier?
    package nonisolated let planner: Planner
    public nonisolated let categories: CategoryRegistry
    /// How long the fired log and other history are kept; applied at each launch.
    public nonisolated let retention: RetentionPolicy
    /// What the runs did to each occurrence, for ``explain(entity:rule:at:)``: in memory, for its days.
    public nonisolated let history: OccurrenceHistory
    /// This device among the user's devices, when the app syncs them (``HeraldSync``):
    /// what the user does here is kept as records for the others.
    public nonisolated let sync: HeraldSync?
    let reconciler: Reconciler
    let planApplier: PlanApplier
    let responseDecoder: ResponseDecoder
    let logger: Logger

    /// The run in progress, and the one queued behind it that later callers join, with
    /// the reasons and the route visits and completions of the events it serves.
    private(set) var currentRun: Task<ReconcileReport, Never>?
    private var queuedRun: Task<ReconcileReport, Never>?
    private var queued: (reasons: [EngineEvent], routeChanges: [EngineStateChange]) = ([], [])
    /// Who hears of every run (``observeReports(_:)``), the history first.
    var reportObservers: ReportObservers

    /// The app's responder, once it said it is ready.
    var responder: (any AppResponder)?
    /// Whether queued responses are being handed over (so they go out once, in order).
    var isDeliveringResponses = false
    /// Counts commits made through ``commit(_:)``: a run that sees it move while it
    /// waits for the app plans again.
    private(set) var stateVersion = 0
    /// What the runs of this process remember from one to the next (``RunMemory``).
    var memory = RunMemory()

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
        sync: HeraldSync? = nil,
        logger: Logger = Logger(label: "herald.engine")
    ) {
        // The history hears of every run first, from its report: the one place runs are written to it.
        self.reportObservers = ReportObservers { report in history.record(report) }
        self.center = center
        self.alarmCenter = alarms
        self.source = source
        self.store = store
        self.clock = clock
        self.planner = Planner(configuration: configuration)
        // Groups carry the "Done all" button of ReminderCategory.group: registered with
        // the app's categories whenever the planner makes groups.
        let groups = configuration.quietHours != nil || configuration.groupWithin != nil
        let categories = groups && categories[ReminderCategory.group.identifier] == nil
            ? (try? CategoryRegistry(Array(categories.categories.values) + [.group])) ?? categories : categories
        self.categories = categories
        self.alarmApplier = alarms.map { AlarmApplier(center: $0, source: source, categories: categories, logger: logger) }
        self.retention = retention
        self.history = history
        self.sync = sync
        self.reconciler = Reconciler(managedKinds: [.reminder, .snooze, .followUp, .event, .location, .group, .backstop], logger: logger)
        self.planApplier = PlanApplier(center: center, reconciler: self.reconciler, clock: clock, logger: logger)
        self.responseDecoder = ResponseDecoder(logger: logger)
        self.logger = logger
    }

    /// Re-plans and reconciles. Requests made while a run is in progress are served by
    /// one run after it, which sees every change made before it started.
    @discardableResult
    func reconcile(reason: EngineEvent) async -> ReconcileReport {
        await reconcile(reasons: [reason])
    }

    /// Re-plans once for several reasons (``reconcile(reason:)``), whose events recorded
    /// `routeChanges` (given in the report).
    @discardableResult
    func reconcile(reasons: [EngineEvent], routeChanges: [EngineStateChange] = []) async -> ReconcileReport {
        queued.reasons += reasons
        queued.routeChanges += routeChanges
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
        let (reasons, routeChanges) = queued
        queued = ([], [])
        var report = await run(reasons: reasons)
        report.routeChanges = routeChanges
        // Observers hear of the run before its callers get the report, and before the
        // next run starts: in run order, one at a time.
        await reportObservers.publish(report)
        if queuedRun == nil { currentRun = nil }
        return report
    }

    private func run(reasons: [EngineEvent]) async -> ReconcileReport {
        var attempt = 0
        var travel: TravelNotice?
        while true {
            attempt += 1
            let prepared: RunPreparation
            do {
                prepared = try await prepare()
            } catch {
                return ReconcileReport.unplanned(error, reasons: reasons, logger: logger)
            }
            travel = prepared.travel ?? travel
            // The app's state changed while the run waited for the app (its rules or
            // content): plan again from the new state rather than add what it undid.
            if stateVersion != prepared.stateVersion, attempt < Self.maximumPlanningAttempts {
                logger.debug("state changed during a re-plan; planning again", metadata: ["reasons": "\(reasons)"])
                continue
            }
            var (report, applied, removedDelivered) = await apply(prepared, reasons: reasons)
            // Alarms have a permission of their own: reconciled whether or not notifications are on.
            if let read = prepared.alarms, let alarmApplier {
                let reconciled = await alarmApplier.apply(prepared.plan, read: read)
                report.alarms = reconciled.outcome
                applied += reconciled.changes
            }
            commitAfterApplying(applied)
            report.travel = travel
            // Nothing changed while the plan was applied: a position may reuse it while
            // the center holds the same requests and delivered list and allows the same.
            memory.lastRegionChoice = stateVersion == prepared.stateVersion
                ? LastRegionChoice(plan: prepared.plan, route: prepared.route, stateVersion: stateVersion,
                                   day: day(of: clock.now), zone: clock.timeZone, pending: prepared.pendingAfter(report),
                                   delivered: prepared.deliveredAfter(removing: removedDelivered),
                                   heldInFlight: prepared.heldInFlight,
                                   authorization: prepared.authorization, settings: prepared.settings)
                : nil
            return report
        }
    }

    /// How many times one run plans again when the state changes under it, before it
    /// applies what it has (the run queued behind it follows at once).
    static let maximumPlanningAttempts = 3

    /// Reads the center and the store, records what was delivered since the last run,
    /// plans, and gets content for what made the cut.
    private func prepare() async throws -> RunPreparation {
        let (authorization, settings) = await center.permission()
        let delivered = await center.deliveredNotifications()
        let pending = await center.pendingNotificationRequests()
        let alarmService = await alarmApplier?.read()
        let recorded = try recording(delivered: delivered, pending: pending, authorization: authorization,
                                     alarmService: alarmService)
        let (state, route, log, alarms) = (recorded.state, recorded.route, recorded.log, recorded.alarms)
        let version = stateVersion
        let declared = try await source.reminderRules(), now = clock.now
        // What this device schedules (HeraldSync), as what the user did shapes it (AdaptiveSchedules).
        let rules = try await followingTheUser(sync?.rulesScheduledHere(declared) ?? declared, state: state, now: now)
        let travel = memory.travelNoticeDue
            ? TravelStep.announcing(rules: rules, state: state, deviceZone: clock.timeZone, now: now,
                                    prompt: planner.configuration.travelPrompt, logger: logger) : nil
        memory.travelNoticeDue = false
        let built = memory.builtRequests
        let (managed, foreign) = reconciler.partition(pending) { built.identifier(of: $0) }
        var input = PlanningInput(
            now: now, deviceZone: clock.timeZone, rules: rules, state: state, route: route, fired: log.planned,
            capacity: center.capacity, foreignRequests: foreign, historyWindow: Self.historyWindow
        ) { managed[$0.description] != nil }
        input.deliverySettings = settings
        // The backstops pending: those of alarm occurrences passed stay (AlarmBackstop).
        input.alarms = alarms?.channel.holding(pending: managed.keys)
        let plan = memory.plan(&input, listed: delivered, locationFirings: log.locationFirings, planner: planner)
        // While notifications are off the center is left alone: no content is asked for.
        // With badges off, no request carries one (the badge is not counted on).
        var texts: [String?] = []
        var desired: [NotificationRequest] = []
        if authorization != .denied {
            var building = memory.builtRequests
            desired = await RequestBuilder(source: source, logger: logger)
                .requests(for: plan, pending: managed, badges: settings.badge, built: &building, texts: &texts)
            memory.builtRequests = building
        }
        var heldInFlight: [LocationRegion] = []
        desired = LocationCrossingInFlight.keepingPending(desired, pending: managed, position: plan.regions.position,
                                                          held: &heldInFlight)
        // Route notifications handed to the center stay until they are delivered: the
        // pending ones (at most the center's capacity) are looked up in the session,
        // not each of the session's deliveries in the pending list.
        if let route {
            desired += managed.sorted { $0.key < $1.key }.compactMap { key, request in
                built.identifier(of: key).flatMap { route.delivered.contains($0) ? request : nil }
            }
        }
        return RunPreparation(plan: plan, managedPending: managed, pending: pending.map(\.identifier),
                              desired: desired, requestTexts: texts, stateVersion: version, route: route,
                              authorization: authorization, armedLocations: state.armedLocations, settings: settings,
                              delivered: delivered, heldInFlight: heldInFlight, alarms: alarms, travel: travel)
    }

    /// Makes the center match the plan (``PlanApplier``), or leaves it alone while
    /// notifications are off; returns the report and what to record of it
    /// (``commitAfterApplying(_:)``).
    private func apply(_ prepared: RunPreparation, reasons: [EngineEvent]) async
        -> (report: ReconcileReport, changes: [EngineStateChange], removedDelivered: Set<String>) {
        guard prepared.authorization != .denied else {
            return (planApplier.hold(prepared.plan, reasons: reasons), [], [])
        }
        var applied = await planApplier.apply(prepared, reasons: reasons)
        memory.removedLocationDeliveries.formUnion(applied.removedLocations)
        applied.report.historyFacts?.identify(with: memory.builtRequests.identifier(of:))
        return (applied.report, applied.changes, applied.removedDelivered)
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
