import Foundation
import Herald
import HeraldSimulator

extension ScenarioRun {
    /// Plays a position, a walk, or a route started or stopped. Positions reach the app
    /// when it runs (its location updates); the timeline notes what the plan watches.
    func applyLocation(_ event: ScenarioEvent) async throws {
        switch event.action {
        case .position(let position):
            // The device is here now: a walk in progress is over.
            await walking.stop()
            await report(at: position, event: event.action)
        case .walk(let walk):
            await recorder.event(event.action)
            // From where the device is (a walk in progress ends there); its positions
            // play between the events, at their own times (``walkOn()``).
            let path = (await center.position.map { [$0] } ?? []) + walk.path
            await walking.start(SimulatedWalk(path: path, speed: walk.speed, interval: walk.interval), at: clock.now)
        case .startRoute(let route):
            guard let app = await app() else {
                throw impossible(event, "the app is not running, so it cannot start a route (launch it first)")
            }
            // The app's data holds the route and its texts, which Herald asks for.
            await source.rememberRoute(route)
            recorder.holdReports()
            do {
                try await app.engine.startRoute(route)
            } catch {
                recorder.discardHeldReports()
                throw error
            }
            await recorder.event(event.action)
            await recorder.releaseReports()
            await device.advance(by: 0)
        case .stopRoute:
            guard let app = await app() else {
                throw impossible(event, "the app is not running, so it cannot stop a route (launch it first)")
            }
            recorder.holdReports()
            do {
                try await app.engine.stopRoute()
            } catch {
                recorder.discardHeldReports()
                throw error
            }
            await recorder.event(event.action)
            await recorder.releaseReports()
        default:
            break
        }
    }

    /// Plays the next position of the walk in progress, at its time.
    func walkOn() async {
        guard let (date, position) = await walking.next() else { return }
        await device.advance(to: max(date, clock.now))
        await report(at: position)
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

    /// The simulated system reports a crossing of a region the app monitors: it is on
    /// the timeline as a region entry or exit, and an entry reaches the app as the
    /// waypoint's centre. The device has woken the app, or launched it into the
    /// background if it was not running (its launch line comes first), unless the user
    /// had force-quit it and `force_quit_relaunch` is `never`.
    func regionReported(_ event: RegionEvent, wake: RegionEventWake) async {
        let running = await app() != nil
        var notes: [String] = []
        switch wake {
        case .relaunched: notes.append("the system launched the app for it")
        case .notRelaunched: notes.append("the user force-quit the app: the system does not launch it")
        case .running: break
        }
        if event.kind == .exit { notes.append("the app acts on entries only") }
        await recorder.region(event, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
        guard event.kind == .entry, running else { return }
        await tell(event.region.center, event: nil, showPosition: false)
    }

    /// Tells a running app where the device is and records what changed: the waypoints
    /// reached and the completion (``TimelineRouteProgress``), the run if it changed
    /// anything, and the regions the plan watches when they changed. An explicit
    /// `position` event is always on the timeline; a walk's positions only when a
    /// waypoint is reached (and not when a region entry stands for the position).
    private func tell(_ position: Coordinate, event: ScenarioEvent.Action?, showPosition: Bool = true) async {
        guard let app = await app() else {
            if let event { await recorder.event(event, note: "the app is not running") }
            return
        }
        // The run's line comes after the position's and the route's progress.
        recorder.holdReports(position: true)
        guard let report = try? await app.engine.positionChanged(position) else {
            await recorder.releaseReports()
            return
        }
        let now = clock.now
        // The route is read only when the position reached a waypoint.
        var steps: [TimelineRouteProgress] = []
        if !report.routeChanges.isEmpty, let after = try? await app.engine.routeSession() {
            steps = TimelineRouteProgress.steps(of: report.routeChanges, in: after, at: now,
                                                local: ZoneConverter.for(clock.timeZone).local(for: now))
        }
        if event != nil || (showPosition && !steps.isEmpty) {
            await recorder.event(event ?? .position(position))
        }
        for step in steps { await recorder.routeProgress(step) }
        await recorder.releaseReports()
    }
}
