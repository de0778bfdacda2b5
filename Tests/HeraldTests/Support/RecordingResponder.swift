import Foundation
import Synchronization
@testable import Herald

/// An app responder for tests: resolves entities from a table the test sets, and
/// records every route it is handed.
final class RecordingResponder: AppResponder {
    private let state = Mutex<(resolutions: [EntityReference: EntityResolution], routes: [Route])>(([:], []))

    init(_ resolutions: [EntityReference: EntityResolution] = [:]) {
        state.withLock { $0.resolutions = resolutions }
    }

    func set(_ entity: EntityReference, _ resolution: EntityResolution) {
        state.withLock { $0.resolutions[entity] = resolution }
    }

    var routes: [Route] { state.withLock { $0.routes } }

    func resolve(_ entity: EntityReference) async -> EntityResolution {
        state.withLock { $0.resolutions[entity] ?? .ready(title: entity.id) }
    }

    func handle(_ route: Route) async {
        state.withLock { $0.routes.append(route) }
    }
}
