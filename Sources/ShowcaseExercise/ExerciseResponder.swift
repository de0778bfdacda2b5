import Foundation
import Herald
import Synchronization

/// The exercise app's `AppResponder`: every entity it names exists (the breaks, a
/// week's report, an achievement); each route opens its screen, and Log Exercise
/// records a logged break.
///
/// ```swift
/// await herald.ready(responder)   // the app's HeraldSystem
/// responder.screens       // [.exercisePicker]
/// responder.loggedBreaks  // [09:01]
/// ```
public final class ExerciseResponder: AppResponder {
    private struct Record {
        var screens: [ExerciseScreen] = []
        var loggedBreaks: [Date] = []
        var routes: [ResponseHandoff] = []
    }

    private let clock: any DeviceClock
    private let record = Mutex(Record())

    public init(clock: any DeviceClock) {
        self.clock = clock
    }

    /// The screens opened, in order.
    public var screens: [ExerciseScreen] { record.withLock { $0.screens } }
    /// When the user logged a break from a notification or a prompt.
    public var loggedBreaks: [Date] { record.withLock { $0.loggedBreaks } }
    /// Every route handed over, in order.
    public var routes: [ResponseHandoff] { record.withLock { $0.routes } }

    public func resolve(_ entity: EntityReference) async -> EntityResolution {
        .ready(title: nil)
    }

    public func handle(_ route: ResponseHandoff) async {
        let now = clock.now
        let category = route.notification.request.content.categoryIdentifier
        let screen: ExerciseScreen? = switch (category, route.action) {
        case (_, .dismiss), (_, .snooze): nil
        case (ExerciseCategories.reminder.identifier, _): .exercisePicker
        case (ExerciseCategories.progressReport.identifier, _):
            .progressReport(week: route.payload?.identifier.occurrence.rawValue ?? "")
        case (ExerciseCategories.achievement.identifier, _):
            .achievements(highlighting: route.payload?.entity.id ?? "")
        default: nil
        }
        record.withLock { record in
            record.routes.append(route)
            if let screen { record.screens.append(screen) }
            if route.action == .custom(ExerciseCategories.logActionID) { record.loggedBreaks.append(now) }
        }
    }
}
