import Foundation
import Herald

/// Runs one ``EngineStoreConformanceCheck`` against a store, keeping beside it an
/// in-memory ``Herald/EngineState`` with the same changes applied: the meaning every
/// store must give them.
struct EngineStoreProbe {
    let check: EngineStoreConformanceCheck
    let subject: EngineStoreConformance.Subject
    private let model = Model()

    init(check: EngineStoreConformanceCheck, subject: EngineStoreConformance.Subject) {
        self.check = check
        self.subject = subject
    }

    /// The expected state: ``Herald/EngineState/apply(_:)`` of every change committed.
    final class Model {
        var state = EngineState()
    }

    typealias S = EngineStoreSamples

    // MARK: - Checks

    func freshStoreIsEmpty() throws {
        try expectLoad(equals: EngineState(), context: "a fresh store")
    }

    func readsItsWrites() throws {
        let snoozed = S.identifier(S.water, kind: .reminder)
        let response = S.response(to: snoozed, deliveredAt: S.start)
        var queued = S.queued(response, at: S.start.addingTimeInterval(2), sequence: 1)
        queued.effect = .snoozed(until: S.start.addingTimeInterval(600))
        let event = S.postedEvent(S.reading, delay: 30)
        let smart = SmartTimingState(suggestion: LocalTime(hour: 8, minute: 30), windowStartHour: 8, computedAt: S.start)
        let steps: [EngineStateChange] = [
            .recordCompletion(Completion(entity: S.water, day: S.day, date: S.start)),
            .recordCompletion(Completion(entity: S.run, day: S.day, date: S.start)),
            .pause(S.water),
            .deferDay(EntityDay(S.run, S.day.adding(days: 1))),
            .snooze(SnoozeRecord(original: snoozed, until: S.start.addingTimeInterval(600))),
            .acknowledge(snoozed, at: S.start.addingTimeInterval(1)),
            .recordFired(FiredRecord(identifier: snoozed, date: S.start)),
            .enqueueResponse(queued),
            .markResponseHandled(id: queued.id, at: S.start.addingTimeInterval(3)),
            .setSmartTiming(key: "habit/water", smart),
            .setSetting(key: "reminders.enabled", true),
            .postEvent(event),
            .postEvent(S.postedEvent(S.water, delay: 0)),
            .recordDeletion(S.run, at: S.start),
            .recordDeletion(S.run, at: S.start.addingTimeInterval(-5)),
            .removeCompletion(S.run, S.day),
            .resume(S.water),
            .removeSnooze(original: snoozed),
            .setSmartTiming(key: "habit/water", nil),
            .setSetting(key: "reminders.enabled", nil),
            .forget(S.water),
            .prune(before: S.start.addingTimeInterval(-86_400)),
            .startRoute(S.routeSessions[0]),
            .recordRouteVisit(session: S.routeSessions[0].sessionKey,
                              RouteVisit(waypointID: "gate", date: S.start.addingTimeInterval(60), outcome: .sent)),
            .completeRoute(session: S.routeSessions[0].sessionKey, S.routeCompletion(at: S.start.addingTimeInterval(90))),
            .recordRouteDelivered(session: S.routeSessions[0].sessionKey, S.routeSessions[0].spotIdentifier("gate")),
            .acknowledgeRouteCompletion(session: S.routeSessions[0].sessionKey, at: S.start.addingTimeInterval(120)),
            .stopRoute,
            .startRoute(S.routeSessions[1]),
            .queueSyncRecord(S.syncRecords[0]),
            .queueSyncRecord(S.syncRecords[1]),
            .receiveSyncRecord(S.syncRecords[2]),
            .removeSyncRecords([S.syncRecords[0].id]),
        ] + S.featureChanges.map(\.set)
        let missing = S.allKindNames.subtracting(steps.map(S.kindName))
        guard missing.isEmpty else {
            throw failure("the check does not cover these kinds of change: \(missing.sorted())")
        }
        for step in steps {
            try commit([step])
            try expectLoad(context: "after committing [\(S.kindName(step))]")
        }
    }

