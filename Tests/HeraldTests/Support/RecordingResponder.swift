import Foundation
import Synchronization
@testable import Herald

/// An app responder for tests: resolves entities from a table the test sets, and
/// records every route it is handed.
final class RecordingResponder: AppResponder {
    private let state = Mutex<(resolutions: [EntityReference: EntityResolution], routes: [ResponseHandoff])>(([:], []))

    init(_ resolutions: [EntityReference: EntityResolution] = [:]) {
        state.withLock { $0.resolutions = resolutions }
    }

    func set(_ entity: EntityReference, _ resolution: EntityResolution) {
        state.withLock { $0.resolutions[entity] = resolution }
    }

    var routes: [ResponseHandoff] { state.withLock { $0.routes } }

    func resolve(_ entity: EntityReference) async -> EntityResolution {
        state.withLock { $0.resolutions[entity] ?? .ready(title: entity.id) }
    }

    func handle(_ route: ResponseHandoff) async {
        state.withLock { $0.routes.append(route) }
    }
}
