import Herald

/// The scenario app's ``AppResponder``: resolves entities from the app's current data
/// and records each route; the runner fills in the app badge once the step that
/// produced it has settled (Herald re-plans right after handing routes over).
///
/// A route notification leads where seed 001's app goes (``ResponseHandoff/routeWalk``):
/// the completion to the route's summary, a spot to the map at that spot, named from the
/// routes the app started (``ScenarioReminderSource/routes``), else from Herald's route
/// in progress, else by the route's name the app kept (a resumed run), else by id.
struct ScenarioResponder: AppResponder {
    let source: ScenarioReminderSource
    let recorder: ScenarioRecorder
    let engine: Engine

    func resolve(_ entity: EntityReference) async -> EntityResolution {
        await source.resolution(of: entity)
    }

    func handle(_ route: ResponseHandoff) async {
        var route = route
        // A tap on a posted notification shows what was posted, even when an entity of
        // the app has the same identity.
        if route.payload?.identifier.kind == .event, case .ready(let entity, _) = route.destination,
           let title = await source.posted[entity] {
            route.destination = .ready(entity, title: title)
        }
        await recorder.route(route, screen: await screen(for: route))
    }

    /// The screen a route notification opens, with the names the app shows.
    private func screen(for route: ResponseHandoff) async -> TimelineRoute.RouteScreen? {
        guard let walk = route.routeWalk else { return nil }
        let routeID = switch walk {
        case .completion(let summary): summary.sessionID
        case .waypoint(let sessionID, _): sessionID
        }
        var session = await source.routes[routeID]
        if session == nil, let current = try? await engine.routeSession()?.session, current.id == routeID {
            session = current
        }
        // A state file keeps what the app posted about (the route's name), not its routes.
        let posted = await source.posted[EntityReference(namespace: RouteSession.namespace, id: routeID)]
        let name = TimelineRoute.RouteScreen.Name(id: routeID, name: session?.name ?? posted ?? routeID)
        switch walk {
        case .completion:
            return .summary(route: name)
        case .waypoint(_, let waypointID):
            let waypoint = session?.waypoints.first { $0.id == waypointID }
            return .map(route: name, waypoint: .init(id: waypointID, name: waypoint?.name ?? waypointID))
        }
    }
}
