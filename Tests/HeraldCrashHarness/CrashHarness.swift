import Foundation
import Herald
import HeraldSQLite
import HeraldSimulator

/// One process of the app under crash test: it opens what the last process left in
/// the directory (system, store, app data), launches the engine (which re-plans), and
/// plays the scenario from the event the store says is next. An event cut short by a
/// kill is played again: its engine calls must be idempotent.
///
/// An alarm's button press is handled as AlarmKit runs a button's App Intent: in the
/// app's process, and retried at the next launch when the process dies before the
/// intent finished. The press stays in the alarm service's untaken presses (saved with
/// the system) until the app has handed it to the engine; only then is it taken. A
/// launch first hands over the presses the last process left untaken.
///
/// ```swift
/// let result = try await CrashHarness(options: options).run()   // nil never: a kill ends the process
/// ```
struct CrashHarness {
    let options: HarnessOptions

    static let progressKey = "crashHarness.nextEvent"
    static let launchesKey = "crashHarness.launches"

    func run() async throws -> HarnessResult {
        let scenario = try CrashScenario()
        let directory = options.directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        StepCounter.shared.killAt = options.killAt
        StepCounter.shared.traces = options.traces

        let system = try await SimulatedSystem.openOrCreate(in: directory, start: scenario.start, zone: CrashScenario.zone,
                                                            writesEveryChange: options.writesSystemEveryChange)
        StepCounter.shared.beforeKill = {
            do {
                try system.write()
            } catch {
                FileHandle.standardError.write(Data("writing the simulated system failed: \(error)\n".utf8))
            }
        }
        let store = StepCountingStore(base: try SQLiteEngineStore(path: directory.appendingPathComponent("herald.sqlite").path))
        let data = try AppData.open(in: directory, scenario: scenario)
        let app = HarnessApp(data: data)
        let engine = Engine(center: PersistedNotificationCenter(system: system), source: app, store: store,
                            clock: system.clock, categories: HarnessApp.categories,
                            alarms: PersistedAlarmCenter(system: system))

        let launches = (try store.load().settings[Self.launchesKey]?.intValue ?? 0) + 1
        // Bookkeeping of the harness, not a step of the app: straight to the database.
        try store.base.commit([.setSetting(key: Self.launchesKey, .number(Double(launches)))])
        if options.regions { await Self.hearRegions(of: engine, on: system) }
        let host = AppHost(engine: engine)
        await host.launched(readyWith: app)
        try await Self.handleAlarmPresses(engine: engine, system: system)
        if options.regions { try await Self.reportRegionsInside(to: engine, on: system) }

        var next = try store.load().settings[Self.progressKey]?.intValue ?? 0
        let end = min(scenario.events.count, options.untilEvent ?? .max)
        while next < end {
            StepCounter.shared.event = next
            if options.traces {
                FileHandle.standardError.write(Data("event \(next): \(scenario.events[next])\n".utf8))
            }
            try await play(scenario.events[next], index: next, host: host, system: system, data: data, app: app)
            next += 1
            try store.commit([.setSetting(key: Self.progressKey, .number(Double(next)))])
        }
        try await system.saveAndWrite()
        return try await HarnessResult.make(system: system, store: store, handoffs: data.handoffs,
                                            steps: StepCounter.shared.count, launches: launches)
    }

    private func play(_ event: HarnessEvent, index: Int, host: AppHost, system: SimulatedSystem,
                      data: AppData, app: HarnessApp) async throws {
        let engine = host.engine
        if event.changesAppData { try data.apply(event: index) }
        switch event {
        case .advance(let local):
            // The system, not the app: no step inside, saved as one.
            await system.center.advance(to: CrashScenario.instant(local))
            await system.alarms.fireDue()
            try await system.save()
        case .dayChanged:
            await host.timeChanged(.dayChanged)
        case .becameActive:
            await host.becameActive()
        case .completed(let id):
            try await engine.completed(entity(id))
        case .respond(let id, let action):
            guard let response = try await Self.gesture(on: entity(id), action: action, index: index,
                                                        system: system) else { return }
            await host.received(response)
        case .pressAlarm(let id, let button):
            try await pressAlarm(button, on: id, index: index, system: system)
            try await Self.handleAlarmPresses(engine: engine, system: system)
        case .setCategory(let id, _):
            await engine.entityChanged(entity(id))
        case .pause(let id):
            try await engine.paused(entity(id))
        case .resume(let id):
            try await engine.resumed(entity(id))
        case .edit(let id, _):
            await engine.entityChanged(entity(id))
        case .delete(let id):
            try await engine.deleted([entity(id)])
        case .startRoute(let id):
            try await engine.startRoute(CrashScenario.route(id))
        case .position(let legs) where options.regions:
            // The device moves; the app hears of it only through region entries.
            await system.center.move(to: CrashScenario.point(legs))
            try await system.save()
        case .position(let legs):
            try await engine.positionChanged(CrashScenario.point(legs))
        case .stopRoute:
            try await engine.stopRoute()
        }
    }

