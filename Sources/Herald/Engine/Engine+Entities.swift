import Foundation

extension Engine {
    /// The app created or edited an entity or its reminders.
    @discardableResult
    public func entityChanged(_ entity: EntityReference) async -> ReconcileReport {
        await reconcile(reason: .entityChanged(entity))
    }

    /// The user completed (or logged) an entity for a day, today by default: no more
    /// reminders of it that day, its delivered notifications of that day are removed,
    /// and badges are renumbered. `date` is when it was done (now by default): smart
    /// timing learns from it, so an app that syncs a completion made elsewhere passes
    /// the real time.
    @discardableResult
    public func completed(_ entity: EntityReference, on day: LocalDate? = nil, at date: Date? = nil) async throws
        -> ReconcileReport {
        let date = date ?? clock.now
        let day = day ?? self.day(of: date)
        try store.commit([.recordCompletion(Completion(entity: entity, day: day, date: date))])
        await removeDelivered(of: entity, on: day)
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
        gone.formUnion(state.snoozes.keys.map(\.entity))
        gone = gone.filter { $0.namespace == namespace && !remaining.contains($0) }
        try store.commit(gone.sorted().map { .forget($0) })
        await removeEverything(of: gone)
        return await reconcile(reason: .replacedAll(namespace: namespace))
    }
}
