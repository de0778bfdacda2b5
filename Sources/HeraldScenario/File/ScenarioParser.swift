import Foundation
import Herald
import HeraldSimulator
import Yams

/// Reads a scenario document with Yams' node API, so that every value keeps its line
/// and column, and turns each problem into a ``ScenarioError``.
struct ScenarioParser {
    let file: String

    static let documentKeys = ["name", "zone", "start", "days", "planner", "drop_rule", "denied_center", "categories", "authorization",
                               "settings", "app", "ready_after", "smart_timing", "location_updates", "location_deliveries",
                               "location_access", "force_quit_relaunch", "same_instant", "background_refresh", "entities", "delivered", "events"]
        + householdKeys + adaptiveDocumentKeys
    static let plannerKeys = ["reserve", "horizon_days", "badge", "repeating", "travel_prompt", "quiet_hours",
                              "group_within"]
    static let entityKeys = ["id", "namespace", "title", "status", "paused", "rules", "vacation"]
    static let deliveredKeys = ["entity", "rule", "at"]
    static let dropRules: [String: DropRule] = ["keep-soonest": .keepSoonest, "keep-most-recent": .keepMostRecentlyAdded]

    func parse(_ yaml: String) throws(ScenarioError) -> Scenario {
        // A UTF-8 byte order mark some editors write is not part of the document.
        let yaml = yaml.unicodeScalars.first == "\u{FEFF}" ? String(yaml.unicodeScalars.dropFirst()) : yaml
        let root = try compose(yaml)
        let document = try root.mapping("a scenario", allowed: Self.documentKeys)
        let name = try document.required("name", "the scenario's name").string("a name")
        let zone = try document.required("zone", "the device's IANA time zone, such as Europe/Berlin").zone()
        let start = try document.required("start", "the local date-time the run starts, such as 2026-11-21T08:00")
            .dateTime()
        let days = try document["days"]?.int("a number of days", in: 1...Scenario.maximumDays) ?? 1
        let end = LocalDateTime(date: start.date.adding(days: days), time: start.time)
        if end.date.year > 9999 {
            let node = document["days"] ?? document["start"]!
            throw node.error(.invalidValue, "the run would end on \(end); dates need a year from 1 to 9999 (start earlier or play fewer days)")
        }
        let planner = try document["planner"].map { node throws(ScenarioError) in try plannerSettings(node) }
            ?? ScenarioPlannerSettings()
        var dropRule = DropRule.keepMostRecentlyAdded
        if let node = document["drop_rule"] {
            let text = try node.string("a drop rule")
            guard let rule = Self.dropRules[text] else {
                throw node.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a drop rule (expected keep-soonest or keep-most-recent)")
            }
            dropRule = rule
        }
        let deniedCenter = try mode(document["denied_center"], "a denied-center mode", fallback: DeniedCenter.empty)
        let categories = try document["categories"].map { node throws(ScenarioError) in try self.categories(node) } ?? []
        let authorization = try document["authorization"].map { node throws(ScenarioError) in
            try self.authorization(node)
        } ?? .authorized
        let app = try document["app"].map { node throws(ScenarioError) in try self.appState(node) } ?? .background
        let readiness = try document["ready_after"].map { node throws(ScenarioError) in try self.readiness(node) }
            ?? .after(0)
        let smartTiming = try document["smart_timing"]?.onOff("smart timing") ?? false
        let locationUpdates = try mode(document["location_updates"], "a way to hear positions",
                                       fallback: ScenarioLocationUpdates.positions)
        let forceQuitRelaunch = try mode(document["force_quit_relaunch"], "a force-quit relaunch mode",
                                         fallback: ForceQuitRelaunch.never)
        let locationDeliveries = try mode(document["location_deliveries"], "a way to list location deliveries",
                                          fallback: LocationDeliveries.hidden)
        let backgroundRefresh = try document["background_refresh"].map { node throws(ScenarioError) in
            try self.backgroundRefresh(node)
        } ?? .never
        let context = RuleContext(startDate: start.date, categories: categories)
        var entities: [ScenarioEntity] = []
        if let node = document["entities"] {
            entities = try self.entities(node, context: context)
        }
        let delivered = try document["delivered"].map { node throws(ScenarioError) in
            try deliveredNotifications(node, entities: entities, start: start)
        } ?? []
        let household = try self.household(document)
        let events = try document["events"].map { node throws(ScenarioError) in
            try self.events(node, entities: entities, zone: zone, start: start,
                            end: LocalDateTime(date: start.date.adding(days: days), time: start.time),
                            context: context, household: household)
        } ?? []
        var scenario = Scenario(name: name, zone: zone, start: start, days: days, planner: planner, dropRule: dropRule,
                                entities: entities, delivered: delivered, events: events, categories: categories,
                                authorization: authorization, app: app, readiness: readiness, smartTiming: smartTiming,
                                locationUpdates: locationUpdates, backgroundRefresh: backgroundRefresh, deniedCenter: deniedCenter,
                                forceQuitRelaunch: forceQuitRelaunch, locationDeliveries: locationDeliveries)
        scenario.household = household
        scenario.sameInstantOrder = try mode(document["same_instant"], "an order of same-instant events",
                                             fallback: SameInstantOrder.deliveriesFirst)
        if let settings = document["settings"] {
            scenario.notificationSettings = try notificationSettings(settings, extraKeys: Self.alarmSettingsKeys)
            scenario.alarms = try alarmSettings(settings)
        }
        // Events that change or use the alarm channel give the device one, unavailable
        // until an event turns it on.
        if scenario.alarms == nil, events.contains(where: \.action.concernsAlarms) { scenario.alarms = ScenarioAlarms() }
        scenario.locationAccess = try document["location_access"].map(locationAccess) ?? .always
        try adaptiveSettings(document, into: &scenario)
        return scenario
    }

