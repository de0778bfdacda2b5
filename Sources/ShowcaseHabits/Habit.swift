import Herald

/// A habit in the showcase habit app (seed 004): a name, a category, the times of day
/// it reminds the user, the place that reminds it on arrival (if any), and whether it
/// is active.
public struct Habit: Hashable, Sendable, Identifiable {
    public var id: String
    public var name: String
    public var category: String
    public var reminderTimes: [LocalTime]
    public var isActive: Bool
    /// Arriving here reminds the user once a day (a location reminder).
    public var place: LocationRegion?

    public init(id: String, name: String, category: String, reminderTimes: [LocalTime], isActive: Bool = true,
                place: LocationRegion? = nil) {
        self.place = place
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