    /// Region monitoring as an app does it with Core Location: after every run the
    /// plan's waypoints are the regions monitored (the system keeps them, and saves
    /// them with itself), and an entry the system reports tells the engine the device is
    /// at that waypoint.
    private static func hearRegions(of engine: Engine, on system: SimulatedSystem) async {
        let center = system.center
        await engine.observeReports { report in
            guard let plan = report.plan else { return }
            await center.monitorWaypoints(of: plan.regions)
            try? await system.save()
        }
        await center.setRegionHandler { event in
            // The system handed the event over: from here a death loses it, as on iOS.
            try? await system.save()
            guard event.kind == .entry else { return }
            _ = try? await engine.positionChanged(event.region.center)
        }
    }

    /// At launch, the app asks Core Location whether the device is inside each waypoint
    /// it monitors (`requestState(for:)`): an entry the last process died before handling
    /// is never reported again, and this is how it is not lost.
    private static func reportRegionsInside(to engine: Engine, on system: SimulatedSystem) async throws {
        for region in await system.center.monitoredRegionList()
        where await system.center.isInside(monitoredRegion: region.identifier) == true {
            try await engine.positionChanged(region.center)
        }
    }

    /// The user's response for a `respond` event: chosen by the system the first time
    /// (the newest delivered notification of the habit, taken off the list as iOS does)
    /// and saved, the same one handed over again when the event is replayed. A
    /// household run's step (``HouseholdHarness``) responds the same way.
    static func gesture(on entity: EntityReference, action: String, index: Int,
                        system: SimulatedSystem) async throws -> NotificationResponse? {
        if let recorded = system.gesture(for: index) { return recorded }
        let notification = await system.center.deliveredNotifications().last {
            $0.request.heraldIdentifier?.entity == entity
        }
        let response = notification.map { NotificationResponse(notification: $0, actionIdentifier: action) }
        if let notification {
            await system.center.removeDeliveredNotifications(withIdentifiers: [notification.request.identifier])
        }
        system.record(response, for: index)
        try await system.save()
        return response
    }

    /// The user presses `button` on the habit's sounding alarm the first time the event
    /// is played (nothing when none sounds), and the system saves the press with the
    /// gesture; a replayed event presses nothing (its press is handled, or untaken).
    private func pressAlarm(_ button: SystemAlarm.ButtonPress, on id: String, index: Int,
                            system: SimulatedSystem) async throws {
        guard system.alarmGesture(for: index) == nil else { return }
        let sounding = await system.alarms.requests(in: .alerting).last { $0.identifier.entity == entity(id) }
        var press: AlarmPressRecord?
        if let sounding {
            try await system.alarms.press(button, on: sounding.id)
            press = AlarmPressRecord(id: sounding.id, identifier: sounding.identifier, press: button, at: system.clock.now)
        }
        system.record(press, for: index)
        try await system.save()
    }

    /// The alarm buttons' intent: hands every press the system has not seen handled to
    /// the engine, oldest first, and only then takes them from the system (a kill before
    /// that leaves them to the next launch; the engine handles a press handed over twice
    /// once).
    private static func handleAlarmPresses(engine: Engine, system: SimulatedSystem) async throws {
        let untaken = await system.alarms.snapshot().presses
        guard !untaken.isEmpty else { return }
        for press in untaken.map(\.record) {
            await engine.alarmButtonPressed(press.press, identifier: press.identifier)
        }
        _ = await system.alarms.takePresses()
        try await system.save()
    }

    private func entity(_ id: String) -> EntityReference {
        EntityReference(namespace: Habit.namespace, id: id)
    }
}
