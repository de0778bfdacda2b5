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
            await recorder.event(event.action)
            await recorder.reconcile(report)
            await device.advance(by: 0)
        case .stopRoute:
            guard let app = await app() else {
                throw impossible(event, "the app is not running, so it cannot stop a route (launch it first)")
            }
            let report = try await app.engine.stopRoute()
            await recorder.event(event.action)
            await recorder.reconcile(report)
        default:
            break
        }
    }

    /// Moves the device, tells a running app, notes what changed (waypoints reached, the
    /// completion, the regions watched) and delivers what is due now.
    /// An explicit `position` event is always on the timeline, with what the plan
    /// watches; a walk's positions only when a waypoint is reached.
    private func report(at position: Coordinate, event: ScenarioEvent.Action? = nil) async {
        await center.move(to: position)
        guard let app = await app() else {
            if let event { await recorder.event(event, note: "the app is not running") }
            return
        }
        let before = try? await app.engine.routeSession()
        guard let report = try? await app.engine.positionChanged(position) else { return }
        let after = try? await app.engine.routeSession()
        var notes: [String] = []
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
        await device.advance(by: 0)
    }
}