    func valuesRoundTripExactly() throws {
        let dates = [
            Date(timeIntervalSinceReferenceDate: 815_000_000.123_456_789),
            Date(timeIntervalSinceReferenceDate: -3_000_000_000.5),
            Date(timeIntervalSinceReferenceDate: 4_000_000_000.000_001),
            Date(timeIntervalSince1970: 0),
        ]
        let odd = NotificationIdentifier(
            entity: S.reading, rule: "rule:with:colons%25", occurrence: OccurrenceKey(rawValue: "every-MO-0900"),
            kind: .followUp
        )
        let empty = NotificationIdentifier(entity: S.run, rule: "", occurrence: OccurrenceKey(rawValue: ""), kind: .event)
        let setting: JSONValue = [
            "nested": ["list": [1, 0.1, -17, 1e300, 123_456_789_012, "", "true", false, nil], "empty": [:]],
            "text": "ünï 🎉 \"quoted\" \\ back",
        ]
        var changes: [EngineStateChange] = []
        for (index, date) in dates.enumerated() {
            changes += [
                .recordCompletion(Completion(entity: S.reading, day: S.day.adding(days: -index), date: date)),
                .acknowledge(S.identifier(S.reading, day: S.day.adding(days: -index)), at: date),
                .recordFired(FiredRecord(identifier: odd, date: date)),
                .snooze(SnoozeRecord(original: S.identifier(S.run, day: S.day.adding(days: -index)), until: date)),
                .markResponseHandled(id: "handled-\(index)|\(date.timeIntervalSince1970)", at: date),
            ]
        }
        changes += [
            .recordFired(FiredRecord(identifier: empty, date: dates[0])),
            .acknowledge(empty, at: dates[1]),
            .deferDay(EntityDay(S.reading, LocalDate(year: 2028, month: 2, day: 29))),
            .pause(S.reading),
            .setSmartTiming(key: "none", SmartTimingState(suggestion: nil, windowStartHour: nil, computedAt: dates[0])),
            .setSmartTiming(
                key: "ünï", SmartTimingState(suggestion: LocalTime(hour: 7, minute: 5, second: 9), windowStartHour: 6,
                                             computedAt: dates[2])
            ),
            .setSetting(key: "object", setting),
            .setSetting(key: "null", .null),
            .setSetting(key: "number", 0.1),
            .setSetting(key: "string", "1"),
            .enqueueResponse(
                S.queued(
                    S.response(to: odd, deliveredAt: dates[0], action: "note", userText: "felt great 💪\nline two"),
                    at: dates[1], sequence: 7
                )
            ),
        ]
        try commit(changes)
        try expectLoad(context: "after committing values that are easy to mangle \(S.summary(changes))")
    }

    func changesApplyInOrder() throws {
        let completion = Completion(entity: S.water, day: S.day, date: S.start)
        let identifier = S.identifier(S.water)
        let queued = S.queued(S.response(to: identifier, deliveredAt: S.start), at: S.start, sequence: 1)
        let batches: [[EngineStateChange]] = [
            [.recordCompletion(completion), .removeCompletion(S.water, S.day)],
            [.removeCompletion(S.run, S.day), .recordCompletion(Completion(entity: S.run, day: S.day, date: S.start))],
            [.pause(S.water), .resume(S.water)],
            [.resume(S.run), .pause(S.run)],
            [.setSetting(key: "a", 1), .setSetting(key: "a", 2)],
            [.setSetting(key: "b", 1), .setSetting(key: "b", nil)],
            [
                .snooze(SnoozeRecord(original: identifier, until: S.start)),
                .snooze(SnoozeRecord(original: identifier, until: S.start.addingTimeInterval(300))),
            ],
            // An acknowledgement keeps the latest instant, whichever comes last in the batch.
            [.acknowledge(identifier, at: S.start.addingTimeInterval(60)), .acknowledge(identifier, at: S.start)],
            [.enqueueResponse(queued), .markResponseHandled(id: queued.id, at: S.start)],
            [
                .recordFired(FiredRecord(identifier: identifier, date: S.start.addingTimeInterval(-10 * 86_400))),
                .prune(before: S.start.addingTimeInterval(-86_400)),
            ],
        ]
        for batch in batches {
            try commit(batch)
            try expectLoad(context: "after the single batch \(S.summary(batch))")
        }
        let state = try load()
        guard !state.isCompleted(S.water, on: S.day), state.isCompleted(S.run, on: S.day),
              state.paused == [S.run], state.settings["a"] == 2, state.settings["b"] == nil,
              state.snoozes[identifier]?.until == S.start.addingTimeInterval(300),
              state.acknowledged[identifier] == S.start.addingTimeInterval(60), state.queuedResponses.isEmpty,
              state.fired.isEmpty
        else { throw failure("a later change in a batch did not win over an earlier one") }
    }

