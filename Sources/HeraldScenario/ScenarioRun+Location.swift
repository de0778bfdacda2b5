import Foundation
import Herald
import HeraldSimulator

extension ScenarioRun {
    /// Plays a position, a walk, or a route started or stopped. Positions reach the app
    /// when it runs (its location updates); the timeline notes what the plan watches.
    func applyLocation(_ event: ScenarioEvent) async throws {
        switch event.action {
        case .position(let position):
            await report(at: position, event: event.action)
        case .walk(let walk):
            await recorder.event(event.action)
            let path = (await center.position.map { [$0] } ?? []) + walk.path
            let positions = SimulatedWalk(path: path, speed: walk.speed, interval: walk.interval)
                .positions(startingAt: clock.now)
            for (date, position) in positions {
                await device.advance(to: date)
                await report(at: position)
            }
        case .startRoute(let route):
            guard let app = await app() else {
                throw impossible(event, "the app is not running, so it cannot start a route (launch it first)")
            }
            let report = try await app.engine.startRoute(route)
            await source.rememberRoute(route)
            await recorder.event(event.action)
            await recorder.reconcile(report)
            await monitor(report.plan?.regions)
            await device.advance(by: 0)
        case .stopRoute:
            guard let app = await app() else {
                throw impossible(event, "the app is not running, so it cannot stop a route (launch it first)")
            }
            let report = try await app.engine.stopRoute()
            await recorder.event(event.action)
            await recorder.reconcile(report)
            await monitor(report.plan?.regions)
        default:
            break
        }
    }

    /// Moves the device and, when the app hears every position (the default
    /// ``ScenarioLocationUpdates/positions``), tells a running app; then delivers what is
    /// due now. With ``ScenarioLocationUpdates/regions`` the app hears only the region
    /// entries the simulated system reports later (``regionReported(_:)``).
    private func report(at position: Coordinate, event: ScenarioEvent.Action? = nil) async {
        await center.move(to: position)
        if scenario.locationUpdates == .regions {
            if let event { await recorder.event(event, note: "the app hears only region entries") }
        } else {
            await tell(position, event: event)
        }
        await device.advance(by: 0)
    }

    /// The simulated system reports a crossing of a region the app monitors: an entry
    /// reaches a running app as the waypoint's centre, on the timeline as a position
    /// noted "entered region …".
    func regionReported(_ event: RegionEvent) async {
        guard event.kind == .entry else { return }
        await tell(event.region.center, event: .position(event.region.center),
                   entered: "entered region \(event.region.identifier)")
    }

    /// Tells a running app where the device is and notes what changed (waypoints
    /// reached, the completion, the regions watched). An explicit `position` event is
    /// always on the timeline, with what the plan watches; a walk's positions only when
    /// a waypoint is reached.
    private func tell(_ position: Coordinate, event: ScenarioEvent.Action?, entered: String? = nil) async {
        guard let app = await app() else {
            if let event {
                await recorder.event(event, note: [entered, "the app is not running"].compactMap { $0 }.joined(separator: "; "))
            }
            return
        }
        let before = try? await app.engine.routeSession()
        guard let report = try? await app.engine.positionChanged(position) else { return }
        let after = try? await app.engine.routeSession()
        var notes: [String] = entered.map { [$0] } ?? []
        let reached = Set(after?.visits.keys.map { $0 } ?? []).subtracting(before?.visits.keys.map { $0 } ?? [])
        if !reached.isEmpty { notes.append("reached \(reached.sorted().joined(separator: ", "))") }
        if before?.completion == nil, let completion = after?.completion {
            notes.append("route complete (\(completion.summary.visitedCount)/\(completion.summary.totalWaypoints))")
        }
        if let regions = report.plan?.regions, event != nil || !notes.isEmpty,
           !(regions.watched.isEmpty && regions.cut.isEmpty) {
            notes.append("watching \(regions.watched.count) region\(regions.watched.count == 1 ? "" : "s")"
                + (regions.cut.isEmpty ? "" : ", \(regions.cut.count) cut"))
        }
        // A walk reports a position every few seconds: only those that change something
        // reach the timeline.
        if event != nil || !notes.isEmpty {
            await recorder.event(event ?? .position(position), note: notes.isEmpty ? nil : notes.joined(separator: "; "))
        }
        if !notes.isEmpty || report.outcome.touched > 0 || report.outcome.removedDelivered > 0 {
            await recorder.reconcile(report)
        }
        await monitor(report.plan?.regions)
    }

    /// With ``ScenarioLocationUpdates/regions``, makes the simulated system monitor the
    /// waypoints `plan` watches, as `RegionMonitor` does on a device: stops the others,
    /// starts the new ones while regions are left (pending location reminders take
    /// theirs). `nil` (no new plan) leaves monitoring as it is.
    func monitor(_ plan: RegionPlan?) async {
        guard scenario.locationUpdates == .regions, let plan else { return }
        let waypoints = plan.watched.filter { $0.kind == .waypoint }
        let wanted = Set(waypoints.map(\.identifier))
        let current = Set(await center.monitoredRegionList().map(\.identifier))
        for identifier in current.subtracting(wanted) {
            await center.stopMonitoring(identifier: identifier)
        }
        for place in waypoints where !current.contains(place.identifier) {
            // Beyond the platform's regions the place stays unwatched, as on a device.
            try? await center.startMonitoring(LocationRegion(
                identifier: place.identifier, latitude: place.center.latitude, longitude: place.center.longitude,
                radius: place.radius, notifyOnEntry: true, notifyOnExit: false))
        }
    }
}
