import Foundation
import HeraldSimulator
@testable import Herald

/// An app that hears where the device is only through Core Location's region entries
/// (`location_updates: regions`), on a simulated device: observing its engine, it
/// monitors the waypoints every plan watches, as `RegionMonitor` does (stops the others, starts the new ones while
/// regions are left), and reports an entry to the engine as the waypoint's centre. The
/// engine never gets a position otherwise, so every rotation of the watched 20 comes
/// from an entry.
///
/// It can die and be relaunched at chosen entries (``Kill``): the simulated system and
/// Herald's store outlive the process, a new engine launches on them and the app
/// monitors what the launch's plan watches.
actor RegionWalkApp {
    /// Where the process dies while handling an entry.
    enum Kill: Hashable, Sendable {
        /// After the engine recorded the visit and ran, before the app re-monitors (the
        /// process died before its observer heard the run).
        case afterRun
        /// After the visit (and the completion) was committed, before the engine's run
        /// sent anything.
        case afterCommit
        /// Before the engine heard of the entry: Core Location does not report it again.
        case beforeEngine
    }

    let clock: VirtualClock
    let center: SimulatedNotificationCenter
    let store = InMemoryEngineStore()
    private(set) var engine: Engine
    /// The subscription of the process's monitoring to its engine.
    private var observation: Engine.ReportObservation?
    /// The most regions monitored at any moment the app looked.
    private(set) var mostMonitored = 0
    private(set) var launches = 1
    private(set) var entries = 0
    /// Kills by the number of the entry (from 1) they interrupt.
    var kills: [Int: Kill] = [:]

    init() {
        clock = VirtualClock(now: Fixtures.date("2026-11-21T10:00"), timeZone: Fixtures.berlin)
        center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        engine = Engine(center: center, source: TestReminderSource([]), store: store, clock: clock)
    }

    func setKills(_ kills: [Int: Kill]) { self.kills = kills }

    /// Launches, puts the device at `position` and wires the region delegate.
    func start(at position: Coordinate) async {
        await center.move(to: position)
        await observeEngine()
        await engine.launched()
        await center.setRegionHandler { [weak self] event in await self?.heard(event) }
    }

    func startRoute(_ route: RouteSession) async throws {
        try await engine.startRoute(route)
        await center.advance(by: 0)
    }

    func stopRoute() async throws {
        try await engine.stopRoute()
    }

    /// Walks through `points` at 1.4 m/s, a position every `every` seconds.
    func walk(_ points: [Coordinate], every: TimeInterval = 5) async {
        await center.walk(along: points, speed: 1.4, every: every)
        await center.advance(by: 60)
    }

    private func heard(_ event: RegionEvent) async {
        await noteMonitored()
        guard event.kind == .entry else { return }
        entries += 1
        switch kills[entries] {
        case .afterCommit?:
            let state = store.load()
            let changes = state.routeSession?.progress(to: event.region.center, at: clock.now, suppression: nil) ?? []
            store.commit([.setPosition(event.region.center)] + changes)
            await relaunch()
        case .afterRun?:
            if let observation { await engine.stopObserving(observation) }
            _ = try? await engine.positionChanged(event.region.center)
            await relaunch()
        case .beforeEngine?:
            await relaunch()
        case nil:
            _ = try? await engine.positionChanged(event.region.center)
        }
        await center.advance(by: 0)
    }

    /// A new process on the same system and store.
    private func relaunch() async {
        engine = Engine(center: center, source: TestReminderSource([]), store: store, clock: clock)
        launches += 1
        await observeEngine()
        await engine.launched()
    }

    /// Monitors what every plan of the process's engine watches.
    private func observeEngine() async {
        observation = await engine.observeReports { [weak self] report in
            if let plan = report.plan { await self?.monitor(plan.regions) }
        }
    }

    /// Monitors the waypoints `plan` watches, as `RegionMonitor.apply` does.
    private func monitor(_ plan: RegionPlan) async {
        await center.monitorWaypoints(of: plan)
        await noteMonitored()
    }

    private func noteMonitored() async {
        mostMonitored = max(mostMonitored, await center.monitoredRegionList().count)
    }

    /// The identifiers of the route notifications delivered, in order, by rule.
    func delivered(_ rule: String) async -> [String] {
        await center.deliveryLog.map(\.notification.request).filter {
            $0.heraldIdentifier?.entity.namespace == RouteSession.namespace && $0.heraldIdentifier?.rule == rule
        }.map(\.identifier)
    }
}
