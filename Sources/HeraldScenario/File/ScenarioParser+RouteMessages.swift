import Herald

extension ScenarioParser {
    /// The keys of a route's `messages`, each with the placeholders its text may use.
    static let routeMessageKeys: [(key: String, allowed: [String])] = [
        ("spot_title", RouteMessages.spotPlaceholders), ("spot_body", RouteMessages.spotPlaceholders),
        ("completion_title", RouteMessages.completionPlaceholders),
        ("completion_body", RouteMessages.completionPlaceholders),
    ]

    /// `messages: {spot_title, spot_body, completion_title, completion_body}`: the texts
    /// the app gives the route's notifications, with `{name}` (spots only), `{visited}`,
    /// `{total}` and `{route}`; a key left out keeps ``RouteMessages``' default.
    func routeMessages(_ node: ScenarioNode) throws(ScenarioError) -> RouteMessages {
        let mapping = try node.mapping("the route's texts", allowed: Self.routeMessageKeys.map(\.key))
        var texts: [String: String] = [:]
        for (key, allowed) in Self.routeMessageKeys {
            guard let textNode = mapping[key] else { continue }
            let text = try textNode.string("a text")
            for word in RouteMessages.placeholders(in: text) where !allowed.contains(word) {
                let list = allowed.map { "{\($0)}" }.joined(separator: ", ")
                throw textNode.error(.invalidValue, "unknown placeholder {\(word)} in \(key) (it may use \(list))")
            }
            texts[key] = text
        }
        let defaults = RouteMessages()
        return RouteMessages(spotTitle: texts["spot_title"] ?? defaults.spotTitle,
                             spotBody: texts["spot_body"] ?? defaults.spotBody,
                             completionTitle: texts["completion_title"] ?? defaults.completionTitle,
                             completionBody: texts["completion_body"] ?? defaults.completionBody)
    }
}
