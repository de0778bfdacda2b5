import Herald
import Synchronization

/// The streak app's `AppResponder`, wired once the app's state and navigation exist
/// (the seed's `onAppear`): each route opens its screen; Remind Tomorrow, Already
/// Played and dismissals open nothing (Herald already deferred or completed the day).
///
/// ```swift
/// await app.wireHandlers()     // queued responses are handed over now, in order
/// app.responder.screens        // [.gamePicker(["wordle"])]
/// ```
public final class StreakResponder: AppResponder {
    private struct Record {
        var routes: [ResponseHandoff] = []
        var screens: [StreakScreen] = []
    }

    private let record = Mutex(Record())

    public init() {}

    /// Every route handed over, in order.
    public var routes: [ResponseHandoff] { record.withLock { $0.routes } }
    /// The screens opened, in order.
    public var screens: [StreakScreen] { record.withLock { $0.screens } }

    public func resolve(_ entity: EntityReference) async -> EntityResolution {
        .ready(title: nil)
    }

    public func handle(_ route: ResponseHandoff) async {
        let screen: StreakScreen? = switch (route.notification.request.content.categoryIdentifier, route.action) {
        case (_, .dismiss), (_, .remindTomorrow), (_, .complete): nil
        case (StreakCategories.streakReminder.identifier, _):
            .gamePicker(route.payload?.extras["games"].flatMap(Self.strings) ?? [])
        case (StreakCategories.achievement.identifier, _): route.payload.map { .achievement($0.entity.id) }
        case (StreakCategories.resultImported.identifier, _): route.payload.map { .result(game: $0.entity.id) }
        default: nil
        }
        record.withLock { record in
            record.routes.append(route)
            if let screen { record.screens.append(screen) }
        }
    }

    private static func strings(_ value: JSONValue) -> [String]? {
        guard case .array(let items) = value else { return nil }
        return items.compactMap(\.stringValue)
    }
}
