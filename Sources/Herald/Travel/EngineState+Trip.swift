import Foundation

extension EngineState {
    /// The trip in progress, as Herald keeps it in its state (``EngineState/trip``):
    /// the zone Herald last told the app about, and what the app chose for the rules
    /// while away. It exists only while the device is away from the home zone: coming home
    /// ends it, and its choices lapse.
    ///
    /// ```swift
    /// var trip = Trip(zone: newYork)
    /// trip.choose(.keepHome, for: nil)                 // every rule keeps home time
    /// trip.choose(.followLocal, for: walk.id)          // but the walk follows local time
    /// trip.choice(for: pill.id)                        // .keepHome
    /// ```
    public struct Trip: Hashable, Sendable {
        /// The zone Herald last reported the device in (``TravelNotice/zone``).
        public var zone: TimeZone
        /// The choice for every rule without one of its own, if the app made one.
        public var allRules: TravelPrompt.Choice?
        /// Choices for single rules; they win over ``allRules``.
        public var rules: [ReminderRule.ID: TravelPrompt.Choice]

        public init(zone: TimeZone, allRules: TravelPrompt.Choice? = nil, rules: [ReminderRule.ID: TravelPrompt.Choice] = [:]) {
            self.zone = zone
            self.allRules = allRules
            self.rules = rules
        }

        /// What `rule` does while away: its own choice, else the one for all rules, else
        /// ``TravelPrompt/Choice/followLocal``.
        public func choice(for rule: ReminderRule.ID) -> TravelPrompt.Choice {
            rules[rule] ?? allRules ?? .followLocal
        }

        /// Records a choice for one rule, or (`nil`) for all: a choice for all replaces
        /// every single rule's.
        public mutating func choose(_ choice: TravelPrompt.Choice, for rule: ReminderRule.ID?) {
            if let rule {
                rules[rule] = choice
            } else {
                allRules = choice
                rules = [:]
            }
        }

        /// Whether any rule keeps home time.
        public var keepsAnyHome: Bool { allRules == .keepHome || rules.values.contains(.keepHome) }
    }
}

/// Coded as the object ``json`` describes: `zone`, `all` when set, and `rules`, each
/// with its `namespace`, `entity`, `rule` and `choice`.
extension EngineState.Trip: Codable {
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard let trip = Self(json: value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "a trip needs a known \"zone\""))
        }
        self = trip
    }

    public func encode(to encoder: any Encoder) throws {
        try json.encode(to: encoder)
    }

    /// The trip as a JSON object.
    var json: JSONValue {
        var object: [String: JSONValue] = ["zone": .string(zone.identifier)]
        if let allRules { object["all"] = .string(allRules.rawValue) }
        if !rules.isEmpty {
            object["rules"] = .array(rules.sorted { $0.key < $1.key }.map { id, choice in
                .object(["namespace": .string(id.entity.namespace), "entity": .string(id.entity.id),
                         "rule": .string(id.rule), "choice": .string(choice.rawValue)])
            })
        }
        return .object(object)
    }

    /// The trip read back from ``json``; `nil` without a known zone. A rule's entry that
    /// cannot be read is left out (it then follows ``allRules``).
    init?(json: JSONValue?) {
        guard case .object(let object)? = json, case .string(let name)? = object["zone"],
              let zone = TimeZone(identifier: name) else { return nil }
        var rules: [ReminderRule.ID: TravelPrompt.Choice] = [:]
        if case .array(let entries)? = object["rules"] {
            for case .object(let entry) in entries {
                guard case .string(let namespace)? = entry["namespace"], case .string(let entity)? = entry["entity"],
                      case .string(let rule)? = entry["rule"], case .string(let raw)? = entry["choice"],
                      let choice = TravelPrompt.Choice(rawValue: raw) else { continue }
                rules[ReminderRule.ID(entity: EntityReference(namespace: namespace, id: entity), rule: rule)] = choice
            }
        }
        let all: TravelPrompt.Choice? = if case .string(let raw)? = object["all"] { TravelPrompt.Choice(rawValue: raw) } else { nil }
        self.init(zone: zone, allRules: all, rules: rules)
    }
}
