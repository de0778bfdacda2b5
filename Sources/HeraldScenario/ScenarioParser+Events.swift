import Herald
import HeraldSimulator

extension ScenarioParser {
    static let dataEventKinds = ["complete", "pause", "resume", "delete", "edit", "import"]
    static let deviceEventKinds = ["launch", "background", "foreground", "terminate", "crash", "ready", "authorize",
                                   "settings", "tap", "action", "text", "dismiss", "clear", "post"]
    static let eventKinds = dataEventKinds + deviceEventKinds
    static let eventKeys = ["at"] + eventKinds + ["day"]
    static let editKeys = ["id", "namespace", "title", "rules"]

    /// Parses the events, checking that they are in time order inside the run, that
    /// every entity they name exists at that point (edits create, deletes and imports
    /// remove), and that user events name notifications and actions that can exist.
    func events(_ node: ScenarioNode, entities: [ScenarioEntity], start: LocalDateTime, end: LocalDateTime,
                context: RuleContext) throws(ScenarioError) -> [ScenarioEvent] {
        var lookup = EntityLookup(entities.map(\.reference))
        var catalog = TargetCatalog(entities: entities, categories: context.categories)
        var previous = start
        var result: [ScenarioEvent] = []
        for item in try node.sequence("events ({at, complete|pause|...|tap|action|...})") {
            let mapping = try item.mapping("an event", allowed: Self.eventKeys)
            let atNode = try mapping.required("at", "the local date-time the event happens")
            let at = try atNode.dateTime()
            guard at >= start else {
                throw atNode.error(.outOfOrder, "\(at) is before the start \(start)")
            }
            guard at >= previous else {
                throw atNode.error(.outOfOrder, "\(at) is before the previous event at \(previous) (events must be in time order)")
            }
            guard at < end else {
                throw atNode.error(.outOfOrder, "\(at) is not before the end of the run at \(end) (raise days to play it)")
            }
            previous = at
            let (kind, value) = try mapping.exactlyOne(of: Self.eventKinds, "an event")
            if let day = mapping["day"], kind != "complete" {
                throw day.error(.unknownKey, "\"day\" only goes with complete")
            }
            let action: ScenarioEvent.Action
            switch kind {
            case "complete":
                action = .complete(try lookup.resolve(value), day: try mapping["day"]?.date())
            case "pause":
                action = .pause(try lookup.resolve(value))
            case "resume":
                action = .resume(try lookup.resolve(value))
            case "delete":
                var deleted: [EntityReference] = []
                for entry in try value.sequence("entity ids", allowsScalar: true) {
                    deleted.append(try lookup.resolve(entry))
                }
                lookup.references.removeAll { deleted.contains($0) }
                action = .delete(deleted)
            case "edit":
                let edit = try self.edit(value, context: context)
                if !lookup.references.contains(edit.entity) { lookup.references.append(edit.entity) }
                catalog.add(edit)
                action = .edit(edit)
            case "import":
                let imported = try self.entities(value, context: context)
                let namespace = imported.first?.namespace ?? ScenarioEntity.defaultNamespace
                if let stranger = imported.firstIndex(where: { $0.namespace != namespace }) {
                    let entry = try value.sequence("entities")[stranger]
                    throw entry.error(.invalidValue, "an import replaces one namespace, but this entity is in \"\(imported[stranger].namespace)\" and the first in \"\(namespace)\"")
                }
                lookup.references.removeAll { $0.namespace == namespace }
                lookup.references += imported.map(\.reference)
                catalog.add(imported)
                action = .import(namespace: namespace, entities: imported)
            default:
                action = try deviceEvent(kind, value, at: at, catalog: &catalog, context: context)
            }
            let location = ScenarioLocation(file: value.file, line: value.line, column: value.column, field: value.path)
            result.append(ScenarioEvent(at: at, action: action, location: location))
        }
        return result
    }

    private func edit(_ node: ScenarioNode, context: RuleContext) throws(ScenarioError) -> ScenarioEntityEdit {
        let mapping = try node.mapping("an edit", allowed: Self.editKeys)
        let id = try mapping.required("id", "the id of the entity saved").identifier("an entity id")
        let namespace = try mapping["namespace"]?.identifier("a namespace") ?? ScenarioEntity.defaultNamespace
        let title = try mapping["title"]?.string("a title")
        let rules = try mapping["rules"].map { node throws(ScenarioError) in try self.rules(node, context: context) }
        return ScenarioEntityEdit(entity: EntityReference(namespace: namespace, id: id), title: title, rules: rules)
    }
}