    func batchesAreIdempotent() throws {
        try commit([.recordCompletion(Completion(entity: S.run, day: S.day.adding(days: -1), date: S.start))])
        let identifier = S.identifier(S.water)
        let queued = S.queued(S.response(to: identifier, deliveredAt: S.start), at: S.start, sequence: 1)
        let other = S.queued(S.response(to: identifier, deliveredAt: S.start, action: "done"), at: S.start, sequence: 2)
        let batch: [EngineStateChange] = [
            .recordCompletion(Completion(entity: S.water, day: S.day, date: S.start)),
            .pause(S.water),
            .deferDay(EntityDay(S.run, S.day)),
            .snooze(SnoozeRecord(original: identifier, until: S.start.addingTimeInterval(600))),
            .acknowledge(identifier, at: S.start),
            .recordFired(FiredRecord(identifier: identifier, date: S.start)),
            .enqueueResponse(queued),
            .enqueueResponse(other),
            .markResponseHandled(id: other.id, at: S.start),
            .setSmartTiming(key: "habit/water", SmartTimingState(suggestion: nil, windowStartHour: 7, computedAt: S.start)),
            .setSetting(key: "reminders.enabled", false),
            .removeCompletion(S.run, S.day.adding(days: -1)),
            .prune(before: S.start.addingTimeInterval(-86_400)),
        ]
        try commit(batch)
        let once = try load()
        try expectLoad(context: "after committing \(S.summary(batch)) once")
        try commit(batch)
        try expectLoad(context: "after committing the same batch \(S.summary(batch)) a second time")
        guard try load() == once else {
            throw failure("committing the same batch twice left a different state than once")
        }
    }

    func matchesTheInMemoryModel(seed: UInt64, batches: Int) throws {
        var random = S.RandomBatches(seed: seed)
        var previous: [EngineStateChange] = []
        for index in 0..<batches {
            // Now and then replay the previous batch, as a relaunch after a crash would.
            let replay = !previous.isEmpty && Int.random(in: 0..<10, using: &random.generator) == 0
            let batch = replay ? previous : random.nextBatch()
            try commit(batch)
            previous = batch
            if index % 20 == 19 || index == batches - 1 {
                try expectLoad(
                    context: "after random batch \(index + 1) of \(batches) (seed \(seed)), the last \(S.summary(batch))"
                )
            }
        }
    }

    func failedCommitChangesNothing() throws {
        guard let failWrites = subject.failWrites else { return }
        try commit([
            .recordCompletion(Completion(entity: S.water, day: S.day, date: S.start)),
            .setSetting(key: "reminders.enabled", true),
        ])
        let before = try load()
        // Enough data that a store with its writes failing cannot hold it all.
        let filler = String(repeating: "x", count: 1_000)
        let big: [EngineStateChange] = [.pause(S.run), .removeCompletion(S.water, S.day)]
            + (0..<400).flatMap { index -> [EngineStateChange] in
                [
                    .recordFired(FiredRecord(identifier: S.identifier(S.run, rule: "r\(index)"), date: S.start)),
                    .setSetting(key: "filler-\(index)", .string(filler)),
                ]
            }
        try failWrites(true)
        do {
            try subject.store.commit(big)
            try? failWrites(false)
            throw failure("a commit of \(big.count) changes succeeded while writes were failing")
        } catch let failure as EngineStoreConformanceFailure {
            throw failure
        } catch {
            // Expected: the store reported the failure.
        }
        guard try load() == before else {
            try? failWrites(false)
            throw failure(
                "a failed commit left some of its changes: "
                    + EngineStateDifference.describe(expected: before, actual: try load())
            )
        }
        try failWrites(false)
        try expectLoad(context: "after a failed commit, once writes work again")
        try commit(big)
        try expectLoad(context: "after committing again the batch that failed")
    }

