import Foundation
import Herald
import HeraldSimulator

extension ScenarioParser {
    static let dataEventKinds = ["complete", "pause", "resume", "delete", "edit", "import", "reminders"]
    static let deviceEventKinds = ["launch", "background", "foreground", "terminate", "crash", "force_quit", "ready", "refresh",
                                   "authorize", "settings", "tap", "action", "text", "dismiss", "clear", "alarm", "post",
                                   "foreign", "summary", "focus"]
    static let timeEventKinds = ["zone", "clock", "travel_choice"]
    static let eventKinds = dataEventKinds + deviceEventKinds + timeEventKinds + locationEventKinds + householdEventKinds
        + adaptiveEventKinds
    static let eventKeys = ["at"] + eventKinds + ["day", "on"]
    static let editKeys = ["id", "namespace", "title", "rules"]
    static let completeKeys = ["entity", "at", "day"]
    static let remindersKeys = ["entity", "enabled"]

    /// Parses the events, checking that they are in time order inside the run (as the
    /// device's clock shows it: in the zone the device is in, continuing from the time
    /// a `clock` event set), that every entity they name exists at that point (edits
    /// create, deletes and imports remove), and that user events name notifications and
    /// actions that can exist.
    func events(_ node: ScenarioNode, entities: [ScenarioEntity], zone: TimeZone, start: LocalDateTime,
                end: LocalDateTime, context: RuleContext,
                household: ScenarioHousehold? = nil) throws(ScenarioError) -> [ScenarioEvent] {
        var user = household?.user ?? HouseholdUser()
        var lookup = EntityLookup(entities.map(\.reference))
        var catalog = TargetCatalog(entities: entities, categories: context.categories)
        var reading = EventInstants(zone: zone)
        let endInstant = reading.instant(of: end)
        // The earliest the next event can be, and what the device's clock showed then.
        var previous = (instant: reading.instant(of: start), local: start, zone: zone, what: "the start")
        var result: [ScenarioEvent] = []
        // How far clock events have set the clock back so far (that time plays again).
        var setBack: TimeInterval = 0
        for item in try node.sequence("events ({at, complete|pause|...|tap|action|...|zone|clock|travel_choice})") {
            let mapping = try item.mapping("an event", allowed: Self.eventKeys)
            let atNode = try mapping.required("at", "the local date-time the event happens")
            let at = try atNode.dateTime()
            let instant = reading.instant(of: at)
            guard instant >= previous.instant else {
                let order = previous.what == "the start" ? "" : " (events must be in time order, as the device's clock shows it)"
                let here = previous.zone == reading.zone ? ""
                    : " (\(reading.local(for: previous.instant)) in \(reading.zone.identifier))"
                throw atNode.error(.outOfOrder, "\(at) is before \(previous.what) at \(previous.local)\(here)\(order)")
            }
            guard instant < endInstant else {
                throw atNode.error(.outOfOrder, "\(at) is not before the end of the run at \(Self.describe(end, zone: zone, seenIn: reading)) (raise days to play it)")
            }
            previous = (instant, at, reading.zone, "the previous event")
            let (kind, value) = try mapping.exactlyOne(of: Self.eventKinds, "an event")
            if let day = mapping["day"], kind != "complete" {
                throw day.error(.unknownKey, "\"day\" only goes with complete")
            }
            let action: ScenarioEvent.Action
            switch kind {
            case "complete":
                action = try completion(value, dayNode: mapping["day"], eventAt: at, reading: reading, lookup: lookup)
            case "zone" where household != nil, "clock" where household != nil:
                throw value.error(.invalidValue, "\(kind) moves one device's clock, and a scenario of several devices plays them on one clock (play the travel on one device in a scenario of its own)")
            case "zone":
                action = .zone(try value.zone())
            case "clock":
                let time = try value.dateTime()
                guard reading.instant(of: time) < endInstant else {
                    throw value.error(.outOfOrder, "\(time) is not before the end of the run at \(Self.describe(end, zone: zone, seenIn: reading)) (raise days, or set the clock to an earlier time)")
                }
                let jump = max(0, instant.timeIntervalSince(reading.instant(of: time)))
                setBack += jump
                guard setBack <= Scenario.maximumClockSetBack else {
                    let days = Int(Scenario.maximumClockSetBack / 86_400)
                    let amount = jump == setBack ? Self.days(setBack) : "\(Self.days(setBack)) in all with the clock events before it"
                    throw value.error(.invalidValue, "\(time) sets the clock back \(amount), more than the \(days) days a scenario may (the time set back is played again); set it to a later time")
                }
                previous = (reading.instant(of: time), time, reading.zone, "the time the clock was set to")
                action = .clock(time)
            case "reminders":
                action = try remindersSwitch(value, lookup: lookup)
            case "user":
                guard let household else {
                    throw value.error(.invalidValue, "user says where the user is among their devices, and the scenario has one (list them: devices: [{id: phone, kind: iphone}, ...])")
                }
                if let on = mapping["on"] { throw on.error(.unknownKey, "a user event is about all the devices: drop on") }
                user = try self.user(value, members: household.members, from: user)
                action = .user(user)
            case "travel_choice":
                action = try travelChoice(value, catalog: catalog)
            case "pause", "resume", "delete", "edit", "import", "vacation", "end_vacation", "progress":
                action = try entityChange(kind, value, at: at, lookup: &lookup, catalog: &catalog, context: context)
            case _ where Self.locationEventKinds.contains(kind):
                action = try locationEvent(kind, value)
                if case .startRoute(let route) = action { catalog.add(route) }
            default:
                action = try deviceEvent(kind, value, at: at, catalog: &catalog, context: context)
            }
            let location = ScenarioLocation(file: value.file, line: value.line, column: value.column, field: value.path)
            let device = try eventDevice(mapping["on"], household: household)
            result.append(ScenarioEvent(at: at, action: action, location: location, device: device))
            reading.pass(action)
        }
        return result
    }

