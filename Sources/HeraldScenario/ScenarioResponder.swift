import Herald
import HeraldSimulator

/// The scenario app's ``AppResponder``: resolves entities from the app's current data
/// and records each route with the app badge after it.
struct ScenarioResponder: AppResponder {
    let source: ScenarioReminderSource
    let center: SimulatedNotificationCenter
    let recorder: ScenarioRecorder

    func resolve(_ entity: EntityReference) async -> EntityResolution {
        await source.resolution(of: entity)
    }

    func handle(_ route: Route) async {
        await recorder.route(route, badge: await center.badgeCount)
    }
}
