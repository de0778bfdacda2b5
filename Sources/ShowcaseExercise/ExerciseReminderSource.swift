import Herald
import Synchronization

/// The exercise app's side of Herald planning: the user's ``ExercisePlan`` as one rule,
/// and the reminder's words, a gentler nudge for a follow-up.
///
/// ```swift
/// let source = ExerciseReminderSource(plan: ExercisePlan(everyMinutes: 30, from: LocalTime(hour: 9),
///                                                         to: LocalTime(hour: 17)))
/// let engine = Engine(center: center, source: source, clock: clock, categories: ExerciseCategories.registry)
/// ```
public final class ExerciseReminderSource: ReminderSource {
    private let storedPlan: Mutex<ExercisePlan?>

    /// - Parameter plan: The breaks, or `nil` when the user turned them off.
    public init(plan: ExercisePlan?) {
        storedPlan = Mutex(plan)
    }

    public var plan: ExercisePlan? {
        get { storedPlan.withLock { $0 } }
        set { storedPlan.withLock { $0 = newValue } }
    }

    public func reminderRules() async throws -> [ReminderRule] {
        try plan.map { [try $0.reminderRule()] } ?? []
    }

    public func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        let body = switch reminder.kind {
        case .followUp: "Still sitting? A two-minute stretch is enough."
        case .snooze: "Five minutes are up: time to move."
        default: "Time for an exercise break."
        }
        return NotificationContent(title: "Stand up", body: body,
                                   categoryIdentifier: ExerciseCategories.reminder.identifier)
    }
}
