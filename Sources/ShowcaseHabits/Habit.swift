import Herald

/// A habit in the showcase habit app (seed 004): a name, a category, the times of day
/// it reminds the user, and whether it is active.
public struct Habit: Hashable, Sendable, Identifiable {
    public var id: String
    public var name: String
    public var category: String
    public var reminderTimes: [LocalTime]
    public var isActive: Bool

    public init(id: String, name: String, category: String, reminderTimes: [LocalTime], isActive: Bool = true) {
        self.id = id
        self.name = name
        self.category = category
        self.reminderTimes = reminderTimes
        self.isActive = isActive
    }

    /// The entity Herald knows this habit as.
    public var entity: EntityReference { EntityReference(namespace: Habit.namespace, id: id) }

    public static let namespace = "habit"
}
