import Herald
import Synchronization

/// Seed 001's `HomeCoordinator`: what a tap on a route notification opens. The
/// completion shows the success message with the visited count and focuses the map on
/// the route; a spot focuses the map on that spot. The routes arrive typed
/// (`ResponseHandoff.routeWalk`), never as loose `userInfo`.
///
/// ```swift
/// let coordinator = HomeCoordinator()
/// await herald.ready(coordinator)    // the app's HeraldSystem
/// coordinator.screen      // .success(message: "🎉 Route mit 3 Spots erfolgreich abgeschlossen!", summary: …)
/// ```
public final class HomeCoordinator: AppResponder {
    /// What the app shows.
    public enum Screen: Hashable, Sendable {
        case map
        /// The success banner with its message, over the map focused on the route.
        case success(message: String, summary: RouteSessionState.Summary)
        /// The map focused on one spot of the route.
        case focusedSpot(routeID: String, spotID: String)
    }

    private let shown = Mutex<[Screen]>([])

    public init() {}

    /// Every screen shown, in order.
    public var screens: [Screen] { shown.withLock { $0 } }
    /// The screen on top now.
    public var screen: Screen { screens.last ?? .map }

    public func resolve(_ entity: EntityReference) async -> EntityResolution { .ready(title: entity.id) }

    public func handle(_ route: ResponseHandoff) async {
        switch route.routeWalk {
        case .completion(let summary)?:
            show(.success(message: "🎉 Route mit \(summary.visitedCount) Spots erfolgreich abgeschlossen!", summary: summary))
        case .waypoint(let routeID, let spotID)?:
            show(.focusedSpot(routeID: routeID, spotID: spotID))
        case nil:
            show(.map)
        }
    }

    private func show(_ screen: Screen) { shown.withLock { $0.append(screen) } }
}
