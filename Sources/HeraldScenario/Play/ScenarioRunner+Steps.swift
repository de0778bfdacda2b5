import Foundation
import Herald
import HeraldSimulator

/// The steps of ``ScenarioRunner/play(from:streamingTo:)``, in the order it takes them:
/// the window of time the run covers, the device before the app runs, the parts wired
/// together, the events played, and the summary and checkpoint at the end.
extension ScenarioRunner {
    /// The stretch of time one run plays: its local start and end in the scenario's
    /// zone, and the instants it starts and stops at.
    struct Window {
        var first: LocalDateTime
        var last: LocalDateTime
        var startDate: Date
        var endDate: Date
    }

    /// The run's window, after checking that it can be played: ``days`` in
    /// 1...``Scenario/maximumDays``, the clock set back at most
    /// ``Scenario/maximumClockSetBack``, an end in a year up to 9999.
    func window(from checkpoint: ScenarioCheckpoint?) throws -> Window {
        if scenario.household != nil, sync == nil {
            throw ScenarioError(code: .invalidValue, at: nil,
                                message: "the scenario plays on several devices (devices:): play it with herald simulate, which plays each device (HouseholdScenarioRunner)")
        }
        guard (1...Scenario.maximumDays).contains(days) else {
            throw ScenarioError(code: .invalidValue, at: nil,
                                message: "a run lasts 1...\(Scenario.maximumDays) days, not \(days) (play a longer story in parts, resuming a session)")
        }
        let setBack = EventInstants.clockSetBack(of: scenario.events, startingIn: scenario.zone,
                                                 limit: Scenario.maximumClockSetBack)
        if let event = setBack.firstBeyond {
            throw ScenarioError(code: .invalidValue, at: event.location,
                                message: "the clock events set the clock back \(ScenarioParser.days(setBack.total)) in all by this one, more than the \(Int(Scenario.maximumClockSetBack / 86_400)) days a scenario may (the time set back is played again)")
        }
        let first = checkpoint?.end ?? scenario.start
        let last = end(after: first)
        guard last.date.year <= 9999 else {
            throw ScenarioError(code: .invalidValue, at: nil,
                                message: "a run from \(first) for \(days) days would end on \(last); dates need a year from 1 to 9999")
        }
        let scenarioTime = ZoneConverter.for(scenario.zone)
        let startDate = scenarioTime.instant(for: first).date
        // Not `Date.distantFuture`: that is 4001-01-01, and years up to 9999 play.
        let endDate = stopAt.map { min(scenarioTime.instant(for: last).date, $0) } ?? scenarioTime.instant(for: last).date
        return Window(first: first, last: last, startDate: startDate, endDate: endDate)
    }

    /// The clock, the center and the app's data before the app runs, and what the
    /// center delivered on the way to the start.
    struct DeviceBeforeTheRun {
        var clock: VirtualClock
        var center: SimulatedNotificationCenter
        var source: ScenarioReminderSource
        var staleDeliveries: [DeliveredNotification] = []
        /// The alarm service, when the scenario has one, on the same clock.
        var alarms: SimulatedAlarmCenter?
    }

    /// The device's alarm service: as the checkpoint left it, or fresh from the file's
    /// settings; `nil` when the scenario has none.
    func alarmCenter(from checkpoint: ScenarioCheckpoint?, clock: VirtualClock) -> SimulatedAlarmCenter? {
        if let saved = checkpoint?.alarms { return SimulatedAlarmCenter(restoring: saved, clock: clock) }
        return scenario.alarms.map {
            SimulatedAlarmCenter(clock: clock, systemLimit: $0.limit, authorization: $0.authorization,
                                 whenRevoked: $0.whenRevoked)
        }
    }

