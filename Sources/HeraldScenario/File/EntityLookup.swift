import Herald

/// Resolves the entity names events use (`water`, or `habit/water` when ids repeat
/// across namespaces) against the entities that exist at that point of the scenario.
///
/// Every lookup and change costs the same however many entities there are (the names
/// are indexed), so parsing grows with the size of the file.
///
/// ```swift
/// var lookup = EntityLookup(scenario.entities.map(\.reference))
/// let water = try lookup.resolve(node)      // "water" or "habit/water"
/// lookup.remove([water])                    // a delete event
/// ```
struct EntityLookup {
    /// The entities that exist now, by id, each with the order in which it was added.
    private var byID: [String: [EntityReference: Int]] = [:]
    /// How many additions there have been: the order of the next one.
    private var additions = 0

    init(_ references: [EntityReference]) {
        for reference in references { insert(reference) }
    }

    /// Whether the entity exists at this point.
    func contains(_ reference: EntityReference) -> Bool {
        byID[reference.id]?[reference] != nil
    }

    /// Adds an entity at the end (an edit creates it, an import brings it); nothing
    /// when it exists.
    mutating func insert(_ reference: EntityReference) {
        guard !contains(reference) else { return }
        byID[reference.id, default: [:]][reference] = additions
        additions += 1
    }

    /// Removes entities (a delete event).
    mutating func remove(_ references: some Sequence<EntityReference>) {
        for reference in references {
            byID[reference.id]?[reference] = nil
            if byID[reference.id]?.isEmpty == true { byID[reference.id] = nil }
        }
    }

    /// Removes every entity of a namespace (an import replaces them): one pass over the
    /// ids, once per import.
    mutating func removeAll(inNamespace namespace: String) {
        for (id, references) in byID {
            let kept = references.filter { $0.key.namespace != namespace }
            byID[id] = kept.isEmpty ? nil : kept
        }
    }

    /// The entities that exist now, in the order they were added.
    var references: [EntityReference] {
        Self.inOrder(byID.values.flatMap { $0 })
    }

    private static func inOrder(_ entries: some Sequence<(key: EntityReference, value: Int)>) -> [EntityReference] {
        entries.sorted { $0.value < $1.value }.map(\.key)
    }

    func resolve(_ node: ScenarioNode) throws(ScenarioError) -> EntityReference {
        let text = try node.string("an entity id")
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        let matches: [EntityReference]
        if parts.count == 2 {
            let reference = EntityReference(namespace: parts[0], id: parts[1])
            matches = contains(reference) ? [reference] : []
        } else {
            matches = Self.inOrder(byID[text] ?? [:])
        }
        switch matches.count {
        case 1:
            return matches[0]
        case 0:
            let known = references.map { $0.namespace == ScenarioEntity.defaultNamespace ? $0.id : $0.description }
            let list = known.isEmpty ? "there are none" : "known: \(known.joined(separator: ", "))"
            throw node.error(.unknownEntity, "no entity \(InputExcerpt(text, quote: "\"")) at this point of the scenario (\(list))")
        default:
            throw node.error(.unknownEntity, "\(InputExcerpt(text, quote: "\"")) is ambiguous (write namespace/id: \(matches.map(\.description).joined(separator: " or ")))")
        }
    }
}
