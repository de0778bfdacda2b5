import Foundation
import Herald
import HeraldSimulator

/// One play of a scenario in progress: the device, the app's shared environment, and
/// how each event is applied. ``ScenarioRunner`` sets it up and summarises it.
struct ScenarioRun {
    let scenario: Scenario
    let device: SimulatedDevice
    let environment: ScenarioAppEnvironment
    /// The instant of each of the scenario's events (see ``EventInstants``).
    let instants: [Date]
    /// The walk the device is in the middle of: its positions are played between the
    /// events, at their own times.
    let walking: ScenarioWalkInProgress

    var center: SimulatedNotificationCenter { environment.center }
    var recorder: ScenarioRecorder { environment.recorder }
    var source: ScenarioReminderSource { environment.source }
    var clock: VirtualClock { center.clock }
    /// Local times as the device shows them now.
    var converter: ZoneConverter { ZoneConverter.for(clock.timeZone) }

    /// The running app's process, if any.
    func app() async -> ScenarioApp? {
        await device.app as? ScenarioApp
    }

    /// Plays the events from `first` on, up to the first one at or after `end`, with
    /// the positions of a walk in progress before `end` between them at their own times
    /// (a position before an event at the same instant), then moves time to `end`.
    ///
    /// With `stepsAtEnd`, what the app and the system do at `end` itself (the app
    /// becoming ready, a background refresh, a walk's position) is played too; events at
    /// `end` never are.
    ///
    /// - Returns: the index of the first event not played.
    func play(from first: Int, until end: Date, stepsAtEnd: Bool = false) async throws -> Int {
        var index = first
        func before(_ date: Date) -> Bool { date < end || stepsAtEnd && date == end }
        while true {
            let playsNext = index < scenario.events.count && instants[index] < end
            let nextEvent = playsNext ? instants[index] : end
            let nextStep = await walking.nextDate.flatMap { before($0) && $0 <= nextEvent ? $0 : nil }
            let next = nextStep ?? nextEvent
            // The app finishes loading before an event at the same instant.
            if let app = await app(), let readyAt = await app.readyAt, before(readyAt), readyAt <= next {
                await device.advance(to: readyAt)
                await app.becomeReady()
                await recorder.settleRoutes(badge: await center.badgeCount)
                continue
            }
            // The system runs the app's refresh request when due (never in the foreground).
            if let due = environment.refreshRequests.runDate, before(due), due <= next,
               await device.appState != .foreground {
                await device.advance(to: max(due, clock.now))
                try await playRequestedRefresh()
                await recorder.settleRoutes(badge: await center.badgeCount)
                continue
            }
            if nextStep != nil {
                await walkOn()
                await recorder.settleRoutes(badge: await center.badgeCount)
                continue
            }
            guard playsNext else { break }
            index = try await playEvent(at: index)
        }
        await device.advance(to: end)
        return index
    }

    /// When the app or the system next does something of its own after `date` (the app
    /// becoming ready, a background refresh, a walk's position), if anything is due.
    func nextStep(after date: Date) async -> Date? {
        var steps = [await walking.nextDate]
        if let app = await app() { steps.append(await app.readyAt) }
        if await device.appState != .foreground { steps.append(environment.refreshRequests.runDate) }
        return steps.compactMap(\.self).filter { $0 > date }.min()
    }

    /// Plays the event at `index` (with the edits at its instant), the device moved to
    /// its instant; returns the index of the next event.
    func playEvent(at index: Int) async throws -> Int {
        await device.advance(to: instants[index])
        let edits = await editsTogether(from: index)
        if edits > 1 {
            await applyEdits(scenario.events[index..<(index + edits)])
        } else {
            try await apply(scenario.events[index])
        }
        await recorder.settleRoutes(badge: await center.badgeCount)
        return index + max(edits, 1)
    }

    /// How many `edit` events start at `index` at the same instant, while the app runs
    /// (0 when the event there is not one).
    private func editsTogether(from index: Int) async -> Int {
        guard await app() != nil else { return 0 }
        var count = 0
        while index + count < scenario.events.count, instants[index + count] == instants[index],
              case .edit = scenario.events[index + count].action {
            count += 1
        }
        return count
    }

