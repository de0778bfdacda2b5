import Foundation
import Logging

/// Herald's engine: the one owner of the notification center.
///
/// The app tells the engine what happened (launch, an entity changed, was completed,
/// paused, deleted); the engine records what it must remember, asks the one
/// ``Planner`` for a plan, gets content for what made the cut, and reconciles the
/// center with the fewest calls. Every path that creates or edits reminders goes
/// through ``reconcile(reason:)``; concurrent requests coalesce into one run.
///
/// ```swift
/// let engine = Engine(center: center, source: habits, clock: clock)
/// await engine.reconcile(reason: .launch)
/// try await engine.completed(water)                 // done for today: no more today
/// try await engine.deleted([oldHabit])              // its pending and delivered are gone
/// ```
public actor Engine {
    public let center: any NotificationCenter
    public let source: any ReminderSource
    public let store: any EngineStore
    public let clock: any DeviceClock
    public let planner: Planner
    private let reconciler: Reconciler
    private let logger: Logger

    /// The run in progress, and the one queued behind it that later callers join.
    private var currentRun: Task<ReconcileReport, Never>?
    private var queuedRun: Task<ReconcileReport, Never>?
    private var queuedReasons: [ReconcileReason] = []

    public init(
        center: any NotificationCenter,
        source: any ReminderSource,
        store: any EngineStore = InMemoryEngineStore(),
        clock: any DeviceClock,
        configuration: PlannerConfiguration = PlannerConfiguration(),
        logger: Logger = Logger(label: "herald.engine")
    ) {
        self.center = center
        self.source = source
        self.store = store
        self.clock = clock
        self.planner = Planner(configuration: configuration)
        self.reconciler = Reconciler(logger: logger)
        self.logger = logger
    }

    // MARK: Events

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

    /// The app created or edited an entity or its reminders.
    @discardableResult
    public func entityChanged(_ entity: EntityReference) async -> ReconcileReport {
        await reconcile(reason: .entityChanged(entity))
    }

    /// The user completed (or logged) an entity for a day, today by default: no more
    /// reminders of it that day, its delivered notifications of that day are removed,
    /// and badges are renumbered.
    @discardableResult
    public func completed(_ entity: EntityReference, on day: LocalDate? = nil) async throws -> ReconcileReport {
        let now = clock.now
        let converter = ZoneConverter.for(clock.timeZone)
        let day = day ?? converter.local(for: now).date
        try store.commit([.recordCompletion(Completion(entity: entity, day: day, date: now))])
        await removeDelivered { identifier, date in
            identifier.entity == entity && Planner.badgedKinds.contains(identifier.kind)
                && converter.local(for: date).date == day
        }
        return await reconcile(reason: .completed(entity))
    }

    /// The user paused an entity: nothing of it stays pending or delivered until it is
    /// resumed.
    @discardableResult
    public func paused(_ entity: EntityReference) async throws -> ReconcileReport {
        try store.commit([.pause(entity)])
        await removeEverything(of: [entity])
        return await reconcile(reason: .paused(entity))
    }

    @discardableResult
    public func resumed(_ entity: EntityReference) async throws -> ReconcileReport {
        try store.commit([.resume(entity)])
        return await reconcile(reason: .resumed(entity))
    }

    /// The app deleted entities (one or many): their pending and delivered
    /// notifications of every kind are removed and Herald forgets them.
    @discardableResult
    public func deleted(_ entities: Set<EntityReference>) async throws -> ReconcileReport {
        try store.commit(entities.sorted().map { .forget($0) })
        await removeEverything(of: entities)
        return await reconcile(reason: .entitiesDeleted(entities))
    }

    /// An import replaced every entity of a namespace: whatever Herald has of that
    /// namespace for entities not in `remaining` is removed and forgotten.
    @discardableResult
    public func replacedAll(namespace: String, remaining: Set<EntityReference>) async throws -> ReconcileReport {
        let pending = await center.pendingNotificationRequests().compactMap(\.heraldIdentifier)
        let delivered = await center.deliveredNotifications().compactMap(\.request.heraldIdentifier)
        let state = try store.load()
        var gone = Set((pending + delivered).map(\.entity))
        gone.formUnion(state.paused)
        gone.formUnion(state.completions.keys.map(\.entity))
        gone = gone.filter { $0.namespace == namespace && !remaining.contains($0) }
        try store.commit(gone.sorted().map { .forget($0) })
        await removeEverything(of: gone)
        return await reconcile(reason: .replacedAll(namespace: namespace))
    }

    // MARK: Running

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
            let state = try store.load()
            let rules = try await source.reminderRules()
            input = PlanningInput(
                now: now, deviceZone: clock.timeZone, rules: rules,
                completions: Set(state.completions.keys), paused: state.paused,
                delivered: await center.deliveredNotifications())
        } catch {
            logger.error("re-plan failed; pending requests left as they are", metadata: [
                "reasons": "\(reasons)", "error": "\(error)",
            ])
            return ReconcileReport(reasons: reasons, plan: nil, outcome: ReconcileOutcome(), badgeSet: nil,
                                   failure: "\(error)")
        }
        let plan = planner.plan(input)
        let pending = await center.pendingNotificationRequests()
        let desired = await requests(for: plan, pending: pending)
        let outcome = await reconciler.apply(reconciler.diff(desired: desired, pending: pending), to: center)

        var badgeSet: Int?
        // The badge is set on every run: deliveries and the user change it behind
        // Herald's back, and one call is cheaper than being wrong.
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

    /// The requests for a plan: content from the source for each reminder. When the
    /// source fails for one, the pending request for it (if any) is kept as it is.
    private func requests(for plan: Plan, pending: [NotificationRequest]) async -> [NotificationRequest] {
        var pendingByIdentifier: [String: NotificationRequest] = [:]
        for request in pending { pendingByIdentifier[request.identifier] = request }
        var result: [NotificationRequest] = []
        result.reserveCapacity(plan.reminders.count)
        for reminder in plan.reminders {
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

    private func removeEverything(of entities: Set<EntityReference>) async {
        guard !entities.isEmpty else { return }
        let pending = await center.pendingNotificationRequests()
            .filter { $0.heraldIdentifier?.belongs(to: entities) == true }
            .map(\.identifier)
        if !pending.isEmpty { await center.removePendingNotificationRequests(withIdentifiers: pending) }
        await removeDelivered { identifier, _ in identifier.belongs(to: entities) }
    }

    private func removeDelivered(where matches: (NotificationIdentifier, Date) -> Bool) async {
        let delivered = await center.deliveredNotifications().filter { notification in
            guard let identifier = notification.request.heraldIdentifier else { return false }
            return matches(identifier, notification.date)
        }
        if !delivered.isEmpty {
            await center.removeDeliveredNotifications(withIdentifiers: delivered.map(\.request.identifier))
        }
    }
}
