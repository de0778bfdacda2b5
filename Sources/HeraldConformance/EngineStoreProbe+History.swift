import Foundation
import Herald

/// The checks of what a store lets go: a forgotten entity, history older than a cutoff,
/// a handled response; and the order in which it keeps the responses still queued.
extension EngineStoreProbe {
    func forgetDropsTheEntity() throws {
        var setup: [EngineStateChange] = []
        for entity in [S.water, S.run] {
            let identifier = S.identifier(entity)
            setup += [
                .recordCompletion(Completion(entity: entity, day: S.day, date: S.start)),
                .recordCompletion(Completion(entity: entity, day: S.day.adding(days: -1), date: S.start)),
                .pause(entity),
                .deferDay(EntityDay(entity, S.day.adding(days: 1))),
                .snooze(SnoozeRecord(original: identifier, until: S.start.addingTimeInterval(600))),
                .acknowledge(S.identifier(entity, kind: .followUp), at: S.start),
                .recordFired(FiredRecord(identifier: identifier, date: S.start)),
                .setSmartTiming(key: "\(entity)", SmartTimingState(suggestion: nil, windowStartHour: 8, computedAt: S.start)),
            ]
        }
        try commit(setup)
        try commit([.forget(S.water)])
        try expectLoad(context: "after forgetting \(S.water)")
        let state = try load()
        let waterLeft = state.completions.keys.contains { $0.entity == S.water } || state.paused.contains(S.water)
            || state.deferred.contains { $0.entity == S.water } || state.snoozes.keys.contains { $0.entity == S.water }
            || state.acknowledged.keys.contains { $0.entity == S.water }
        guard !waterLeft else { throw failure("forget left some of \(S.water)'s state") }
        guard state.fired.values.contains(where: { $0.identifier.entity == S.water }) else {
            throw failure("forget dropped \(S.water)'s fired log, which must stay")
        }
        guard state.completions.count == 2, state.paused == [S.run], state.snoozes.count == 1 else {
            throw failure("forgetting \(S.water) touched \(S.run)")
        }
    }

    /// History on both sides of `cutoff`, and state that is never history.
    func historyAround(_ cutoff: Date) -> [EngineStateChange] {
        let cutoffDay = EngineState.firstKeptDay(before: cutoff)
        var setup: [EngineStateChange] = []
        for (index, offset) in [-1.0, -0.001, 0, 0.001, 86_400].enumerated() {
            let date = cutoff.addingTimeInterval(offset)
            let identifier = S.identifier(S.water, rule: "r\(index)")
            setup += [
                .recordFired(FiredRecord(identifier: identifier, date: date)),
                .markResponseHandled(id: "response-\(index)", at: date),
                .acknowledge(identifier, at: date),
                .snooze(SnoozeRecord(original: identifier, until: date)),
                .postEvent(S.postedEvent(S.run, delay: date.timeIntervalSince(S.start), token: "t\(index)")),
                .recordDeletion(EntityReference(namespace: "gone", id: "g\(index)"), at: date),
            ]
        }
        // Completions and deferred days are kept by their day, not by when they were
        // recorded: a completion recorded long ago for a day still to come stays.
        for offset in -2...1 {
            setup.append(.deferDay(EntityDay(S.water, cutoffDay.adding(days: offset))))
            setup.append(.recordCompletion(Completion(
                entity: S.run, day: cutoffDay.adding(days: offset), date: cutoff.addingTimeInterval(-86_400 * 10))))
        }
        let queued = S.queued(S.response(to: S.identifier(S.run), deliveredAt: cutoff.addingTimeInterval(-86_400)),
                              at: cutoff.addingTimeInterval(-86_400), sequence: 1)
        setup += [
            .pause(S.water),
            .enqueueResponse(queued),
            .setSmartTiming(key: "habit/run", SmartTimingState(suggestion: nil, windowStartHour: nil,
                                                                computedAt: cutoff.addingTimeInterval(-86_400 * 400))),
            .setSetting(key: "reminders.enabled", true),
        ]
        return setup
    }