    /// Edits at one instant while the app runs (a sync): each is on the timeline, and
    /// the engine re-plans once for all of them, as it coalesces what an app asks for
    /// at once; so 2,000 edits cost one plan, not 2,000 plans of a growing app.
    private func applyEdits(_ events: ArraySlice<ScenarioEvent>) async {
        guard let engine = await app()?.engine else { return }
        var entities: [EntityReference] = []
        for event in events {
            guard case .edit(let edit) = event.action else { continue }
            await source.apply(edit)
            await recorder.event(event.action)
            entities.append(edit.entity)
        }
        await engine.entitiesChanged(entities)
    }

    /// The system runs the background refresh the app asked for
    /// (``Scenario/backgroundRefresh``), recorded like a `refresh` event.
    private func playRequestedRefresh() async throws {
        guard let requested = environment.refreshRequests.take() else { return }
        let running = await device.appState != .notRunning
        let asked = "the refresh the app asked for, earliest \(TimeText.local(requested, zone: clock.timeZone))"
        await recorder.event(.refresh, note: running ? asked : asked + "; the app is not running: launched into the background")
        try await device.backgroundRefresh()
    }

    /// Brings the app where the scenario says it is at the start.
    func launchAtStart() async throws {
        switch scenario.app {
        case .foreground:
            try await device.launch(into: .foreground)
        case .background:
            try await device.launch(into: .background)
        case .notRunning:
            try await device.launch(into: .background)
            await device.terminate()
        }
    }

    // MARK: Events

    /// Plays one event: a data change, or what the app, the system or the user does.
    private func apply(_ event: ScenarioEvent) async throws {
        let action = event.action
        if action.changesData {
            try await applyDataChange(action)
            return
        }
        do {
            switch action {
            case .launch, .background, .foreground, .terminate, .crash, .forceQuit, .ready, .refresh:
                try await applyLifecycle(event)
            case .foreign, .authorize, .settings, .notificationSettings, .locationAccess, .summary, .focus, .zone, .clock:
                try await applySystemChange(event)
            case .post(let post):
                try await applyPost(post, event)
            case .tap, .action, .text, .dismiss, .clear:
                try await applyGesture(event)
            case .alarms(let authorization, let notifications):
                try await setAlarmPermission(authorization, notifications: notifications, event)
            case .alarm(let target, let button):
                try await pressAlarm(button, of: target, event)
            case .position, .walk, .startRoute, .stopRoute:
                try await applyLocation(event)
            case .complete, .pause, .resume, .delete, .edit, .import, .reminders, .routeNotifications, .travelChoice,
                 .vacation, .endVacation, .progress:
                break  // handled above
            case .user:
                break  // where the user is: the household's, not a device's
            }
        } catch let error as DeviceError {
            throw impossible(event, error.message)
        }
    }

    /// A `post` event: the running app posts an immediate notification.
    private func applyPost(_ post: ScenarioPost, _ event: ScenarioEvent) async throws {
        let action = event.action
        let app = try await runningApp(event, "post a notification")
        await source.rememberPost(post)
        // The post's line comes before the run it causes: the recorder holds that run.
        recorder.holdReports()
        do {
            try await app.engine.post(try post.immediateEvent())
            await recorder.event(action)
            await recorder.releaseReports()
            await device.advance(by: 0)
        } catch {
            await recorder.event(action, note: "refused: \(error)")
            await recorder.releaseReports()
        }
    }

    /// A gesture of the user on a notification, or clearing the whole list.
    private func applyGesture(_ event: ScenarioEvent) async throws {
        switch event.action {
        case .tap(let target):
            try await act(on: target, event, .tap)
        case .action(let target, let id):
            try await act(on: target, event, .action(id))
        case .text(let target, let id, let text):
            try await act(on: target, event, .text(action: id, text: text))
        case .dismiss(let target):
            try await act(on: target, event, .dismiss)
        case .clear(let target):
            if let target {
                try await act(on: target, event, .clear)
            } else {
                await recorder.user(.clearAll, identifier: "", inPrompt: false)
                await device.clearAll()
            }
        default:
            break
        }
    }

    /// The running app, or the error saying the event needs one.
    func runningApp(_ event: ScenarioEvent, _ what: String) async throws(ScenarioError) -> ScenarioApp {
        guard let app = await app() else {
            throw impossible(event, "the app is not running, so it cannot \(what) (launch it first)")
        }
        return app
    }

    func impossible(_ event: ScenarioEvent, _ message: String) -> ScenarioError {
        ScenarioError(code: .impossibleEvent, at: event.location,
                      message: "at \(TimeText.local(clock.now, zone: clock.timeZone)): \(message)")
    }

