import Herald
import HeraldSimulator

extension ScenarioParser {
    static let postKeys = ["entity", "name", "token", "title", "body", "category"]
    /// The most requests one `foreign` event adds: the center's capacity.
    static let foreignLimit = 64

    /// Parses a lifecycle, permission, user or post event.
    func deviceEvent(_ kind: String, _ value: ScenarioNode, at: LocalDateTime, catalog: inout TargetCatalog,
                     context: RuleContext) throws(ScenarioError) -> ScenarioEvent.Action {
        switch kind {
        case "launch":
            if value.isNull { return .launch(.foreground) }
            let state = try choice(value, "the state to launch into", [("foreground", AppState.foreground),
                                                                       ("background", .background)])
            return .launch(state)
        case "background": try noValue(value, kind); return .background
        case "foreground": try noValue(value, kind); return .foreground
        case "terminate": try noValue(value, kind); return .terminate
        case "crash": try noValue(value, kind); return .crash
        case "force_quit": try noValue(value, kind); return .forceQuit
        case "ready": try noValue(value, kind); return .ready
        case "refresh": try noValue(value, kind); return .refresh
        case "foreign":
            return .foreign(count: try value.int("a number of requests", in: 1...ScenarioParser.foreignLimit))
        case "authorize":
            return .authorize(granted: try choice(value, "the user's answer", [("granted", true), ("denied", false)]))
        case "summary":
            if (try? value.string("")) == "off" { return .summary(nil) }
            let times = try value.times()
            guard !times.isEmpty else { throw value.error(.invalidValue, "a scheduled summary needs at least one time (or off)") }
            return .summary(times)
        case "focus":
            if (try? value.string("")) == "off" { return .focus(until: nil, timeOnly: false) }
            let mapping = try value.mapping("a Focus ({until: \"22:00\"} or off)", allowed: ["until"])
            let node = try mapping.required("until", "when the Focus ends: a time such as \"22:00\" or a date-time")
            if let time = try? node.time() { return .focus(until: LocalDateTime(date: at.date, time: time), timeOnly: true) }
            let until = try node.dateTime()
            guard until > at else {
                throw node.error(.invalidValue, "a Focus until \(until) would end before it starts (\(at)): "
                                 + "give a later date-time, a time such as \"22:00\" (its next), or focus: off")
            }
            return .focus(until: until, timeOnly: false)
        case "settings":
            if case .mapping = value.node {
                if let alarms = try alarmSettingsEvent(value) { return alarms }
                return .notificationSettings(try notificationSettings(value))
            }
            return .settings(try choice(value, "a permission in Settings", [
                ("authorized", AuthorizationStatus.authorized), ("denied", .denied), ("provisional", .provisional),
            ]))
        case "tap":
            return .tap(try catalog.target(value))
        case "dismiss":
            return .dismiss(try catalog.target(value))
        case "alarm":
            return try alarmPress(value, catalog: catalog)
        case "clear":
            if (try? value.string("")) == "all" { return .clear(nil) }
            return .clear(try catalog.target(value))
        case "action":
            let mapping = try value.mapping("an action ({on, id})", allowed: ["on", "id"])
            let target = try catalog.target(try mapping.required("on", "the notification: an entity, entity/rule or identifier"))
            let idNode = try mapping.required("id", "the action's id")
            let id = try idNode.string("an action id")
            let action = try catalog.action(id, on: target, idNode)
            if action.kind.isText {
                throw idNode.error(.unknownAction, "the action \(InputExcerpt(id, quote: "\"")) asks for text (use text: {on, action, text})")
            }
            return .action(target, id: id)
        case "text":
            let mapping = try value.mapping("typed text ({on, action, text})", allowed: ["on", "action", "text"])
            let target = try catalog.target(try mapping.required("on", "the notification: an entity, entity/rule or identifier"))
            let idNode = try mapping.required("action", "the text action's id")
            let id = try idNode.string("an action id")
            let action = try catalog.action(id, on: target, idNode)
            guard action.kind.isText else {
                throw idNode.error(.unknownAction, "the action \(InputExcerpt(id, quote: "\"")) is \(action.kind), not a text action (use action: {on, id})")
            }
            let text = try mapping.required("text", "what the user types").string("text")
            return .text(target, action: id, text: text)
        default:  // post
            let post = try self.post(value, at: at, categories: context.categories)
            catalog.add(post)
            return .post(post)
        }
    }

    /// Events like `terminate` take no value: `{at: ..., terminate}` or `terminate: true`.
    func noValue(_ node: ScenarioNode, _ kind: String) throws(ScenarioError) {
        guard node.isNull || (try? node.string("")) == "true" else {
            throw node.error(.invalidValue, "\(kind) takes no value (write {at: ..., \(kind)})")
        }
    }

    private func post(_ node: ScenarioNode, at: LocalDateTime,
                      categories: [ScenarioCategory]) throws(ScenarioError) -> ScenarioPost {
        let mapping = try node.mapping("a posted notification", allowed: Self.postKeys)
        let entityNode = try mapping.required("entity", "what it is about, such as achievement/first-week")
        let text = try entityNode.string("an entity")
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard (1...2).contains(parts.count), !parts.contains(where: \.isEmpty) else {
            throw entityNode.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not an entity (expected id or namespace/id)")
        }
        let entity = parts.count == 2 ? EntityReference(namespace: parts[0], id: parts[1])
            : EntityReference(namespace: ScenarioPost.defaultNamespace, id: parts[0])
        let name = try mapping["name"]?.identifier("an event name") ?? "posted"
        let token = try mapping["token"]?.identifier("a token") ?? at.compactDescription
        let title = try mapping.required("title", "the notification's title").string("a title")
        let body = try mapping["body"]?.string("a body") ?? ""
        let category = try mapping["category"].map { node throws(ScenarioError) in
            try self.categoryReference(node, in: categories)
        }
        let post = ScenarioPost(entity: entity, name: name, token: token, title: title, body: body, category: category)
        try Self.checkDeclarations(node) { () throws(DeclarationError) in _ = try post.immediateEvent() }
        return post
    }
}