    /// A change of the app's entities (`pause`, `resume`, `delete`, `edit`, `import`),
    /// with the names and notifications it makes exist, or not, for the events after it;
    /// or of what the schedules that follow the user read (`vacation`, `end_vacation`,
    /// `progress`), on the local day of `at`.
    private func entityChange(_ kind: String, _ value: ScenarioNode, at: LocalDateTime, lookup: inout EntityLookup,
                              catalog: inout TargetCatalog, context: RuleContext) throws(ScenarioError)
        -> ScenarioEvent.Action {
        switch kind {
        case "vacation", "end_vacation", "progress":
            return try adaptiveEvent(kind, value, at: at, lookup: lookup)
        case "pause":
            return .pause(try lookup.resolve(value))
        case "resume":
            return .resume(try lookup.resolve(value))
        case "delete":
            var deleted: [EntityReference] = []
            for entry in try value.sequence("entity ids", allowsScalar: true) {
                deleted.append(try lookup.resolve(entry))
            }
            lookup.remove(deleted)
            return .delete(deleted)
        case "edit":
            let edit = try self.edit(value, context: context)
            lookup.insert(edit.entity)
            catalog.add(edit)
            return .edit(edit)
        case "import":
            let imported = try self.entities(value, context: context)
            let namespace = imported.first?.namespace ?? ScenarioEntity.defaultNamespace
            if let stranger = imported.firstIndex(where: { $0.namespace != namespace }) {
                let entry = try value.sequence("entities")[stranger]
                throw entry.error(.invalidValue, "an import replaces one namespace, but this entity is in \(InputExcerpt(imported[stranger].namespace, quote: "\"")) and the first in \(InputExcerpt(namespace, quote: "\""))")
            }
            lookup.removeAll(inNamespace: namespace)
            for entity in imported { lookup.insert(entity.reference) }
            catalog.add(imported)
            return .import(namespace: namespace, entities: imported)
        default:
            preconditionFailure("not an entity change: \(kind)")
        }
    }

    /// `complete: stretch` (with the event's `day`), or `complete: {entity, at, day}`
    /// for a completion done earlier than the event says it (smart timing's history).
    private func completion(_ value: ScenarioNode, dayNode: ScenarioNode?, eventAt: LocalDateTime,
                            reading: EventInstants, lookup: EntityLookup) throws(ScenarioError) -> ScenarioEvent.Action {
        guard case .mapping = value.node else {
            return .complete(try lookup.resolve(value), day: try dayNode?.date())
        }
        let mapping = try value.mapping("a completion ({entity, at, day})", allowed: Self.completeKeys)
        let entity = try lookup.resolve(try mapping.required("entity", "the entity completed"))
        if let dayNode, let inner = mapping["day"] {
            throw inner.error(.duplicate, "the day is given twice (also at line \(dayNode.line)); keep one")
        }
        let day = try (mapping["day"] ?? dayNode)?.date()
        var doneAt: LocalDateTime?
        if let atNode = mapping["at"] {
            let time = try atNode.dateTime()
            guard reading.instant(of: time) <= reading.instant(of: eventAt) else {
                throw atNode.error(.outOfOrder, "\(time) is after the event at \(eventAt) (a completion is recorded when it was done, not ahead)")
            }
            doneAt = time
        }
        return .complete(entity, day: day, at: doneAt)
    }

    /// `reminders: off` for the whole app, or `reminders: {entity: stretch, enabled: off}`.
    private func remindersSwitch(_ value: ScenarioNode, lookup: EntityLookup) throws(ScenarioError) -> ScenarioEvent.Action {
        guard case .mapping = value.node else {
            return .reminders(enabled: try value.onOff("the reminders switch"), entity: nil)
        }
        let mapping = try value.mapping("a reminders switch ({entity, enabled})", allowed: Self.remindersKeys)
        let entity = try lookup.resolve(try mapping.required("entity", "the entity whose reminders are switched"))
        let enabled = try mapping.required("enabled", "on or off").onOff("the reminders switch")
        return .reminders(enabled: enabled, entity: entity)
    }

    /// `400 days`, `2 days 3 h`: a span of seconds in words, for messages.
    static func days(_ seconds: TimeInterval) -> String {
        let hours = Int(seconds / 3_600)
        let (days, rest) = (hours / 24, hours % 24)
        return rest == 0 ? "\(days) days" : "\(days) days \(rest) h"
    }

    /// The end of the run as the device's clock shows it at this point of the events.
    private static func describe(_ end: LocalDateTime, zone: TimeZone, seenIn reading: EventInstants) -> String {
        guard reading.zone != zone else { return "\(end)" }
        return "\(end) in \(zone.identifier) (\(reading.local(for: EventInstants(zone: zone).instant(of: end))) in \(reading.zone.identifier))"
    }

    private func edit(_ node: ScenarioNode, context: RuleContext) throws(ScenarioError) -> ScenarioEntityEdit {
        let mapping = try node.mapping("an edit", allowed: Self.editKeys)
        let id = try mapping.required("id", "the id of the entity saved").identifier("an entity id")
        let namespace = try mapping["namespace"]?.identifier("a namespace") ?? ScenarioEntity.defaultNamespace
        let title = try mapping["title"]?.string("a title")
        let rules = try mapping["rules"].map { node throws(ScenarioError) in try self.rules(node, context: context) }
        let entity = EntityReference(namespace: namespace, id: id)
        try Self.checkDeclarations(node) { () throws(DeclarationError) in
            for rule in rules ?? [] { _ = try rule.reminderRule(for: entity) }
        }
        return ScenarioEntityEdit(entity: entity, title: title, rules: rules)
    }
}