    /// `back 1 h`, `forward 2 d 3 h 5 min`: how far a clock event moves the clock.
    static func jump(from now: Date, to date: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now).rounded())
        guard seconds != 0 else { return "no change" }
        var rest = abs(seconds)
        var parts: [String] = []
        for (unit, size) in [("d", 86_400), ("h", 3_600), ("min", 60), ("s", 1)] where rest >= size {
            parts.append("\(rest / size) \(unit)")
            rest %= size
        }
        return (seconds < 0 ? "back " : "forward ") + parts.joined(separator: " ")
    }

    // MARK: Data

    /// A change of the app's data: told to the running app's engine, or, while the app
    /// is not running, saved to the data and Herald's store for the next launch.
    private func applyDataChange(_ action: ScenarioEvent.Action) async throws {
        guard let app = await app() else {
            try await save(action)
            await recorder.event(action, note: "the app is not running: saved; Herald catches up at the next launch")
            return
        }
        let engine = app.engine
        let inPrompt = if case .travelChoice(_, nil) = action { await app.travelPrompt != nil } else { false }
        await recorder.event(action, note: inPrompt ? "in the in-app prompt" : nil)
        switch action {
        case .complete(let entity, let day, let at):
            let doneAt = at.map { converter.instant(for: $0).date }
            try await engine.completed(entity, on: day ?? doneAt.map { converter.local(for: $0).date }, at: doneAt)
        case .pause(let entity):
            await source.setPaused(entity, true)
            try await engine.paused(entity)
        case .resume(let entity):
            await source.setPaused(entity, false)
            try await engine.resumed(entity)
        case .delete(let entities):
            await source.remove(entities)
            try await engine.deleted(Set(entities))
        case .edit(let edit):
            await source.apply(edit)
            await engine.entityChanged(edit.entity)
        case .import(let namespace, let entities):
            await source.replaceAll(namespace: namespace, with: entities)
            try await engine.replacedAll(namespace: namespace, remaining: Set(entities.map(\.reference)),
                                         paused: Set(entities.filter(\.paused).map(\.reference)))
        case .reminders(let enabled, let entity):
            await source.setReminders(enabled, for: entity)
            await engine.remindersSwitched(on: enabled, for: entity)
        case .routeNotifications(let enabled):
            try await engine.setRouteNotificationsEnabled(enabled)
        case .travelChoice(let choice, let rule):
            try await app.chooseTravel(choice, for: rule)
        case .vacation, .endVacation:
            // The app's own data for every rule: a run named after the change.
            await source.changeVacations(action)
            await engine.reconcile(because: action.description)
        case .progress(let entity, let count, let day):
            await source.record(progress: count, of: entity, on: day)
            await engine.entityChanged(entity)
        default:
            break
        }
        // The recorder hears the run itself: it observes the engine.
    }

    /// Saves a data change while the app is not running: what a sync or another device
    /// does. The app's data changes, and Herald records the event through the same step
    /// the running engine takes (``Engine/record(_:)``), without a run: the next
    /// launch's run converges.
    private func save(_ action: ScenarioEvent.Action) async throws {
        let offline = environment.makeEngine()
        switch action {
        case .complete(let entity, let day, let at):
            let doneAt = at.map { converter.instant(for: $0).date }
            try await offline.record(.completed(offline.completion(of: entity, on: day, at: doneAt)))
        case .pause(let entity):
            await source.setPaused(entity, true)
            try await offline.record(.paused(entity))
        case .resume(let entity):
            await source.setPaused(entity, false)
            try await offline.record(.resumed(entity))
        case .delete(let entities):
            await source.remove(entities)
            try await offline.record(.deleted(Set(entities)))
        case .edit(let edit):
            await source.apply(edit)
        case .import(let namespace, let entities):
            await source.replaceAll(namespace: namespace, with: entities)
            try await offline.record(.replacedAll(namespace: namespace, remaining: Set(entities.map(\.reference)),
                                                  paused: Set(entities.filter(\.paused).map(\.reference))))
        case .reminders(let enabled, let entity):
            await source.setReminders(enabled, for: entity)
        case .routeNotifications(let enabled):
            try await offline.setRouteNotificationsEnabled(enabled)
        case .travelChoice(let choice, let rule):
            try await offline.record(.travelChoice(choice, rule: rule))
        case .vacation, .endVacation:
            await source.changeVacations(action)
        case .progress(let entity, let count, let day):
            await source.record(progress: count, of: entity, on: day)
        default:
            break
        }
    }
}
