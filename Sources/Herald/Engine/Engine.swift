import Foundation
import Logging

/// Herald's engine: the one owner of the notification center.
///
/// The app tells the engine what happened (launch, foreground, an entity changed, was
/// completed, paused, deleted; a response arrived; the app is ready); the engine
/// records what it must remember, asks the one ``Planner`` for a plan, gets content
/// for what made the cut, and reconciles the center with the fewest calls. Every path
/// that creates or edits reminders goes through ``reconcile(reason:)``; concurrent
/// requests coalesce into one run.
///
/// ```swift
/// let engine = Engine(center: center, source: habits, clock: clock, categories: categories)
/// await engine.launched()                             // categories, fired log, plan
/// await engine.receive(response)                      // from the delegate's didReceive
/// await engine.appIsReady(responder)                  // data loaded: routes flow
/// try await engine.completed(water)                   // no more reminders today
/// try await engine.deleted([oldHabit])                // its pending and delivered are gone
/// ```
public actor Engine {
    public nonisolated let center: any NotificationCenter
    public nonisolated let source: any ReminderSource
    public nonisolated let store: any EngineStore
    public nonisolated let clock: any DeviceClock
    public nonisolated let planner: Planner
    public nonisolated let categories: CategoryRegistry
    /// How long the fired log and other history are kept; applied at each launch.
    public nonisolated let retention: RetentionPolicy
    let reconciler: Reconciler
    let responseDecoder: ResponseDecoder
    let logger: Logger

    /// The run in progress, and the one queued behind it that later callers join.
    private var currentRun: Task<ReconcileReport, Never>?
    private var queuedRun: Task<ReconcileReport, Never>?
    private var queuedReasons: [ReconcileReason] = []

    /// The app's responder, once it said it is ready.
    var responder: (any AppResponder)?
    /// Whether queued responses are being handed over (so they go out once, in order).
    var isDeliveringResponses = false

    public init(
        center: any NotificationCenter,
        source: any ReminderSource,
        store: any EngineStore = InMemoryEngineStore(),
        clock: any DeviceClock,
        configuration: PlannerConfiguration = PlannerConfiguration(),
        categories: CategoryRegistry = CategoryRegistry.empty,
        retention: RetentionPolicy = .standard,
        logger: Logger = Logger(label: "herald.engine")
    ) {
        self.center = center
        self.source = source
        self.store = store
        self.clock = clock
        self.planner = Planner(configuration: configuration)
        self.categories = categories
        self.retention = retention
        self.reconciler = Reconciler(managedKinds: [.reminder, .snooze, .followUp], logger: logger)
        self.responseDecoder = ResponseDecoder(logger: logger)
        self.logger = logger
    }

    /// Re-plans and reconciles. Requests made while a run is in progress are served by
    /// one run after it, which sees every change made before it started.
    @discardableResult
    public func reconcile(reason: ReconcileReason) async -> ReconcileReport {
        queuedReasons.append(reason)
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
        queuedReasons = []
        let report = await run(reasons: reasons)
        if queuedRun == nil { currentRun = nil }
        return report
    }

    private func run(reasons: [ReconcileReason]) async -> ReconcileReport {
        let now = clock.now
        let input: PlanningInput
        do {
            let state = try recentState()
            let rules = try await source.reminderRules()
            let recent = now.addingTimeInterval(-2 * 86_400)
            input = PlanningInput(
                now: now, deviceZone: clock.timeZone, rules: rules,
                satisfied: state.satisfiedDays, paused: state.paused,
                delivered: await center.deliveredNotifications(),
                snoozes: Array(state.snoozes.values), acknowledged: Set(state.acknowledged.keys),
                fired: state.fired.values.filter { $0.identifier.kind == .reminder && $0.date > recent })
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
        let plan = planner.plan(input)
        await removeStaleDelivered(input)
        let pending = await center.pendingNotificationRequests()
        let desired = await requests(for: plan, pending: pending)
        let outcome = await reconciler.apply(reconciler.diff(desired: desired, pending: pending), to: center)

        // The badge is set on every run: deliveries and the user change it behind
        // Herald's back, and one call is cheaper than being wrong.
        var badgeSet: Int?
        if let badge = plan.appBadge {
            do {
                try await center.setBadgeCount(badge)
                badgeSet = badge
            } catch {
                logger.warning("setting the badge failed", metadata: ["badge": "\(badge)", "error": "\(error)"])
            }
        }
        logger.debug("reconciled", metadata: [
            "reasons": "\(reasons.map(\.description))", "planned": "\(plan.reminders.count)",
            "added": "\(outcome.added)", "removed": "\(outcome.removed)", "unchanged": "\(outcome.unchanged)",
            "coverageHorizon": "\(plan.coverageHorizon)",
        ])
        return ReconcileReport(reasons: reasons, plan: plan, outcome: outcome, badgeSet: badgeSet, failure: nil)
    }

    /// The requests for a plan: content from the source for each one. When the source
    /// fails for one, the pending request for it (if any) is kept as it is.
    private func requests(for plan: Plan, pending: [NotificationRequest]) async -> [NotificationRequest] {
        var pendingByIdentifier: [String: NotificationRequest] = [:]
        for request in pending { pendingByIdentifier[request.identifier] = request }
        var result: [NotificationRequest] = []
        let planned = plan.requests
        result.reserveCapacity(planned.count)
        for reminder in planned {
            do {
                result.append(reminder.request(with: try await source.content(for: reminder)))
            } catch {
                let identifier = reminder.identifier.description
                logger.warning("content for a reminder failed", metadata: [
                    "identifier": "\(identifier)", "error": "\(error)",
                ])
                if let existing = pendingByIdentifier[identifier] { result.append(existing) }
            }
        }
        return result
    }

    /// Removes delivered reminders that no longer ask anything of the user: of a
    /// paused or no longer declared entity, on a day that is done or deferred, or whose
    /// occurrence was snoozed. Events do this when they happen; doing it on every run
    /// too makes an event interrupted by a crash converge at the next launch.
    private func removeStaleDelivered(_ input: PlanningInput) async {
        let converter = ZoneConverter.for(input.deviceZone)
        let declared = Set(input.rules.map(\.entity))
        let snoozed = Dictionary(input.snoozes.map { ($0.original, $0.until) }, uniquingKeysWith: max)
        let stale = input.delivered.filter { notification in
            guard let identifier = notification.request.heraldIdentifier,
                  Planner.badgedKinds.contains(identifier.kind) else { return false }
            if input.paused.contains(identifier.entity) || !declared.contains(identifier.entity) { return true }
            if input.satisfied.contains(EntityDay(identifier.entity, converter.local(for: notification.date).date)) {
                return true
            }
            let original = NotificationIdentifier(entity: identifier.entity, rule: identifier.rule,
                                                  occurrence: identifier.occurrence, kind: .reminder)
            if identifier.kind != .snooze, let until = snoozed[original], until > notification.date { return true }
            return false
        }
        if !stale.isEmpty {
            await center.removeDeliveredNotifications(withIdentifiers: stale.map(\.request.identifier))
        }
    }

    // MARK: Shared helpers

    /// The state with the history planning and responses need: the last two days.
    /// Reading it costs the same after a year as on the first day.
    func recentState() throws -> EngineState {
        try store.load(since: clock.now.addingTimeInterval(-2 * 86_400))
    }

    /// The device-local day of an instant.
    func day(of date: Date) -> LocalDate {
        ZoneConverter.for(clock.timeZone).local(for: date).date
    }

    func removeEverything(of entities: Set<EntityReference>) async {
        guard !entities.isEmpty else { return }
        let pending = await center.pendingNotificationRequests()
            .filter { $0.heraldIdentifier?.belongs(to: entities) == true }
            .map(\.identifier)
        if !pending.isEmpty { await center.removePendingNotificationRequests(withIdentifiers: pending) }
        await removeDelivered { identifier, _ in identifier.belongs(to: entities) }
    }

    /// Removes an entity's delivered notifications that stand for something to do on
    /// a day (reminders, snoozes, follow-ups, location reminders).
    func removeDelivered(of entity: EntityReference, on day: LocalDate) async {
        let converter = ZoneConverter.for(clock.timeZone)
        await removeDelivered { identifier, date in
            identifier.entity == entity && Planner.badgedKinds.contains(identifier.kind)
                && converter.local(for: date).date == day
        }
    }

    func removeDelivered(where matches: (NotificationIdentifier, Date) -> Bool) async {
        let delivered = await center.deliveredNotifications().filter { notification in
            guard let identifier = notification.request.heraldIdentifier else { return false }
            return matches(identifier, notification.date)
        }
        if !delivered.isEmpty {
            await center.removeDeliveredNotifications(withIdentifiers: delivered.map(\.request.identifier))
        }
    }
}

extension CategoryRegistry {
    /// No categories.
    public static let empty = try! CategoryRegistry([])
}
