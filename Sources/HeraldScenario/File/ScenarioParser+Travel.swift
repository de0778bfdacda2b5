import Herald

extension ScenarioParser {
    static let travelChoiceKeys = ["rule", "choice"]
    static let travelChoices: [String: TravelPrompt.Choice] = ["keep_home": .keepHome, "follow_local": .followLocal]

    /// `travel_choice: keep_home | follow_local` for every rule, or
    /// `travel_choice: {rule: pill/morning, choice: keep_home}` for one rule, named as a
    /// notification target is (`entity/rule`, `namespace/id/rule`).
    func travelChoice(_ value: ScenarioNode, catalog: TargetCatalog) throws(ScenarioError) -> ScenarioEvent.Action {
        guard case .mapping = value.node else {
            return .travelChoice(try Self.choice(value), rule: nil)
        }
        let mapping = try value.mapping("a travel choice for one rule ({rule, choice})", allowed: Self.travelChoiceKeys)
        let ruleNode = try mapping.required("rule", "the rule chosen for, as entity/rule")
        let choice = try Self.choice(try mapping.required("choice", "keep_home or follow_local"))
        guard case .entity(let entity, let rule?) = try catalog.target(ruleNode) else {
            throw ruleNode.error(.invalidValue, "\(ruleNode.shape) names no rule: write entity/rule (pill/morning), or leave out the mapping to choose for every rule")
        }
        return .travelChoice(choice, rule: ReminderRule.ID(entity: entity, rule: rule))
    }

    private static func choice(_ node: ScenarioNode) throws(ScenarioError) -> TravelPrompt.Choice {
        let text = try node.string("a travel choice (keep_home or follow_local)")
        guard let choice = travelChoices[text] else {
            throw node.error(.invalidValue, "\(InputExcerpt(text, quote: "\"")) is not a travel choice (expected keep_home or follow_local)")
        }
        return choice
    }

    /// `keep_home` or `follow_local`: a choice as a scenario file spells it.
    static func name(of choice: TravelPrompt.Choice) -> String {
        switch choice {
        case .keepHome: "keep_home"
        case .followLocal: "follow_local"
        }
    }
}