/// What user events can name: every entity the scenario has had by that point (deleted
/// ones too: their notifications can still be in the list), its rules and their
/// categories, and posted notifications.
struct TargetCatalog {
    /// Entities in the order they appeared, with each rule's category.
    private(set) var entities: [(reference: EntityReference, rules: [(id: String, category: String?)])] = []
    /// Where each entity is in ``entities``, and the positions of each id's entities:
    /// lookups cost the same however many entities there are.
    private var positions: [EntityReference: Int] = [:]
    private var positionsByID: [String: [Int]] = [:]
    let categories: [ScenarioCategory]
    /// The routes started by this point, by id, with the ids of their waypoints (of
    /// every session of the route: an earlier one's spots can still be in the list).
    var routes: [String: [String]] = [:]

    init(entities: [ScenarioEntity], categories: [ScenarioCategory]) {
        self.categories = categories
        for entity in entities { add(entity.reference, rules: entity.rules) }
    }

    mutating func add(_ edit: ScenarioEntityEdit) {
        add(edit.entity, rules: edit.rules ?? [])
    }

    mutating func add(_ imported: [ScenarioEntity]) {
        for entity in imported { add(entity.reference, rules: entity.rules) }
    }

    mutating func add(_ post: ScenarioPost) {
        add(post.entity, rules: [(post.name, post.category)])
    }

    private mutating func add(_ reference: EntityReference, rules: [ScenarioRule]) {
        add(reference, rules: rules.map { ($0.id, $0.category) })
    }

    mutating func add(_ reference: EntityReference, rules: [(id: String, category: String?)]) {
        if let index = positions[reference] {
            // A rule saved again moves to the end, with its new category.
            let saved = Set(rules.map(\.id))
            entities[index].rules.removeAll { saved.contains($0.id) }
            entities[index].rules += rules
        } else {
            positions[reference] = entities.count
            positionsByID[reference.id, default: []].append(entities.count)
            entities.append((reference, rules))
        }
    }

