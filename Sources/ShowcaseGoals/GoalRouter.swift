import Foundation
import Herald
import Synchronization

/// The goal tracker's `AppResponder`: resolves a goal as ready, paused or missing
/// from the loaded ``GoalLibrary``, and turns each route into the ``GoalScreen`` the UI
/// shows, recording it with the instant it was shown.
///
/// ```swift
/// let router = GoalRouter(library: library, clock: clock)
/// await herald.dataLoaded(router)     // after the goals are loaded (the app's HeraldSystem)
/// router.shown.last?.screen                // .dataEntry(goalID: "workout", questionID: "minutes")
/// ```
public final class GoalRouter: AppResponder {
    /// One screen the UI showed, and when.
    public struct Shown: Hashable, Sendable {
        public var screen: GoalScreen
        public var date: Date

        public init(screen: GoalScreen, date: Date) {
            self.screen = screen
            self.date = date
        }
    }

    public let library: GoalLibrary
    private let clock: any DeviceClock
    private let screens = Mutex<[Shown]>([])

    public init(library: GoalLibrary, clock: any DeviceClock) {
        self.library = library
        self.clock = clock
    }

    /// Every screen shown in this process, in order.
    public var shown: [Shown] { screens.withLock { $0 } }

    public func resolve(_ entity: EntityReference) async -> EntityResolution {
        guard entity.namespace == Goal.namespace, let goal = library.goal(entity.id) else { return .missing }
        return goal.isActive ? .ready(title: goal.title) : .inactive(title: goal.title)
    }

    public func handle(_ route: ResponseHandoff) async {
        let shown = Shown(screen: screen(for: route), date: clock.now)
        screens.withLock { $0.append(shown) }
    }

    /// The screen for a route: data entry at the payload's question, the paused or
    /// missing placeholder, or nothing for an unusable payload.
    public func screen(for route: ResponseHandoff) -> GoalScreen {
        switch route.destination {
        case .ready(let entity, _):
            let asked = route.payload?.extras[Goal.questionKey]?.stringValue
            let goal = library.goal(entity.id)
            let question = goal?.questions.first { $0.id == asked }?.id
            return .dataEntry(goalID: entity.id, questionID: question)
        case .inactive(_, let title):
            return .pausedPlaceholder(title: title)
        case .missing, .list:
            return .missingPlaceholder
        case .invalid(let reason):
            return .unchanged(reason)
        }
    }
}