    func pruneDropsOldEntries() throws {
        let cutoff = S.start
        let cutoffDay = EngineState.firstKeptDay(before: cutoff)
        let setup = historyAround(cutoff)
        try commit(setup)
        try commit([.prune(before: cutoff)])
        try expectLoad(context: "after pruning before \(cutoff)")
        let state = try load()
        guard state.fired.count == 3, state.handledResponses.count == 3, state.acknowledged.count == 3,
              state.snoozes.count == 3, state.postedEvents.count == 3, state.deletions.count == 3
        else {
            throw failure("prune must drop exactly the entries before the cutoff and keep those at or after it")
        }
        guard state.deferred == [EntityDay(S.water, cutoffDay), EntityDay(S.water, cutoffDay.adding(days: 1))] else {
            throw failure("prune must keep deferred days from the day before the cutoff's day on, found \(state.deferred)")
        }
        guard Set(state.completions.keys) == [EntityDay(S.run, cutoffDay), EntityDay(S.run, cutoffDay.adding(days: 1))] else {
            throw failure("prune must keep completed days from the day before the cutoff's day on, whenever they were recorded, found \(state.completions.keys.sorted { $0.day < $1.day })")
        }
        guard state.paused == [S.water], state.queuedResponses.count == 1, state.smartTiming.count == 1,
              state.settings.count == 1
        else { throw failure("prune dropped state it must keep (pauses, queued responses, smart timing, settings)") }
    }

    func boundedLoadMatchesPrune() throws {
        try commit(historyAround(S.start))
        for offset in [-86_400.0, -1, 0, 0.001, 86_400] {
            let cutoff = S.start.addingTimeInterval(offset)
            var expected = try load()
            expected.apply(.prune(before: cutoff))
            let bounded = try subject.store.load(since: cutoff)
            guard bounded == expected else {
                throw failure("load(since: \(cutoff)) must equal load() pruned at that cutoff")
            }
        }
    }

    func handledResponseIsNotQueuedAgain() throws {
        let identifier = S.identifier(S.water)
        let queued = S.queued(S.response(to: identifier, deliveredAt: S.start), at: S.start, sequence: 1)
        let handledAt = S.start.addingTimeInterval(5)
        try commit([.enqueueResponse(queued)])
        try commit([.markResponseHandled(id: queued.id, at: handledAt)])
        try commit([.enqueueResponse(queued)])
        try commit([.enqueueResponse(S.queued(queued.response, at: S.start.addingTimeInterval(60), sequence: 9))])
        try commit([.markResponseHandled(id: queued.id, at: S.start.addingTimeInterval(120))])
        let early = S.queued(S.response(to: identifier, deliveredAt: S.start, action: "done"), at: S.start, sequence: 2)
        try commit([.markResponseHandled(id: early.id, at: S.start), .enqueueResponse(early)])
        try expectLoad(context: "after queueing handled responses again")
        let state = try load()
        guard state.queuedResponses.isEmpty else {
            throw failure("a handled response was queued again: \(state.queuedResponses.map(\.id))")
        }
        guard state.handledResponses[queued.id] == handledAt else {
            throw failure("handling a response again must keep the first time it was handled")
        }
    }

    func queuedResponsesKeepArrivalOrder() throws {
        let responses = (0..<5).map { index in
            S.response(to: S.identifier(S.water, rule: "r\(index)"), deliveredAt: S.start.addingTimeInterval(Double(index)))
        }
        let third = S.queued(responses[0], at: S.start, sequence: 3)
        try commit([.enqueueResponse(third)])
        try commit([
            .enqueueResponse(S.queued(responses[1], at: S.start, sequence: 1)),
            .enqueueResponse(S.queued(responses[2], at: S.start, sequence: 2)),
        ])
        try commit([.enqueueResponse(S.queued(responses[0], at: S.start.addingTimeInterval(9), sequence: 10))])
        try commit([.markResponseHandled(id: responses[1].responseID, at: S.start)])
        try commit([.enqueueResponse(S.queued(responses[3], at: S.start, sequence: 0))])
        try commit([.markResponseHandled(id: responses[3].responseID, at: S.start)])
        try commit([.enqueueResponse(S.queued(responses[4], at: S.start, sequence: 4))])
        try expectLoad(context: "after queueing responses out of sequence order")
        let ids = try load().queuedResponses.map(\.id)
        let expected = [responses[0], responses[2], responses[4]].map(\.responseID)
        guard ids == expected else {
            throw failure("queued responses must stay in arrival order: expected \(expected), found \(ids)")
        }
        guard try load().queuedResponses.first == third else {
            throw failure("queueing a response that is already queued must leave it as it was")
        }
    }
}