    /// The device as a checkpoint left it, or, from the start, with yesterday's
    /// notifications still in the list, the scenario's authorization and its paused
    /// entities in the store.
    func deviceBeforeTheRun(from checkpoint: ScenarioCheckpoint?, window: Window) async throws -> DeviceBeforeTheRun {
        if let checkpoint {
            let clock = VirtualClock(now: checkpoint.now, timeZone: checkpoint.zone)
            return DeviceBeforeTheRun(
                clock: clock, center: SimulatedNotificationCenter(restoring: checkpoint.system, clock: clock),
                source: ScenarioReminderSource(entities: checkpoint.data.entities, posted: checkpoint.data.posted,
                                               settings: checkpoint.data.settings ?? ScenarioCheckpoint.Settings(),
                                               vacations: checkpoint.data.vacations ?? [],
                                               progress: checkpoint.data.progressByDay),
                alarms: alarmCenter(from: checkpoint, clock: clock))
        }
        // The device before the app runs: yesterday's notifications, still in the list.
        let scenarioTime = ZoneConverter.for(scenario.zone)
        let startDate = window.startDate
        let stale = scenario.delivered.sorted { $0.at < $1.at }
            .map { (notification: $0, date: scenarioTime.instant(for: $0.at).date) }
        let clockStart = min(startDate, (stale.first?.date ?? startDate).addingTimeInterval(-60))
        let clock = VirtualClock(now: clockStart, timeZone: scenario.zone)
        let center = SimulatedNotificationCenter(clock: clock, dropRule: scenario.dropRule, authorization: .authorized,
                                                 deniedCenter: scenario.deniedCenter,
                                                 locationDeliveries: scenario.locationDeliveries)
        for (index, entry) in stale.enumerated() {
            try await center.add(staleRequest(entry.notification, badge: index + 1))
        }
        let staleDeliveries = await center.advance(to: startDate)
        await center.setAuthorizationStatus(scenario.authorization)
        await center.setNotificationSettings(scenario.notificationSettings)
        await center.setLocationAccess(scenario.locationAccess)
        await center.setSameInstantOrder(scenario.sameInstantOrder)
        let source = ScenarioReminderSource(entities: scenario.entities, vacations: scenario.vacations)
        // The app's paused entities, recorded as the app would have told Herald of them.
        let offline = Engine(center: center, source: source, store: store, clock: clock)
        for entity in scenario.entities where entity.paused { try await offline.record(.paused(entity.reference)) }
        return DeviceBeforeTheRun(clock: clock, center: center, source: source, staleDeliveries: staleDeliveries,
                                  alarms: alarmCenter(from: nil, clock: clock))
    }

    /// The app's environment, the device that makes the app, and the run that plays the
    /// events on it, with the center's delivery and region handlers set.
    func wire(_ before: DeviceBeforeTheRun, recorder: ScenarioRecorder, checkpoint: ScenarioCheckpoint?,
              droppedBefore: Int) async throws -> RunParts {
        let center = before.center
        let categories: CategoryRegistry
        do {
            var declared = scenario.categories.map(\.reminderCategory)
            // A planner that groups reminders gives the group's "Done all" unless the file declares its own.
            if scenario.planner.groupsReminders, !declared.contains(where: { $0.identifier == ReminderCategory.group.identifier }) {
                declared.append(.group)
            }
            categories = try CategoryRegistry(declared)
        } catch {
            throw ScenarioError(code: .invalidValue, at: nil, message: "the categories are not valid: \(error)")
        }
        let refreshRequests = ScenarioRefreshRequests(mode: scenario.backgroundRefresh, requested: checkpoint?.refreshRequest)
        var wired = ScenarioAppEnvironment(
            center: center, source: before.source, store: store, configuration: scenario.planner.configuration,
            categories: categories, readiness: scenario.readiness, recorder: recorder, refreshRequests: refreshRequests,
            smartTiming: scenario.smartTiming, monitorsRegions: scenario.locationUpdates == .regions, alarms: before.alarms)
        wired.history = history
        wired.sync = sync
        wired.heard = heard
        let environment = wired
        // The process a paused run left running goes on: the device starts it again
        // without the launch being part of the story.
        let resumed = checkpoint.flatMap { $0.app == .notRunning ? nil : $0 }
        let handOver = ProcessHandOver(resumed.map { ResumedProcess(isReady: $0.appReady, readyAt: $0.readyAt) })
        let device = await SimulatedDevice(center: center, forceQuitRelaunch: scenario.forceQuitRelaunch,
                                           alarms: before.alarms) {
            await ScenarioApp(environment: environment, resuming: handOver.take())
        }
        if let alarms = before.alarms {
            await device.setAlarmHandler { [weak device] firing in
                let title = await alarms.request(for: firing.id)?.title ?? firing.identifier.description
                await recorder.alarm(firing, title: title, appState: await device?.appState)
            }
        }
        await center.setDeliveryHandler { [weak device] notification in
            let presented = await device?.presentedNotifications.last { $0.notification == notification }
            let shown = await center.notificationSettings().shownLevel(of: notification.request.content.interruptionLevel)
            let hold = await center.deliveryLog.last { $0.notification == notification }?.hold
            await recorder.delivery(notification, presented: presented, beforeStart: false, shownAt: shown, hold: hold)
        }
        let run = ScenarioRun(scenario: scenario, device: device, environment: environment,
                              instants: EventInstants.instants(of: scenario.events, startingIn: scenario.zone),
                              walking: ScenarioWalkInProgress(resuming: checkpoint?.walk, at: before.clock.now))
        await device.setRegionHandler { event, wake in await run.regionReported(event, wake: wake) }
        return RunParts(scenario: scenario, clock: before.clock, center: center, source: before.source,
                        recorder: recorder, refreshRequests: refreshRequests, device: device, run: run,
                        resumed: resumed, droppedBefore: droppedBefore)
    }