    /// `id`, `namespace/id`, `id/rule`, `namespace/id/rule`, or a full identifier.
    /// Or `{route, waypoint}`: a spot notification (``routeTarget(_:)``).
    func target(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioTarget {
        if case .mapping = node.node { return try waypointTarget(node) }
        let text = try node.string("a notification (an entity, entity/rule, identifier or {route, waypoint})")
        if text.hasPrefix(NotificationIdentifier.scheme + ":") {
            guard NotificationIdentifier(parsing: text) != nil else {
                throw node.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a Herald identifier (expected herald:<kind>:<namespace>:<id>:<rule>:<occurrence>)")
            }
            return .identifier(text)
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var candidates: [ScenarioTarget] = []
        /// The entities with this id, in the order they appeared.
        func withID(_ id: String) -> [(reference: EntityReference, rules: [(id: String, category: String?)])] {
            (positionsByID[id] ?? []).map { entities[$0] }
        }
        switch parts.count {
        case 1:
            candidates = withID(text).map { .entity($0.reference, rule: nil) }
        case 2:
            candidates = withID(parts[1]).filter { $0.reference.namespace == parts[0] }
                .map { .entity($0.reference, rule: nil) }
            candidates += withID(parts[0]).filter { $0.rules.contains { $0.id == parts[1] } }
                .map { .entity($0.reference, rule: parts[1]) }
        case 3:
            candidates = withID(parts[1]).filter {
                $0.reference.namespace == parts[0] && $0.rules.contains { $0.id == parts[2] }
            }.map { .entity($0.reference, rule: parts[2]) }
        default:
            break
        }
        switch candidates.count {
        case 1:
            return candidates[0]
        case 0:
            if parts.count == 2, parts[0] == RouteSession.namespace { throw unknownRoute(parts[1], node) }
            let known = entities.map(\.reference.description)
            let list = known.isEmpty ? "there are none" : "known: \(known.joined(separator: ", "))"
            throw node.error(.unknownEntity, "no entity or rule \(InputExcerpt(text, quote: "\"")) by this point of the scenario (\(list); write id, namespace/id, id/rule or a herald: identifier)")
        default:
            throw node.error(.unknownEntity, "\(InputExcerpt(text, quote: "\"")) is ambiguous (write one of \(candidates.map(\.description).joined(separator: " or ")))")
        }
    }

    /// The action `id` of the categories the target's notifications can carry.
    func action(_ id: String, on target: ScenarioTarget, _ node: ScenarioNode) throws(ScenarioError) -> ScenarioCategoryAction {
        // A group carries Herald's own category ("Done all") unless the file declares one under its name.
        if case .identifier(let text) = target, NotificationIdentifier(parsing: text)?.kind == .group,
           !categories.contains(where: { $0.id == ReminderCategory.group.identifier }) {
            guard id == ReminderCategory.doneAllActionIdentifier else {
                throw node.error(.unknownAction, "no action \(InputExcerpt(id, quote: "\"")) on a group (its category \(ReminderCategory.group.identifier) has \(ReminderCategory.doneAllActionIdentifier))")
            }
            return ScenarioCategoryAction(id: id, title: "Done all", kind: .complete)
        }
        let names = categoryIDs(of: target)
        let candidates = categories.filter { names.contains($0.id) }
        if let action = candidates.lazy.compactMap({ $0.action(id) }).first { return action }
        guard !candidates.isEmpty else {
            throw node.error(.unknownAction, "the notifications of \(target) have no category, so no action \(InputExcerpt(id, quote: "\"")) (give the rule a category)")
        }
        let offered = candidates.flatMap { $0.actions.map(\.id) }
        throw node.error(.unknownAction, "no action \(InputExcerpt(id, quote: "\"")) in the category of \(target) (\(candidates.map(\.id).joined(separator: ", ")) has \(offered.isEmpty ? "no actions" : offered.joined(separator: ", ")))")
    }

    /// The button an alarm of `target` shows besides stop, `button` (`snooze` or an
    /// action's id): an alarm shows its category's first action only, so any other is
    /// refused here, where the file says it, rather than when the run reaches it.
    func alarmButton(_ button: String, on target: ScenarioTarget, _ node: ScenarioNode) throws(ScenarioError) {
        let names = categoryIDs(of: target)
        let firsts = categories.filter { names.contains($0.id) }.compactMap(\.actions.first)
        let offered = firsts.map { if case .snooze = $0.kind { "snooze" } else { $0.id } }
        guard !offered.contains(button) else { return }
        if button != "snooze" { _ = try action(button, on: target, node) }
        let shown = offered.isEmpty ? "only stop (its category has no action)" : "stop and \(offered.joined(separator: " or "))"
        throw node.error(.unknownAction, "an alarm of \(target) shows \(shown): an alarm shows its category's first action only, so no \(InputExcerpt(button, quote: "\"")) button")
    }

    /// The categories the target's notifications may carry.
    private func categoryIDs(of target: ScenarioTarget) -> Set<String> {
        let entity: EntityReference
        let rule: String?
        switch target {
        case .entity(let reference, let name):
            entity = reference
            rule = name
        case .identifier(let text):
            guard let identifier = NotificationIdentifier(parsing: text) else { return [] }
            entity = identifier.entity
            rule = identifier.rule
        case .waypoint(let route, _):
            entity = EntityReference(namespace: RouteSession.namespace, id: route)
            rule = RouteSessionState.spotRule
        }
        guard let known = positions[entity].map({ entities[$0] }) else {
            return Set(categories.map(\.id))
        }
        return Set(known.rules.filter { rule == nil || $0.id == rule }.compactMap(\.category))
    }
}