    // MARK: Document

    /// A key naming one case of a string enum: its case, or `fallback` when the key is absent.
    private func mode<Mode>(_ node: ScenarioNode?, _ what: String, fallback: Mode) throws(ScenarioError) -> Mode
    where Mode: RawRepresentable & CaseIterable, Mode.RawValue == String {
        guard let node else { return fallback }
        return try choice(node, what, Mode.allCases.map { ($0.rawValue, $0) })
    }

    private func compose(_ yaml: String) throws(ScenarioError) -> ScenarioNode {
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch let error as YamlError {
            throw syntaxError(error)
        } catch {
            throw ScenarioError(code: .syntax, file: file, line: 0, column: 0, field: "", message: "\(error)")
        }
        guard let node else {
            throw ScenarioError(code: .missingKey, file: file, line: 0, column: 0, field: "",
                                message: "the file is empty (expected a scenario with name, zone, start, entities)")
        }
        try checkSize(node)
        return ScenarioNode(node: node, path: "", file: file)
    }

    /// Refuses a document of more than ``Scenario/maximumNodes`` nodes, aliases expanded,
    /// and stops counting there. The error points at the node that crosses the limit
    /// or, inside an alias's expansion, at the node that uses the alias (an anchor comes
    /// before its aliases in the text, so expanded nodes are those marked earlier than
    /// their parent).
    private func checkSize(_ root: Node) throws(ScenarioError) {
        var count = 0
        var stack: [(node: Node, mark: Mark?)] = [(root, root.mark)]
        while let (node, mark) = stack.popLast() {
            count += 1
            if count > Scenario.maximumNodes {
                throw ScenarioError(
                    code: .tooLarge, file: file, line: mark?.line ?? 0, column: mark?.column ?? 0, field: "",
                    message: "the file holds more than \(Scenario.maximumNodes) YAML nodes once its aliases are expanded (an alias counts its anchored node each time it is used); split the scenario or repeat fewer aliases")
            }
            func place(_ child: Node) -> (Node, Mark?) {
                guard let own = child.mark, let mark else { return (child, child.mark ?? mark) }
                return (child, (own.line, own.column) < (mark.line, mark.column) ? mark : own)
            }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    stack.append(place(value))
                    stack.append(place(key))
                }
            case .sequence(let sequence):
                stack.append(contentsOf: sequence.reversed().map(place))
            case .scalar, .alias:
                break
            }
        }
    }

    private func syntaxError(_ error: YamlError) -> ScenarioError {
        func make(_ mark: Mark?, _ problem: String) -> ScenarioError {
            ScenarioError(code: .syntax, file: file, line: mark?.line ?? 0, column: mark?.column ?? 0, field: "",
                          message: "not valid YAML: \(problem)")
        }
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\($0.text) (line \($0.mark.line)): " } ?? ""
            return make(mark, detail + problem)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return make(context.mark, "duplicated keys \(duplicates.joined(separator: ", "))")
        default:
            return make(nil, "\(error)")
        }
    }

    private func plannerSettings(_ node: ScenarioNode) throws(ScenarioError) -> ScenarioPlannerSettings {
        let mapping = try node.mapping("planner settings", allowed: Self.plannerKeys)
        var settings = ScenarioPlannerSettings()
        if let reserve = mapping["reserve"] { settings.reserve = try reserve.int("a reserve", in: 0...63) }
        if let horizon = mapping["horizon_days"] {
            settings.horizonDays = try horizon.int("a number of days", in: 1...366)
        }
        if let badge = mapping["badge"] {
            let text = try badge.string("a badge policy")
            guard let policy = ScenarioPlannerSettings.Badge(rawValue: text) else {
                throw badge.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a badge policy (expected outstanding or none)")
            }
            settings.badge = policy
        }
        if let repeating = mapping["repeating"] {
            let text = try repeating.string("a repeating-trigger policy")
            guard let policy = ScenarioPlannerSettings.Repeating(rawValue: text) else {
                throw repeating.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a repeating-trigger policy (expected exact, dropping_badges or never)")
            }
            settings.repeating = policy
        }
        if let prompt = mapping["travel_prompt"] { settings.travelPrompt = try prompt.onOff("the travel prompt switch") }
        if let quiet = mapping["quiet_hours"] { settings.quietHours = try quietHours(quiet) }
        if let within = mapping["group_within"] {
            settings.groupWithinMinutes = try within.int("minutes to group within", in: 0...1440)
        }
        return settings
    }

    /// `quiet_hours: {from: "22:00", to: "07:00"}`: two different times of day, and
    /// `defer_past_midnight: on` to defer every rule's reminders even past their day.
    private func quietHours(_ node: ScenarioNode) throws(ScenarioError) -> QuietHours {
        let mapping = try node.mapping("quiet hours ({from, to})",
                                       allowed: ["from", "to", "defer_past_midnight"])
        let from = try mapping.required("from", "when the quiet hours start").time()
        let toNode = try mapping.required("to", "when the quiet hours end")
        let to = try toNode.time()
        let keep = try mapping["defer_past_midnight"]?.onOff("the defer-past-midnight switch") ?? false
        do {
            var quietHours = try QuietHours(from: from, to: to)
            quietHours.defersPastMidnight = keep
            return quietHours
        } catch {
            throw toNode.error(.invalidValue, "the quiet hours start and end at \(from); give an end that differs from the start (22:00 to 07:00 crosses midnight)")
        }
    }

    // MARK: Entities

    func entities(_ node: ScenarioNode, context: RuleContext) throws(ScenarioError) -> [ScenarioEntity] {
        var result: [ScenarioEntity] = []
        var seen: Set<EntityReference> = []
        for item in try node.sequence("entities") {
            let entity = try self.entity(item, context: context)
            guard seen.insert(entity.reference).inserted else {
                throw item.error(.duplicate, "the entity \(entity.reference) is listed twice (ids must be unique in a namespace)")
            }
            result.append(entity)
        }
        return result
    }

    /// Runs Herald's own checks of what the file declares (identity parts, payload),
    /// and reports a refusal at `node`.
    static func checkDeclarations(_ node: ScenarioNode, _ body: () throws(DeclarationError) -> Void) throws(ScenarioError) {
        do {
            try body()
        } catch {
            throw node.error(.invalidValue, error.message)
        }
    }

    func entity(_ node: ScenarioNode, context: RuleContext) throws(ScenarioError) -> ScenarioEntity {
        let mapping = try node.mapping("an entity", allowed: Self.entityKeys)
        let id = try mapping.required("id", "the entity's id").identifier("an entity id")
        let namespace = try mapping["namespace"]?.identifier("a namespace") ?? ScenarioEntity.defaultNamespace
        let title = try mapping.required("title", "the entity's title").string("a title")
        var paused = try mapping["paused"]?.bool("paused") ?? false
        if let status = mapping["status"] {
            if mapping["paused"] != nil {
                throw status.error(.invalidValue, "give status or paused, not both")
            }
            switch try status.string("a status") {
            case "active": paused = false
            case "paused": paused = true
            case let text:
                throw status.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a status (expected active or paused; a deleted entity is one a delete or import event removed)")
            }
        }
        let rules = try mapping["rules"].map { node throws(ScenarioError) in try self.rules(node, context: context) } ?? []
        var entity = ScenarioEntity(id: id, namespace: namespace, title: title, paused: paused, rules: rules)
        entity.vacations = try mapping["vacation"].map { node throws(ScenarioError) in try vacations(node) }
        try Self.checkDeclarations(node) { () throws(DeclarationError) in _ = try entity.reminderRules() }
        return entity
    }

    // MARK: Delivered

    /// `delivered: [{entity, rule, at}, ...]`: notifications in the list at the start.
    private func deliveredNotifications(_ node: ScenarioNode, entities: [ScenarioEntity],
                                        start: LocalDateTime) throws(ScenarioError) -> [ScenarioDeliveredNotification] {
        let lookup = EntityLookup(entities.map(\.reference))
        let byReference = Dictionary(entities.map { ($0.reference, $0) }, uniquingKeysWith: { first, _ in first })
        var delivered: [ScenarioDeliveredNotification] = []
        for item in try node.sequence("delivered notifications ({entity, rule, at})") {
            delivered.append(try deliveredNotification(item, lookup: lookup, entities: byReference, start: start))
        }
        return delivered
    }

    private func deliveredNotification(_ node: ScenarioNode, lookup: EntityLookup, entities: [EntityReference: ScenarioEntity],
                                       start: LocalDateTime) throws(ScenarioError) -> ScenarioDeliveredNotification {
        let mapping = try node.mapping("a delivered notification", allowed: Self.deliveredKeys)
        let entityNode = try mapping.required("entity", "the id of the entity it reminded of")
        let reference = try lookup.resolve(entityNode)
        let ruleNode = try mapping.required("rule", "the id of the rule it came from")
        let rule = try ruleNode.string("a rule id")
        let entity = entities[reference]!
        guard entity.rules.contains(where: { $0.id == rule }) else {
            throw ruleNode.error(.unknownEntity, "\(reference) has no rule \(InputExcerpt(rule, quote: "\"")) (its rules: \(entity.rules.map(\.id).joined(separator: ", ")))")
        }
        let atNode = try mapping.required("at", "when it was delivered, before start")
        let at = try atNode.dateTime()
        guard at < start else {
            throw atNode.error(.outOfOrder, "\(at) is not before the start \(start) (delivered notifications are already there at the start)")
        }
        return ScenarioDeliveredNotification(entity: reference, rule: rule, at: at)
    }
}

extension ScenarioNode {
    /// A non-empty id without `/` (which separates namespace and id in references).
    func identifier(_ what: String) throws(ScenarioError) -> String {
        let text = try string(what)
        guard !text.isEmpty, !text.contains("/") else {
            throw error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not \(what) (expected a non-empty name without \"/\")")
        }
        return text
    }
}