    // MARK: - Helpers

    /// Commits to the store and applies the same changes to the model.
    func commit(_ changes: [EngineStateChange]) throws {
        do {
            try subject.store.commit(changes)
        } catch {
            throw failure("committing \(EngineStoreSamples.summary(changes)) threw: \(error)")
        }
        for change in changes { model.state.apply(change) }
    }

    func load() throws -> EngineState {
        do {
            return try subject.store.load()
        } catch {
            throw failure("load() threw: \(error)")
        }
    }

    /// Fails unless the store loads the model's state (or `expected`).
    func expectLoad(equals expected: EngineState? = nil, context: String) throws {
        let expected = expected ?? model.state
        let actual = try load()
        guard actual != expected else { return }
        throw failure("\(context): \(EngineStateDifference.describe(expected: expected, actual: actual))")
    }

    func failure(_ message: String) -> EngineStoreConformanceFailure {
        EngineStoreConformanceFailure(check: check, message: message)
    }
}

extension EngineStoreProbe {
    /// Seed 001's promises, stated by hand (not by the model): the first visit of a
    /// waypoint, the first completion and the first response to it are kept, changes of another session are
    /// ignored, a start resets, a stop clears.
    func routeSessionKeepsFirstVisitsAndOneCompletion() throws {
        let first = S.routeSessions[0], second = S.routeSessions[1]
        let early = RouteVisit(waypointID: "gate", date: S.start.addingTimeInterval(10), outcome: .sent)
        let late = RouteVisit(waypointID: "gate", date: S.start.addingTimeInterval(20), outcome: .suppressed(.notificationsOff))
        let done = S.routeCompletion(at: S.start.addingTimeInterval(30))
        var again = S.routeCompletion(at: S.start.addingTimeInterval(40))
        again.summary.visitedCount = 2
        try commit([.startRoute(first), .recordRouteVisit(session: first.sessionKey, early)])
        try commit([
            .recordRouteVisit(session: first.sessionKey, late),
            .recordRouteVisit(session: second.sessionKey,
                              RouteVisit(waypointID: "tower", date: S.start, outcome: .sent)),
            .recordRouteVisit(session: first.sessionKey,
                              RouteVisit(waypointID: "not-on-the-route", date: S.start, outcome: .sent)),
            .completeRoute(session: first.sessionKey, done),
            .completeRoute(session: first.sessionKey, again),
            .completeRoute(session: second.sessionKey, again),
            .recordRouteDelivered(session: first.sessionKey, first.completionIdentifier),
            .recordRouteDelivered(session: first.sessionKey, second.completionIdentifier),
            .acknowledgeRouteCompletion(session: first.sessionKey, at: S.start.addingTimeInterval(50)),
            .acknowledgeRouteCompletion(session: first.sessionKey, at: S.start.addingTimeInterval(60)),
            .acknowledgeRouteCompletion(session: second.sessionKey, at: S.start.addingTimeInterval(45)),
        ])
        let expected = RouteSessionState(session: S.route, startedAt: S.start, visits: ["gate": early],
                                         completion: done, delivered: [first.completionIdentifier],
                                         completionAcknowledged: S.start.addingTimeInterval(50))
        let loaded = try load().routeSession
        guard loaded == expected else {
            throw failure("after visits, completions and deliveries of two sessions: expected \(expected), found \(String(describing: loaded))")
        }
        try commit([.startRoute(second)])
        guard try load().routeSession == second else { throw failure("starting a session did not reset it") }
        try commit([.stopRoute])
        guard try load().routeSession == nil else { throw failure("stopping a session did not clear it") }
        try expectLoad(context: "after the route changes")
    }
}
