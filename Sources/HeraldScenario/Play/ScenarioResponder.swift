import Herald

/// The scenario app's ``AppResponder``: resolves entities from the app's current data
/// and records each route; the runner fills in the app badge once the step that
/// produced it has settled (Herald re-plans right after handing routes over).
struct ScenarioResponder: AppResponder {
    let source: ScenarioReminderSource
    let recorder: ScenarioRecorder

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
        await recorder.route(route)
    }
}
