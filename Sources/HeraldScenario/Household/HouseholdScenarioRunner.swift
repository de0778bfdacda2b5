import Foundation
import Herald
import HeraldSimulator

/// Plays a scenario of several devices (`devices:`): each device runs the scenario's
/// app with its own center, store and process, as ``ScenarioRunner`` runs one, and a
/// `SimulatedHousehold` keeps them on one timeline, routes each delivery by Apple's
/// forwarding rules and carries the app's records between them.
///
/// Every device starts as `app:` says. An event happens on the device its `on:` names,
/// the first device without one; a `user:` event moves the user. Time stops wherever an
/// event happens or records arrive, so each device hears them at their instant.
///
/// ```swift
/// let scenario = try Scenario(contentsOf: URL(fileURLWithPath: "Examples/exercise-watch.yaml"))
/// let result = try await HouseholdScenarioRunner(scenario: scenario).run()
/// result.alerts   // each occurrence and the devices it alerted on
/// ```
package struct HouseholdScenarioRunner: Sendable {
    package var scenario: Scenario
    package var days: Int

    package init(scenario: Scenario, days: Int? = nil) {
        self.scenario = scenario
        self.days = days ?? scenario.days
    }

    /// One device's part of the run.
    private struct Lane {
        var member: HouseholdMember
        var parts: RunParts
        var store: InMemoryEngineStore
        var history: OccurrenceHistory
        var heard: ScenarioSyncLog
        var collector: ScenarioTimelineCollector
        var header: ScenarioRunHeader
        var next = 0
        var events: Int { parts.run.scenario.events.count }
        func instant(_ index: Int) -> Date? { index < events ? parts.run.instants[index] : nil }
    }

    /// Plays the scenario on every device.
    ///
    /// - Throws: ``ScenarioError`` as ``ScenarioRunner/run()`` does.
    package func run() async throws -> HouseholdScenarioResult {
        try await play().result
    }

    /// Plays the scenario on every device: the result, and each device's part.
    private func play() async throws -> (result: HouseholdScenarioResult, lanes: [Lane]) {
        guard let household = scenario.household else {
            throw ScenarioError(code: .invalidValue, at: nil, message: "the scenario lists no devices (play it with ScenarioRunner)")
        }
        var lanes: [Lane] = []
        var endDate = Date.distantPast
        var simulated: SimulatedHousehold?
        for member in household.members {
            var deviceScenario = scenario
            deviceScenario.events = scenario.events.filter {
                if case .user = $0.action { return false }
                return ($0.device ?? household.firstDevice) == member.id
            }
            let store = InMemoryEngineStore(), heard = ScenarioSyncLog()
            let history = OccurrenceHistory(days: max(OccurrenceHistory.defaultDays, days + 1))
            var runner = ScenarioRunner(scenario: deviceScenario, days: days, store: store)
            runner.sync = household.sync(for: member)
            runner.history = history
            runner.heard = heard
            let window = try runner.window(from: nil)
            endDate = window.endDate
            let before = try await runner.deviceBeforeTheRun(from: nil, window: window)
            var header = ScenarioRunHeader(name: scenario.name, zone: scenario.zone, start: window.first, end: window.last)
            header.notificationSettings = await before.center.notificationSettings()
            let collector = ScenarioTimelineCollector()
            collector.begin(header)
            let recorder = ScenarioRecorder(clock: before.clock, sink: collector)
            for notification in before.staleDeliveries {
                await recorder.delivery(notification, presented: nil, beforeStart: true)
            }
            let parts = try await runner.wire(before, recorder: recorder, checkpoint: nil, droppedBefore: 0)
            let house = simulated ?? SimulatedHousehold(start: window.startDate, timeZone: scenario.zone,
                                                        sync: household.sync, user: household.user)
            simulated = house
            try await house.add(member, device: parts.device)
            lanes.append(Lane(member: member, parts: parts, store: store, history: history, heard: heard,
                              collector: collector, header: header))
        }
        guard let simulated else { preconditionFailure("a household has a device") }
        var userMoves: [HouseholdScenarioResult.UserMove] = []
        do {
            try await play(&lanes, in: simulated, until: endDate, userMoves: &userMoves)
        } catch {
            for lane in lanes { await lane.parts.stopListening() }
            throw error
        }
        var results: [HouseholdScenarioResult.Lane] = []
        for lane in lanes {
            await lane.parts.stopListening()
            lane.collector.finish(await lane.parts.summary())
            guard let result = lane.collector.result else { preconditionFailure("a finished run has a header and a summary") }
            results.append(.init(member: lane.member, result: result))
        }
        return (HouseholdScenarioResult(lanes: results, events: await simulated.events, userMoves: userMoves), lanes)
    }

    /// The story of one occurrence on one device (`herald why --on`): as
    /// ``ScenarioRunner/why(_:at:)`` tells it, with what the device heard from the others
    /// about it ("done on watch at 08:58, heard here") and, when its app does not
    /// schedule the rule, that it alerts elsewhere.
    ///
    /// - Throws: ``ScenarioError`` with code ``ScenarioError/Code/invalidValue`` (no line)
    ///   for a device or a rule the scenario does not have.
    package func why(_ rule: ReminderRule.ID, at local: LocalDateTime, on device: String?) async throws -> OccurrenceStory {
        guard let household = scenario.household else {
            throw ScenarioError(code: .invalidValue, at: nil, message: "the scenario lists no devices (tell its stories with ScenarioRunner)")
        }
        let id = device ?? household.firstDevice
        guard let member = household.members.first(where: { $0.id == id }) else {
            throw ScenarioError(code: .invalidValue, at: nil, message: "\"\(id)\" is not a device of the scenario (expected \(household.members.map(\.id).joined(separator: ", ")))")
        }
        let known = ScenarioRunner(scenario: scenario).mentionedRules
        guard known.contains(rule.description) else {
            throw ScenarioError(code: .invalidValue, at: nil, message: "the scenario never mentions \(rule): give one of its rules as namespace/entity/rule (\(known.sorted().prefix(10).joined(separator: ", ")))")
        }
        let (result, lanes) = try await play()
        let lane = lanes.first { $0.member.id == id }!
        let outcome = result.lanes.first { $0.member.id == id }!.result
        let rules = await lane.parts.source.entities.flatMap { (try? $0.reminderRules()) ?? [] }
        var teller = ScenarioStoryTeller(
            history: lane.history, rules: rules, state: lane.store.load(), deviceZone: lane.parts.clock.timeZone,
            now: lane.parts.clock.now, deliveries: outcome.deliveries, dropped: outcome.summary.droppedIdentifiers)
        // What the app's data held on this device: the events played on it.
        var played = scenario
        played.events = scenario.events.filter { ($0.device ?? household.firstDevice) == id }
        teller.heldBack = await ScenarioStoryTeller.heldBack(for: [(rule, local)], scenario: played, rules: rules,
                                                             state: teller.state, deviceZone: teller.deviceZone)
        var story = teller.story(of: rule, at: local)
        for (date, record) in await lane.heard.heard {
            guard let change = Self.change(record.change, about: rule, at: local) else { continue }
            // Heard first, then the run it caused.
            let place = story.events.firstIndex { $0.date >= date } ?? story.events.endIndex
            story.events.insert(.init(date: date, fact: .heardFrom(device: record.device, change: change, madeAt: record.instant)),
                                at: place)
        }
        if let scheduled = rules.first(where: { $0.id == rule }), !household.sync(for: member).schedules(scheduled) {
            let start = ZoneConverter.for(scenario.zone).instant(for: lane.header.start).date
            story.events.insert(.init(date: min(start, story.events.first?.date ?? start),
                                      fact: .notScheduledHere(alertsOn: scheduled.alertsOn ?? household.alertsOn)), at: 0)
        }
        return story
    }

    /// What a record from another device says of the occurrence of `rule` at `local`:
    /// `done`, `answered`, `paused`, ...; `nil` when it is about something else.
    static func change(_ change: HeraldSync.Record.Change, about rule: ReminderRule.ID, at local: LocalDateTime) -> String? {
        guard change.entity == rule.entity else { return nil }
        switch change {
        case .completed(let completion): return completion.day == local.date ? "done" : nil
        case .completionUndone(_, let day): return day == local.date ? "done undone" : nil
        case .deferred(let entityDay): return entityDay.day == local.date ? "deferred to tomorrow" : nil
        case .paused: return "paused"
        case .resumed: return "resumed"
        case .deleted: return "deleted"
        case .snoozed(let snooze):
            return snooze.original.rule == rule.rule && snooze.original.occurrence == OccurrenceKey(local) ? "snoozed" : nil
        case .answered(let identifier):
            return identifier.rule == rule.rule && identifier.occurrence.withoutNagRepeat == OccurrenceKey(local) ? "answered" : nil
        }
    }

    /// Launches every device's app as the scenario says, then plays the events, every
    /// device moved to each instant where something happens before anything happens
    /// there.
    private func play(_ lanes: inout [Lane], in household: SimulatedHousehold, until endDate: Date,
                      userMoves: inout [HouseholdScenarioResult.UserMove]) async throws {
        for lane in lanes {
            let first = await lane.parts.device.events.count
            try await lane.parts.run.launchAtStart()
            await household.settle(on: lane.member.id, since: first)
        }
        let instants = EventInstants.instants(of: scenario.events, startingIn: scenario.zone)
        var moves = zip(scenario.events, instants).compactMap { event, instant -> HouseholdScenarioResult.UserMove? in
            if case .user(let user) = event.action { .init(date: instant, user: user) } else { nil }
        }[...]
        var now = await household.now
        while true {
            // The next instant anything happens: an event, records arriving, or something an
            // app or the system does of its own (a loading app ready, a refresh), so that
            // what it makes leaves at its instant.
            var own: [Date] = []
            for lane in lanes { if let step = await lane.parts.run.nextStep(after: now) { own.append(step) } }
            let nextEvent = (lanes.compactMap { $0.instant($0.next) } + moves.prefix(1).map(\.date)).min()
            let stop = ([nextEvent, await household.nextArrival, endDate].compactMap(\.self) + own).min()!
            for index in lanes.indices {
                lanes[index].next = try await lanes[index].parts.run.play(from: lanes[index].next, until: stop,
                                                                          stepsAtEnd: stop < endDate)
            }
            now = stop
            await household.synchronize(at: stop)
            guard stop < endDate else { break }
            while let move = moves.first, move.date == stop {
                await household.setUser(move.user)
                userMoves.append(move)
                moves.removeFirst()
            }
            for index in lanes.indices {
                while lanes[index].instant(lanes[index].next) == stop {
                    if try await answeredOnWatch(lanes[index], in: household) {
                        lanes[index].next += 1
                        continue
                    }
                    let first = await lanes[index].parts.device.events.count
                    lanes[index].next = try await lanes[index].parts.run.playEvent(at: lanes[index].next)
                    await household.settle(on: lanes[index].member.id, since: first)
                }
            }
        }
    }

    /// A gesture on a Watch on a notification its iPhone's app scheduled, which the
    /// system forwarded there (the Watch's own list does not hold it): a dismissal
    /// dismisses the iPhone's copy, a background action goes to the iPhone's app, a tap
    /// or a foreground action opens the Watch's app. `false`: not such a gesture.
    private func answeredOnWatch(_ lane: Lane, in household: SimulatedHousehold) async throws -> Bool {
        guard lane.member.kind == .watch else { return false }
        let event = lane.parts.run.scenario.events[lane.next]
        let target: ScenarioTarget, gesture: TimelineUserAction.Gesture
        switch event.action {
        case .tap(let on): (target, gesture) = (on, .tap)
        case .action(let on, let id): (target, gesture) = (on, .action(id))
        case .text(let on, let id, let text): (target, gesture) = (on, .text(action: id, text: text))
        case .dismiss(let on): (target, gesture) = (on, .dismiss)
        default: return false
        }
        let own = await lane.parts.center.notificationList().contains { target.matches($0.request.identifier) }
        guard !own, let identifier = await household.forwardedCopies(on: lane.member.id).last(where: target.matches) else {
            return false
        }
        await lane.parts.recorder.user(gesture, identifier: identifier, inPrompt: false)
        do {
            switch gesture {
            case .dismiss: try await household.dismissOnWatch(lane.member.id, identifier)
            case .action(let id): try await household.answerOnWatch(lane.member.id, to: identifier, action: id)
            case .text(let id, let text): try await household.answerOnWatch(lane.member.id, to: identifier, action: id, text: text)
            default: try await household.answerOnWatch(lane.member.id, to: identifier)
            }
        } catch let error as HouseholdError {
            throw lane.parts.run.impossible(event, error.message)
        }
        return true
    }
}
