import Foundation
import Herald
import Synchronization

/// The showcase habit app's data and its side of Herald: every active habit's reminder
/// times become one daily rule (an alarm, else time-sensitive, for a habit that must
/// not be missed), and content is chosen per habit, rich (streak and
/// category) or tailored to the user's personality when a recent analysis exists.
///
/// This is seed 004's `DailyNotificationSchedulerService` rebuilt as a declaration:
/// creating, editing and launching all go through Herald's one planner.
///
/// ```swift
/// let habits = HabitReminderSource(clock: clock)
/// habits.save(Habit(id: "water", name: "Drink water", category: "Health",
///                   reminderTimes: [LocalTime(hour: 9)]))
/// let engine = Engine(center: center, source: habits, clock: clock)
/// ```
public final class HabitReminderSource: ReminderSource {
    private struct Data {
        var habits: [String: Habit] = [:]
        var streaks: [String: Int] = [:]
        var profile: PersonalityProfile?
    }

    private let data = Mutex(Data())
    private let clock: any DeviceClock

    public init(clock: any DeviceClock) {
        self.clock = clock
    }

    // MARK: The app's data

    public func save(_ habit: Habit) { data.withLock { $0.habits[habit.id] = habit } }
    public func remove(_ id: String) { data.withLock { $0.habits[id] = nil } }
    public func replaceAll(with habits: [Habit]) {
        data.withLock { $0.habits = Dictionary(uniqueKeysWithValues: habits.map { ($0.id, $0) }) }
    }
    public func setStreak(_ days: Int, for id: String) { data.withLock { $0.streaks[id] = days } }
    public func setProfile(_ profile: PersonalityProfile?) { data.withLock { $0.profile = profile } }
    public func habit(_ id: String) -> Habit? { data.withLock { $0.habits[id] } }
    public var habits: [Habit] { data.withLock { Array($0.habits.values) } }

    // MARK: ReminderSource

    public func reminderRules() async throws -> [ReminderRule] {
        try data.withLock { data in
            let active = data.habits.values.filter(\.isActive)
            let timed = try active.filter { !$0.reminderTimes.isEmpty }.map { habit in
                let rule = try ReminderRule(entity: habit.entity, id: "daily", schedule: try .daily(at: habit.reminderTimes))
                return habit.mustNotMiss ? try rule.urgent(.alarm, fallback: [.timeSensitive]) : rule
            }
            let located = try active.compactMap { habit in
                try habit.place.map { try ReminderRule(entity: habit.entity, id: "arrive", location: LocationTrigger(region: $0)) }
            }
            return timed + located
        }
    }

    public func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        let (habit, streak, profile) = data.withLock { data in
            (data.habits[reminder.rule.entity.id], data.streaks[reminder.rule.entity.id] ?? 0, data.profile)
        }
        guard let habit else { throw HabitNotFound(id: reminder.rule.entity.id) }
        if reminder.kind == .location, let place = habit.place {
            return NotificationContent(
                title: habit.name, body: "You're at \(place.identifier): time for \(habit.name.lowercased())",
                categoryIdentifier: "habit.reminder", threadIdentifier: habit.id, userInfo: ["style": "location"])
        }
        if let profile, profile.isRecent(at: clock.now) {
            return NotificationContent(
                title: habit.name, body: Self.tailoredLine(for: profile.dominantTrait, habit: habit),
                categoryIdentifier: "habit.reminder", threadIdentifier: habit.id,
                userInfo: ["style": "tailored", "trait": .string(profile.dominantTrait.rawValue)])
        }
        return NotificationContent(
            title: habit.name, subtitle: habit.category,
            body: streak > 0 ? "Keep your \(streak)-day streak going" : "Start a streak today",
            categoryIdentifier: "habit.reminder", threadIdentifier: habit.id,
            userInfo: ["style": "rich", "streak": .number(Double(streak))])
    }

    static func tailoredLine(for trait: PersonalityProfile.Trait, habit: Habit) -> String {
        switch trait {
        case .achiever: "One more step toward your goal: \(habit.name.lowercased())"
        case .explorer: "Try something new with \(habit.name.lowercased()) today"
        case .socializer: "Your friends are on it too: \(habit.name.lowercased())"
        }
    }
}

/// The habit a reminder names no longer exists in the app's data.
public struct HabitNotFound: Error, Hashable, Sendable {
    public var id: String
}
