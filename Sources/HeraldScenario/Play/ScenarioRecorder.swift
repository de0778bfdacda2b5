import Foundation
import Herald
import HeraldSimulator
import Synchronization

/// Records a scenario run's timeline as it happens and hands each entry on to the run's
/// ``ScenarioTimelineSink``, keeping only the summary counters. The runner, the scenario
/// app and its responder all write here, each at the virtual instant it acts, so the
/// timeline is in the order things happened. Local times are the device's: in the zone
/// it is in at that instant.
///
/// A route's badge is the app badge once its step settles (``settleRoutes(badge:)``), so
/// from a route until then entries are held back, in order, and handed on when it does.
///
/// The recorder hears every run of each app process's engine (``heard(_:)``, subscribed
/// when ``ScenarioApp`` makes its engine): no call site hands it a report. A call whose
/// timeline line comes after its run (a post, a route started, a position) holds the
/// runs it causes (``holdReports(position:)``) and releases them after its line.
actor ScenarioRecorder {
    let clock: VirtualClock
    private let sink: any ScenarioTimelineSink
    private(set) var delivered = 0
    private(set) var reconciles = 0
    private(set) var routes = 0
    /// Entries held back from the first route whose badge is not settled yet, in order.
    private var held: [TimelineEntry] = []
    /// Positions in ``held`` of routes whose badge is filled in when their step settles.
    private var unsettledRoutes: [Int] = []
    /// The last plan's coverage (from an earlier run of a resumed scenario until it plans).
    /// Worked out from ``latestPlan`` when read: listing a plan's cuts costs more than
    /// the plan, and only the summary and the state file read them.
    var lastPlan: ScenarioCheckpoint.PlanCoverage? {
        if let plan = latestPlan {
            lastCoverage = ScenarioCheckpoint.PlanCoverage(plan)
            latestPlan = nil
        }
        lastCoverage?.urgencyForecasts = forecasts.isEmpty ? nil : forecasts
        return lastCoverage
    }
    private var lastCoverage: ScenarioCheckpoint.PlanCoverage?
    /// The last plan, until ``lastPlan`` reads its coverage.
    private var latestPlan: Plan?
    /// Prompts the app decided on in `willPresent`, recorded right after their delivery.
    private var stashedPrompts: [String: InAppPrompt] = [:]
    /// The places the last region plan recorded watches, by identifier, and how many it
    /// cuts: a plan that chooses the same is not recorded again.
    private var watchedPlaces: Set<String> = []
    private var cutPlaces = 0
    private var withheldPlaces: RegionPlan.Withheld?
    /// The urgency forecasts last recorded on a reconcile line.
    private var forecasts: [String] = []
    /// Every place a recorded plan watched, by identifier: a region event is named from
    /// them (only watched places are monitored).
    private var knownPlaces: [String: TimelineRegions.Place] = [:]
    /// The runs a call holds (``holdReports(position:)``), behind a lock rather than the
    /// actor: holding, and hearing a run while held, are then no hop, and a walk's
    /// position costs one hop to the recorder (its release), as a call that records
    /// its report by hand would.
    private nonisolated let holding = Mutex(HeldReports())

    init(clock: VirtualClock, sink: any ScenarioTimelineSink, lastPlan: ScenarioCheckpoint.PlanCoverage? = nil) {
        self.clock = clock
        self.sink = sink
        lastCoverage = lastPlan
        forecasts = lastPlan?.urgencyForecasts ?? []
    }

    /// Hands an entry on, or holds it behind a route waiting for its badge.
    private func append(_ entry: TimelineEntry) {
        if case .route = entry {
            held.append(entry)
        } else if held.isEmpty {
            sink.record(entry)
        } else {
            held.append(entry)
        }
    }

    /// Hands on what is held, as it is: the run ended.
    func flush() {
        for entry in held { sink.record(entry) }
        held.removeAll()
        unsettledRoutes.removeAll()
    }

    private var converter: ZoneConverter { ZoneConverter.for(clock.timeZone) }

    private var now: (Date, LocalDateTime) { (clock.now, converter.local(for: clock.now)) }

    /// A delivery, shown at `shownAt` (the level the settings left it; its content's by
    /// default).
    func delivery(_ notification: DeliveredNotification, presented: PresentedNotification?, beforeStart: Bool,
                  shownAt: NotificationContent.InterruptionLevel? = nil, hold: DeliveryHold? = nil) {
        if !beforeStart { delivered += 1 }
        let content = notification.request.content
        let identifier = notification.request.identifier
        let prompt = stashedPrompts.removeValue(forKey: identifier)
        var delivery = TimelineDelivery(
            date: notification.date, local: converter.local(for: notification.date), badge: content.badge,
            title: content.title, body: content.body, identifier: identifier, beforeStart: beforeStart,
            presentation: presented?.presentation, appState: presented?.appState, prompted: prompt != nil)
        delivery.interruption = shownAt ?? content.interruptionLevel
        delivery.held = hold?.reason
        delivery.dueLocal = hold.map { converter.local(for: $0.dueDate) }
        append(.delivery(delivery))
        if let prompt {
            append(.prompt(TimelinePrompt(
                date: notification.date, local: converter.local(for: notification.date), identifier: identifier,
                title: prompt.title, actions: prompt.actions.map { TimelinePrompt.Action(id: $0.identifier, title: $0.title) })))
        }
    }

    /// An alarm the system started sounding, shown at level `alarm`: it breaks through
    /// the summary and a Focus, so it is never held and it sounds when it is due.
    func alarm(_ firing: AlarmFiring, title: String, appState: AppState?) {
        delivered += 1
        let local = converter.local(for: firing.at)
        var delivery = TimelineDelivery(date: firing.at, local: local, badge: nil, title: title, body: "",
                                        identifier: firing.identifier.description, beforeStart: false,
                                        presentation: nil, appState: appState)
        delivery.isAlarm = true
        delivery.afterSnooze = firing.afterSnooze
        delivery.throughFocus = firing.alertedThroughFocus
        delivery.dueLocal = local
        append(.delivery(delivery))
    }

    func stash(_ prompt: InAppPrompt) {
        stashedPrompts[prompt.notification.request.identifier] = prompt
    }

    /// A run of the app's engine, as the engine publishes it: recorded now, or when the
    /// call that holds reports releases them.
    nonisolated(nonsending) func heard(_ report: ReconcileReport) async {
        let held = holding.withLock { $0.keep(report) }
        if !held { await reconcile(report) }
    }

    /// Holds the runs heard from now on until ``releaseReports()`` (or
    /// ``discardHeldReports()``), so the line of the call that causes them comes first.
    /// `position`: they are a position's, recorded only when it reached a waypoint or
    /// changed the center (else only the regions its plan watches).
    nonisolated func holdReports(position: Bool = false) {
        holding.withLock { $0 = HeldReports(entries: [], forPosition: position) }
    }

    /// Records the runs held, in order: no hop to the recorder when none was heard (a
    /// walk's position that needed no run).
    nonisolated(nonsending) func releaseReports() async {
        let held = holding.withLock { holding in
            defer { holding = HeldReports() }
            return holding.entries ?? []
        }
        guard !held.isEmpty else { return }
        await record(held)
    }

    private func record(_ held: [HeldReports.Entry]) {
        for entry in held {
            switch entry {
            case .run(let report): reconcile(report)
            case .regions(let plan): regions(plan)
            }
        }
    }

    /// Forgets the runs held: the timeline stands for them otherwise (a granted
    /// permission is its lifecycle line).
    nonisolated func discardHeldReports() {
        holding.withLock { $0 = HeldReports() }
    }

    private func reconcile(_ report: ReconcileReport) {
        reconciles += 1
        if let plan = report.plan { latestPlan = plan }
        let (date, local) = now
        var entry = TimelineReconcile(
            date: date, local: local, reasons: report.reasons.map(\.description),
            added: report.outcome.added, removed: report.outcome.removed, unchanged: report.outcome.unchanged,
            failedAdds: report.outcome.failedAdds.count, clearedDelivered: report.outcome.removedDelivered,
            displaced: report.plan?.displaced.count ?? 0,
            planned: report.plan.map {
                $0.reminders.count + $0.locationReminders.count + $0.repeating.count + $0.groups.count
            },
            badgeSet: report.badgeSet, coverageHorizon: report.plan?.coverageHorizon, failure: report.failure,
            guaranteedCoverage: report.plan?.guaranteedCoverage, refreshDeadline: report.plan?.refreshDeadline,
            heldWhileNotificationsOff: report.heldWhileNotificationsOff)
        entry.badgesOff = report.badgesOff
        entry.urgency = urgencyChange(report.plan)
        if report.alarms.touched > 0 || !report.alarms.refused.isEmpty { entry.alarms = report.alarms }
        append(.reconcile(entry))
        if let notice = report.travel { append(.travel(TimelineTravel(date: date, local: local, notice: notice))) }
        regions(report.plan?.regions)
    }

    /// The plan's forecasts for rules whose urgency the settings change, one per rule in
    /// rule order, when they differ from the last recorded; empty otherwise.
    private func urgencyChange(_ plan: Plan?) -> [String] {
        guard let plan else { return [] }
        var byRule: [ReminderRule.ID: String] = [:]
        for reminder in plan.requests where byRule[reminder.rule.id] == nil {
            guard let forecast = plan.delivery(of: reminder), !forecast.passedOver.isEmpty || forecast.heldBySummary
            else { continue }
            byRule[reminder.rule.id] = "\(reminder.rule.id): \(forecast)"
        }
        let texts = byRule.sorted { $0.key < $1.key }.map(\.value)
        guard texts != forecasts else { return [] }
        forecasts = texts
        return texts
    }

    /// Records the places a plan watches and how many it cuts, when they differ from
    /// the last recorded (the watched as a set: the order moves with every step of a
    /// walk); `nil` (no plan) records nothing. The cost grows with the watched places
    /// (at most 20), not with those cut.
    private func regions(_ plan: RegionPlan?) {
        guard let plan else { return }
        let watched = Set(plan.watched.map(\.identifier))
        guard watched != watchedPlaces || plan.cutCount != cutPlaces || plan.withheld != withheldPlaces else { return }
        watchedPlaces = watched
        cutPlaces = plan.cutCount
        withheldPlaces = plan.withheld
        let places = plan.watched.map(TimelineRegions.Place.init)
        for place in places { knownPlaces[place.identifier] = place }
        let (date, local) = now
        append(.regions(TimelineRegions(date: date, local: local, watched: places, cut: plan.cutCount,
                                        withheld: plan.withheld)))
    }

    /// A region entry or exit the simulated system reported to the app, named after the
    /// place of the last plan with its identifier.
    func region(_ event: RegionEvent, note: String?) {
        let (date, local) = now
        let known = knownPlaces[event.region.identifier]
        append(.region(TimelineRegion(
            date: date, local: local, kind: event.kind == .entry ? .entered : .exited,
            identifier: event.region.identifier, name: known?.name ?? event.region.identifier, place: known?.kind,
            crossedAt: event.crossedAt, note: note)))
    }

    /// A waypoint reached or the route completed, as the engine recorded it.
    func routeProgress(_ progress: TimelineRouteProgress) {
        append(.routeProgress(progress))
    }

    /// The last smart-timing recomputation of the run.
    private(set) var lastSmartTiming: TimelineSmartTiming?

    func smartTiming(_ suggestion: SmartTimingSuggestion?, applied: Bool, note: String?) {
        let (date, local) = now
        let entry = TimelineSmartTiming(date: date, local: local, suggestion: suggestion, applied: applied, note: note)
        lastSmartTiming = entry
        append(.smartTiming(entry))
    }

    func lifecycle(_ change: TimelineLifecycle.Change) {
        let (date, local) = now
        append(.lifecycle(TimelineLifecycle(date: date, local: local, change: change)))
    }

    func event(_ action: ScenarioEvent.Action, note: String? = nil) {
        let (date, local) = now
        append(.event(TimelineEvent(date: date, local: local, action: action, note: note)))
    }

    func user(_ gesture: TimelineUserAction.Gesture, identifier: String, inPrompt: Bool) {
        let (date, local) = now
        append(.user(TimelineUserAction(date: date, local: local, gesture: gesture, identifier: identifier,
                                                 inPrompt: inPrompt)))
    }

    /// Sets the app badge of the routes recorded since the last call.
    func settleRoutes(badge: Int) {
        for index in unsettledRoutes {
            guard case .route(var entry) = held[index] else { continue }
            entry.badge = badge
            held[index] = .route(entry)
        }
        flush()
    }

    func route(_ route: ResponseHandoff, badge: Int = 0, screen: TimelineRoute.RouteScreen? = nil) {
        unsettledRoutes.append(held.count)
        routes += 1
        let (date, local) = now
        var entity: EntityReference?
        var title: String?
        var reason: String?
        let destination: TimelineRoute.Destination
        switch route.destination {
        case .ready(let reference, let name):
            destination = .ready
            entity = reference
            title = name
        case .inactive(let reference, let name):
            destination = .inactive
            entity = reference
            title = name
        case .missing(let reference):
            destination = .missing
            entity = reference
        case .invalid(let why):
            destination = .invalid
            reason = why.description
        case .list(let members):
            destination = .list
            title = members.map(\.description).joined(separator: ", ")
        }
        append(.route(TimelineRoute(
            date: date, local: local, identifier: route.notification.request.identifier,
            actionIdentifier: route.actionIdentifier, destination: destination, entity: entity, title: title,
            invalidReason: reason, effect: route.effect, text: route.text, receivedAt: route.receivedAt, badge: badge,
            routeScreen: screen)))
    }
}

/// The runs a recorder's caller holds back until its own line is written.
private struct HeldReports {
    /// What a held run records when released.
    enum Entry {
        /// Its reconcile line.
        case run(ReconcileReport)
        /// Only the regions its plan watches: a position's run that reached no
        /// waypoint and changed nothing in the center.
        case regions(RegionPlan?)
    }

    /// The runs heard while held, in run order; `nil` when nothing is held.
    var entries: [Entry]?
    /// Whether they are a position's.
    var forPosition = false

    /// Keeps `report` when runs are held (only what its line needs).
    ///
    /// - Returns: whether it was kept; `false` when nothing is held.
    mutating func keep(_ report: ReconcileReport) -> Bool {
        guard entries != nil else { return false }
        if forPosition, report.routeChanges.isEmpty, report.outcome.touched == 0, report.outcome.removedDelivered == 0 {
            entries?.append(.regions(report.plan?.regions))
        } else {
            entries?.append(.run(report))
        }
        return true
    }
}
