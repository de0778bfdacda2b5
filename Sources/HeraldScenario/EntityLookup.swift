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
    /// Every reference ever added, in the order it first appeared (for messages).
    private var order: [EntityReference] = []
    /// The references that exist now, by id.
    private var byID: [String: Set<EntityReference>] = [:]

    init(_ references: [EntityReference]) {
        for reference in references { insert(reference) }
    }

    /// Whether the entity exists at this point.
    func contains(_ reference: EntityReference) -> Bool {
        byID[reference.id]?.contains(reference) ?? false
    }

    /// Adds an entity (an edit creates it, an import brings it); nothing when it exists.
    mutating func insert(_ reference: EntityReference) {
        if byID[reference.id, default: []].insert(reference).inserted, !seen.contains(reference) {
            seen.insert(reference)
            order.append(reference)
        }
    }

    /// References ever added, to keep `order` free of repeats.
    private var seen: Set<EntityReference> = []

    /// Removes entities (a delete event).
    mutating func remove(_ references: some Sequence<EntityReference>) {
        for reference in references {
            byID[reference.id]?.remove(reference)
            if byID[reference.id]?.isEmpty == true { byID[reference.id] = nil }
        }
    }

    /// Removes every entity of a namespace (an import replaces them): one pass over the
    /// ids, once per import.
    mutating func removeAll(inNamespace namespace: String) {
        for (id, references) in byID {
            let kept = references.filter { $0.namespace != namespace }
            byID[id] = kept.isEmpty ? nil : kept
        }
    }

    /// The entities that exist now, in the order they first appeared.
    var references: [EntityReference] {
        order.filter(contains)
    }

    func resolve(_ node: ScenarioNode) throws(ScenarioError) -> EntityReference {
        let text = try node.string("an entity id")
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        let matches: [EntityReference]
        if parts.count == 2 {
            let reference = EntityReference(namespace: parts[0], id: parts[1])
            matches = contains(reference) ? [reference] : []
        } else {
            matches = (byID[text] ?? []).sorted { $0.description < $1.description }
        }
        switch matches.count {
        case 1:
            return matches[0]
        case 0:
            let known = references.map { $0.namespace == ScenarioEntity.defaultNamespace ? $0.id : $0.description }
            let list = known.isEmpty ? "there are none" : "known: \(known.joined(separator: ", "))"
            throw node.error(.unknownEntity, "no entity \"\(text)\" at this point of the scenario (\(list))")
        default:
            throw node.error(.unknownEntity, "\"\(text)\" is ambiguous (write namespace/id: \(matches.map(\.description).joined(separator: " or ")))")
        }
    }
}
