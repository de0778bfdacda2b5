import Herald

/// A habit in the showcase habit app (seed 004): a name, a category, the times of day
/// it reminds the user, the place that reminds it on arrival (if any), whether it is
/// active, and whether it must not be missed (a pill).
///
/// ```swift
/// let pills = Habit(id: "pills", name: "Blood pressure pill", category: "Health",
///                   reminderTimes: [LocalTime(hour: 20)], mustNotMiss: true)
/// ```
public struct Habit: Hashable, Sendable, Identifiable {
    public var id: String
    public var name: String
    public var category: String
    public var reminderTimes: [LocalTime]
    public var isActive: Bool
    /// Arriving here reminds the user once a day (a location reminder).
    public var place: LocationRegion?
    /// A habit the user must not miss, such as a pill: its timed reminders ring as
    /// alarms where the user allows the app's alarms (iOS 26 and later), else come
    /// time-sensitive, through a Focus and the scheduled summary, else as usual.
    public var mustNotMiss: Bool

    public init(id: String, name: String, category: String, reminderTimes: [LocalTime], isActive: Bool = true,
                place: LocationRegion? = nil, mustNotMiss: Bool = false) {
        self.place = place
        self.mustNotMiss = mustNotMiss
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