    /// Launches the app (or gives back the process a paused run left running) and
    /// plays the events before `endDate`; returns the index of the next event to play.
    /// Whatever happens, the center's handlers are cleared and the recorder has handed
    /// everything on; an event that cannot happen carries the summary then.
    func playEvents(_ parts: RunParts, from checkpoint: ScenarioCheckpoint?, until endDate: Date) async throws -> Int {
        let nextEvent: Int
        do {
            if let resumed = parts.resumed {
                try await parts.device.launch(into: resumed.app)
                await parts.device.restorePendingTimeChanges(resumed.pendingTimeChanges)
            } else if let checkpoint, checkpoint.appForceQuit {
                await parts.device.restoreForceQuit()
            } else if checkpoint == nil {
                try await parts.run.launchAtStart()
            }
            nextEvent = try await parts.run.play(from: checkpoint?.nextEvent ?? 0, until: endDate)
        } catch var error as ScenarioError {
            // The sink has had everything up to the event; the error says where things stood.
            await parts.stopListening()
            error.summarySoFar = await parts.summary()
            throw error
        } catch {
            await parts.stopListening()
            throw error
        }
        await parts.stopListening()
        return nextEvent
    }
}

/// What one run plays with, wired together: the device and its center, the app's data,
/// the recorder of the timeline and the run that plays the events.
struct RunParts {
    var scenario: Scenario
    var clock: VirtualClock
    var center: SimulatedNotificationCenter
    var source: ScenarioReminderSource
    var recorder: ScenarioRecorder
    var refreshRequests: ScenarioRefreshRequests
    var device: SimulatedDevice
    var run: ScenarioRun
    /// The checkpoint whose app process goes on running, if any.
    var resumed: ScenarioCheckpoint?
    /// How many requests the center had dropped before this run.
    var droppedBefore: Int

    /// Clears the center's handlers and hands on what the recorder still holds.
    func stopListening() async {
        await center.setDeliveryHandler(nil)
        await device.setRegionHandler(nil)
        await device.setAlarmHandler(nil)
        await recorder.flush()
    }

    /// The state of things now: at the end, or where an event could not happen.
    func summary() async -> ScenarioSummary {
        let plan = await recorder.lastPlan
        var summary = ScenarioSummary(
            delivered: await recorder.delivered,
            pending: await center.pendingNotificationRequests().count,
            stillDelivered: await center.notificationList().count,
            appBadge: await center.badgeCount,
            coverageHorizon: plan?.coverageHorizon,
            horizonEnd: plan?.horizonEnd,
            cuts: plan?.cuts ?? 0,
            reconciles: await recorder.reconciles,
            routes: await recorder.routes,
            droppedIdentifiers: await center.droppedRequests.dropFirst(droppedBefore).map(\.identifier),
            capacity: center.capacity, endedAt: clock.now, cutList: plan?.cutList ?? [],
            smartTiming: scenario.smartTiming ? await recorder.lastSmartTiming : nil,
            guaranteedCoverage: plan?.guaranteedCoverage, refreshDeadline: plan?.refreshDeadline,
            moreCuts: plan?.moreCuts ?? false)
        summary.notificationSettings = await center.notificationSettings()
        return summary
    }

    /// Everything needed to go on from here: the next event, the device, the app's
    /// process and data, the last plan and the walk in progress.
    func checkpoint(nextEvent: Int, end: LocalDateTime) async -> ScenarioCheckpoint {
        let plan = await recorder.lastPlan
        let app = await run.app()
        // The system as the app and the user see it; not the center's log of every
        // firing, which nothing in a scenario reads and which grows with every day.
        var system = await center.snapshot()
        system.deliveryLog = []
        let vacations = await source.appVacations
        return ScenarioCheckpoint(
            nextEvent: nextEvent, end: end, now: clock.now, zone: clock.timeZone, app: await device.appState,
            appReady: await app?.isReady ?? false, readyAt: await app?.readyAt, system: system,
            data: ScenarioCheckpoint.AppData(entities: await source.entities, posted: await source.posted,
                                             settings: await source.settings,
                                             vacations: vacations.isEmpty ? nil : vacations,
                                             progress: ScenarioCheckpoint.Progress.list(await source.recordedProgress)),
            plan: plan, pendingTimeChanges: await device.pendingTimeChanges,
            refreshRequest: refreshRequests.requested, walk: await run.walking.saved,
            appForceQuit: await device.isForceQuit, alarms: await device.alarms?.snapshot())
    }
}

/// Hands the process a paused run left running to the first app the device makes, once.
private actor ProcessHandOver {
    private var process: ResumedProcess?

    init(_ process: ResumedProcess?) {
        self.process = process
    }

    func take() -> ResumedProcess? {
        defer { process = nil }
        return process
    }
}
