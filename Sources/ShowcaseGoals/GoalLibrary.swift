import Herald
import Synchronization

/// The goals of the running process, loaded from the ``GoalDatabase`` after launch,
/// and the app's side of Herald planning: one daily rule per active goal, whose content
/// names the question to ask.
///
/// Until the goals are loaded it has no answer: ``reminderRules()`` throws
/// `ReminderSourceNotReady` (so Herald keeps what is pending) and lookups find nothing.
///
/// ```swift
/// let library = GoalLibrary()
/// library.replaceAll(with: await database.fetchAll())
/// let engine = Engine(center: center, source: library, clock: clock)
/// ```
public final class GoalLibrary: ReminderSource {
    /// `nil` until loaded.
    private let goals = Mutex<[String: Goal]?>(nil)

    public init() {}

    /// Whether the goals have been loaded in this process.
    public var isLoaded: Bool { goals.withLock { $0 != nil } }

    /// The goal with this identifier, active or paused; `nil` when it does not exist or
    /// the goals are not loaded yet.
    public func goal(_ id: String) -> Goal? { goals.withLock { $0?[id] } }

    /// Every loaded goal, by identifier.
    public var all: [Goal] { goals.withLock { ($0?.values).map { $0.sorted { $0.id < $1.id } } ?? [] } }

    /// Loads (or replaces) every goal.
    public func replaceAll(with all: [Goal]) {
        goals.withLock { $0 = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last }) }
    }

    public func save(_ goal: Goal) { goals.withLock { $0?[goal.id] = goal } }

    public func remove(_ ids: some Sequence<String>) {
        goals.withLock { goals in
            for id in ids { goals?[id] = nil }
        }
    }

    // MARK: ReminderSource

    public func reminderRules() async throws -> [ReminderRule] {
        guard let loaded = goals.withLock({ $0 }) else { throw ReminderSourceNotReady() }
        return try loaded.values.filter(\.isActive).sorted { $0.id < $1.id }.map { try $0.reminderRule() }
    }

    public func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        guard let goal = goal(reminder.rule.entity.id) else { throw ReminderSourceNotReady() }
        let question = goal.reminderQuestion
        return NotificationContent(
            title: goal.title, body: question?.prompt ?? "Time to log \(goal.title)",
            categoryIdentifier: GoalTrackerApp.reminderCategory.identifier, threadIdentifier: goal.id,
            userInfo: question.map { [Goal.questionKey: .string($0.id)] } ?? [:])
    }
}
