/// Names one of the app's entities (a habit, a goal, a game): the thing reminders
/// belong to and that taps route back to.
///
/// ```swift
/// let habit = EntityReference(namespace: "habit", id: "7F3A-water")
/// ```
public struct EntityReference: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    /// The kind of entity, chosen by the app (`habit`, `goal`, `game`).
    public var namespace: String
    /// The entity's identifier within its namespace.
    public var id: String

    public init(namespace: String, id: String) {
        self.namespace = namespace
        self.id = id
    }

    public static func < (lhs: EntityReference, rhs: EntityReference) -> Bool {
        (lhs.namespace, lhs.id) < (rhs.namespace, rhs.id)
    }

    public var description: String { "\(namespace)/\(id)" }
}
