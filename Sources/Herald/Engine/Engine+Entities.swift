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
        await reconcile(reasons: entities.map(EngineEvent.entityChanged))
    }

    /// The app switched its reminders on or off, for one entity or (`nil`) for all:
    /// the run re-plans from the rules the source now gives.
    @discardableResult
    public func remindersSwitched(on: Bool, for entity: EntityReference? = nil) async -> ReconcileReport {
        await reconcile(reason: .remindersSwitched(on: on, entity: entity))
    }

    /// The user completed (or logged) an entity for a day: no more reminders of it that
    /// day, its delivered notifications of that day are removed, and badges are
    /// renumbered, all by the run this asks for.
    ///
    /// `day` defaults to the device-local day of `date` (`OccurrenceDay`'s definition,
    /// the one the planner and responses use); `date` is when it was done (now by
    /// default): smart timing learns from it, so an app that syncs a completion made
    /// elsewhere passes the real time.
    @discardableResult
    public func completed(_ entity: EntityReference, on day: LocalDate? = nil, at date: Date? = nil) async throws
        -> ReconcileReport {
        try await handled(.completed(completion(of: entity, on: day, at: date)))
    }

    /// The completion of `entity` on `day` at `date`, each defaulting as
    /// ``completed(_:on:at:)`` says.
    package nonisolated func completion(of entity: EntityReference, on day: LocalDate? = nil, at date: Date? = nil)
        -> Completion {
        let date = date ?? clock.now
        return Completion(entity: entity, day: day ?? ZoneConverter.for(clock.timeZone).local(for: date).date, date: date)
    }

    /// The user paused an entity: nothing of it stays pending or delivered, whatever
    /// its kind, until it is resumed.
    @discardableResult
    public func paused(_ entity: EntityReference) async throws -> ReconcileReport {
        try await handled(.paused(entity))
    }

    @discardableResult
    public func resumed(_ entity: EntityReference) async throws -> ReconcileReport {
        try await handled(.resumed(entity))
    }

    /// The app deleted entities (one or many): their pending and delivered
    /// notifications of every kind are removed by the run this asks for, and Herald
    /// forgets them.
    @discardableResult
    public func deleted(_ entities: Set<EntityReference>) async throws -> ReconcileReport {
        try await handled(.deleted(entities))
    }

    /// An import replaced every entity of a namespace: whatever Herald has of that
    /// namespace for entities not in `remaining` is removed and forgotten, and those in
    /// `paused` are paused.
    @discardableResult
    public func replacedAll(namespace: String, remaining: Set<EntityReference>,
                            paused: Set<EntityReference> = []) async throws -> ReconcileReport {
        try await handled(.replacedAll(namespace: namespace, remaining: remaining, paused: paused))
    }

    /// ``handle(_:)`` for an event that asks for a run.
    func handled(_ event: EngineEvent) async throws -> ReconcileReport {
        let outcome = try await record(event)
        return await reconcile(reasons: [outcome.reason], routeChanges: outcome.routeChanges)
    }
}
