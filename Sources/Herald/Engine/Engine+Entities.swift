import Foundation

extension Engine {
    /// The app created or edited an entity or its reminders.
    @discardableResult
    public func entityChanged(_ entity: EntityReference) async -> ReconcileReport {
        await reconcile(reason: .entityChanged(entity))
    }

    /// The app created or edited many entities at once (a sync, an import of edits):
    /// one run for all of them, whose report gives each as a reason, so the cost grows
    /// with the entities once, not once per entity.
    ///
    /// ```swift
    /// await engine.entitiesChanged(synced.map(\.reference))
    /// ```
    @discardableResult
    public func entitiesChanged(_ entities: [EntityReference]) async -> ReconcileReport {
        await reconcile(reasons: entities.map(ReconcileReason.entityChanged))
    }

    /// The user completed (or logged) an entity for a day: no more reminders of it that
    /// day, its delivered notifications of that day are removed, and badges are
    /// renumbered, all by the run this asks for.
    ///
    /// `day` defaults to the device-local day of `date` (``OccurrenceDay``'s definition,
    /// the one the planner and responses use); `date` is when it was done (now by
    /// default): smart timing learns from it, so an app that syncs a completion made
    /// elsewhere passes the real time.
    @discardableResult
    public func completed(_ entity: EntityReference, on day: LocalDate? = nil, at date: Date? = nil) async throws
        -> ReconcileReport {
        let date = date ?? clock.now
        let day = day ?? self.day(of: date)
        try commit([.recordCompletion(Completion(entity: entity, day: day, date: date))])
        return await reconcile(reason: .completed(entity))
    }

    /// The user paused an entity: nothing of it stays pending or delivered, whatever
    /// its kind, until it is resumed.
    @discardableResult
    public func paused(_ entity: EntityReference) async throws -> ReconcileReport {
        try commit([.pause(entity)])
        return await reconcile(reason: .paused(entity))
    }

    @discardableResult
    public func resumed(_ entity: EntityReference) async throws -> ReconcileReport {
        try commit([.resume(entity)])
        return await reconcile(reason: .resumed(entity))
    }

    /// The app deleted entities (one or many): their pending and delivered
    /// notifications of every kind are removed by the run this asks for, and Herald
    /// forgets them.
    @discardableResult
    public func deleted(_ entities: Set<EntityReference>) async throws -> ReconcileReport {
        let instants = deletionInstants(of: entities, delivered: await center.deliveredNotifications(),
                                        state: try store.load())
        try commit(entities.sorted().flatMap { [.forget($0), .recordDeletion($0, at: instants[$0] ?? clock.now)] })
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
        gone.formUnion(state.snoozes.keys.map(\.entity))
        gone.formUnion(state.postedEvents.keys.map(\.entity))
        gone = gone.filter { $0.namespace == namespace && !remaining.contains($0) }
        let instants = deletionInstants(of: gone, delivered: await center.deliveredNotifications(), state: state)
        try commit(gone.sorted().flatMap { [.forget($0), .recordDeletion($0, at: instants[$0] ?? clock.now)] })
        return await reconcile(reason: .replacedAll(namespace: namespace))
    }

    /// When each of `entities` counts as deleted: now, or later when the clock was set
    /// back after something of it was delivered, posted or fired, so that the deletion
    /// covers everything of it that exists when it is made (only what a re-created
    /// entity gets afterwards is newer).
    func deletionInstants(of entities: Set<EntityReference>, delivered: [DeliveredNotification],
                          state: EngineState) -> [EntityReference: Date] {
        var instants = Dictionary(uniqueKeysWithValues: entities.map { ($0, clock.now) })
        func cover(_ entity: EntityReference, _ date: Date) {
            if let instant = instants[entity], date > instant { instants[entity] = date }
        }
        for notification in delivered {
            if let entity = notification.request.heraldIdentifier?.entity { cover(entity, notification.date) }
        }
        for event in state.postedEvents.values { cover(event.identifier.entity, event.postedAt) }
        for record in state.fired.values { cover(record.identifier.entity, record.date) }
        return instants
    }
}
