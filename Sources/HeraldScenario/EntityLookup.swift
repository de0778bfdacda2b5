import Herald

/// Resolves the entity names events use (`water`, or `habit/water` when ids repeat
/// across namespaces) against the entities that exist at that point of the scenario.
struct EntityLookup {
    var references: [EntityReference]

    init(_ references: [EntityReference]) {
        self.references = references
    }

    func resolve(_ node: ScenarioNode) throws(ScenarioError) -> EntityReference {
        let text = try node.string("an entity id")
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        let matches = parts.count == 2
            ? references.filter { $0.namespace == parts[0] && $0.id == parts[1] }
            : references.filter { $0.id == text }
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
