import Herald

/// A daily game whose streak the user keeps.
///
/// ```swift
/// let wordle = Game(id: "wordle", name: "Wordle")
/// wordle.entity   // game/wordle
/// ```
public struct Game: Hashable, Sendable, Identifiable {
    public static let namespace = "game"

    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    public var entity: EntityReference { EntityReference(namespace: Self.namespace, id: id) }
}
