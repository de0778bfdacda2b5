import Herald

/// A goal the user tracks: a title, whether it is active, the questions its data entry
/// asks, and the local time of its daily reminder.
///
/// Each goal is one Herald entity (namespace ``namespace``) with one reminder rule; its
/// reminder asks the goal's first question, named in the notification's payload.
///
/// ```swift
/// let workout = Goal(id: "workout", title: "Morning Workout",
///                    questions: [Goal.Question(id: "minutes", prompt: "How many minutes?")],
///                    reminderTime: LocalTime(hour: 7))
/// workout.entity      // goal/workout
/// ```
public struct Goal: Hashable, Sendable, Identifiable {
    /// One question of a goal's data entry.
    public struct Question: Hashable, Sendable, Identifiable {
        public var id: String
        public var prompt: String

        public init(id: String, prompt: String) {
            self.id = id
            self.prompt = prompt
        }
    }

    /// The Herald namespace of goals.
    public static let namespace = "goal"
    /// The `userInfo` key under which a reminder names the question it asks.
    public static let questionKey = "questionID"

    public var id: String
    public var title: String
    /// A paused goal keeps its data but gets no reminders.
    public var isActive: Bool
    public var questions: [Question]
    public var reminderTime: LocalTime

    public init(id: String, title: String, isActive: Bool = true, questions: [Question] = [],
                reminderTime: LocalTime = LocalTime(hour: 9)) {
        self.id = id
        self.title = title
        self.isActive = isActive
        self.questions = questions
        self.reminderTime = reminderTime
    }

    public var entity: EntityReference { EntityReference(namespace: Self.namespace, id: id) }

    /// The goal's daily reminder rule.
    public func reminderRule() throws -> ReminderRule {
        try ReminderRule(entity: entity, id: "daily", schedule: try .daily(at: [reminderTime]))
    }

    /// The question a reminder asks: the first one.
    public var reminderQuestion: Question? { questions.first }
}
