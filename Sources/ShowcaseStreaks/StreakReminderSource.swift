import Foundation
import Herald
import Synchronization

/// The streak app's side of Herald planning: one daily streak reminder whose content
/// lists the games at risk (an active streak, not yet played today), worked out again
/// at every plan; no reminder while nothing is at risk or reminders are off.
///
/// Because Herald asks at every plan, and plans at every day change, the reminder for a
/// new day always lists that day's games (seed 003, issues 1 and 4).
///
/// ```swift
/// let source = StreakReminderSource(clock: clock, games: [TrackedGame(game: wordle, streak: 4, lastPlayed: yesterday)])
/// source.recordResult(wordle.id, at: now)   // no longer at risk today
/// ```
public final class StreakReminderSource: ReminderSource {
    /// The Herald entity of the daily streak reminder.
    public static let entity = EntityReference(namespace: "streak", id: "daily")

    private struct Data {
        /// In the order the app lists them (the reminder names them in that order).
        var games: [TrackedGame]
        var settings: StreakSettings
        var playHistory: [Date] = []
    }

    private let data: Mutex<Data>
    private let clock: any DeviceClock

    public init(clock: any DeviceClock, games: [TrackedGame], settings: StreakSettings = StreakSettings()) {
        self.clock = clock
        data = Mutex(Data(games: games, settings: settings))
    }

    /// A source whose `gamesAtRisk` have a streak that is alive today: played yesterday.
    public convenience init(clock: any DeviceClock, times: [LocalTime], gamesAtRisk: [Game]) {
        let yesterday = ZoneConverter.for(clock.timeZone).local(for: clock.now).date.adding(days: -1)
        self.init(clock: clock, games: gamesAtRisk.map { TrackedGame(game: $0, streak: 1, lastPlayed: yesterday) },
                  settings: StreakSettings(reminderTime: times.first ?? LocalTime(hour: 19)))
        extraTimes = Array(times.dropFirst())
    }

    /// Further daily times beside the settings' one (tests remind twice a day).
    private var extraTimes: [LocalTime] {
        get { extra.withLock { $0 } }
        set { extra.withLock { $0 = newValue } }
    }
    private let extra = Mutex<[LocalTime]>([])

    public var settings: StreakSettings {
        get { data.withLock { $0.settings } }
        set { data.withLock { $0.settings = newValue } }
    }

    /// When the user played, for smart timing.
    public var playHistory: [Date] { data.withLock { $0.playHistory } }

    /// The games at risk now, in the app's order.
    public var gamesAtRisk: [Game] {
        let today = ZoneConverter.for(clock.timeZone).local(for: clock.now).date
        return data.withLock { $0.games.filter { $0.isAtRisk(on: today) }.map(\.game) }
    }

    /// The user played a game at `date`: its streak grows and it is no longer at risk today.
    public func recordResult(_ gameID: String, at date: Date) {
        let day = ZoneConverter.for(clock.timeZone).local(for: date).date
        data.withLock { data in
            if let index = data.games.firstIndex(where: { $0.game.id == gameID }) { data.games[index].play(on: day) }
            data.playHistory.append(date)
        }
    }

    public func reminderRules() async throws -> [ReminderRule] {
        let settings = settings
        guard settings.remindersEnabled, !gamesAtRisk.isEmpty else { return [] }
        // A nudge, not an emergency: active, so the scheduled summary and a Focus hold it.
        return [try ReminderRule(entity: Self.entity, id: "daily",
                             schedule: try .daily(at: [settings.reminderTime] + extraTimes)).urgent(.active)]
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
