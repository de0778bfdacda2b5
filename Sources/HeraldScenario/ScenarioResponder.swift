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

    func handle(_ route: Route) async {
        await recorder.route(route)
    }
}
