import Herald
import Synchronization

/// The streak app's side of Herald planning: one daily streak reminder, at the user's
/// times, whose content lists the games at risk; none while no game is at risk.
///
/// The games at risk are a list the app sets for now (working them out from results,
/// and re-planning at the day change, is a later step).
///
/// ```swift
/// let source = StreakReminderSource(times: [LocalTime(hour: 19)])
/// source.gamesAtRisk = [Game(id: "wordle", name: "Wordle")]
/// // content: "Wordle is at risk: play before midnight to keep your streak."
/// ```
public final class StreakReminderSource: ReminderSource {
    /// The Herald entity of the daily streak reminder.
    public static let entity = EntityReference(namespace: "streak", id: "daily")

    private struct Settings {
        var times: [LocalTime]
        var gamesAtRisk: [Game]
    }

    private let settings: Mutex<Settings>

    public init(times: [LocalTime] = [LocalTime(hour: 19)], gamesAtRisk: [Game] = []) {
        settings = Mutex(Settings(times: times, gamesAtRisk: gamesAtRisk))
    }

    public var gamesAtRisk: [Game] {
        get { settings.withLock { $0.gamesAtRisk } }
        set { settings.withLock { $0.gamesAtRisk = newValue } }
    }

    public func reminderRules() async throws -> [ReminderRule] {
        let settings = settings.withLock { $0 }
        guard !settings.gamesAtRisk.isEmpty, !settings.times.isEmpty else { return [] }
        return [ReminderRule(entity: Self.entity, id: "daily", schedule: try .daily(at: settings.times))]
    }

    public func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        let games = gamesAtRisk
        let names = games.map(\.name)
        let body = switch names.count {
        case 0: "Keep your streaks going."
        case 1: "\(names[0]) is at risk: play before midnight to keep your streak."
        default: "\(names.dropLast().joined(separator: ", ")) and \(names.last!) are at risk."
        }
        return NotificationContent(
            title: "Streaks at risk", body: body, categoryIdentifier: StreakCategories.streakReminder.identifier,
            userInfo: ["games": .array(games.map { .string($0.id) })])
    }
}
