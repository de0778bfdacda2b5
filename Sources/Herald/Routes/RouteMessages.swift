import Foundation

/// The texts of a route's notifications, as templates: `{name}` is the waypoint's
/// name (spot texts only), `{visited}` the waypoints reached up to the spot (for the
/// completion, all reached), `{total}` the route's waypoints, `{route}` the route's name.
///
/// The app's ``ReminderSource`` gives them when the route starts
/// (``ReminderSource/routeMessages(for:)``), else the session's own are used. They are
/// kept with the session, so a notification planned again after a crash reads the same
/// as the first time.
///
/// ```swift
/// let german = RouteMessages(spotTitle: "📍 {name}", spotBody: "Du bist da!",
///                            completionTitle: "🎉 Route abgeschlossen!",
///                            completionBody: "Du hast alle {total} Spots besucht.")
/// ```
public struct RouteMessages: Hashable, Sendable, Codable {
    public var spotTitle: String
    public var spotBody: String
    public var completionTitle: String
    public var completionBody: String

    public init(spotTitle: String = "{name}", spotBody: String = "You reached {name}.",
                completionTitle: String = "Route complete!",
                completionBody: String = "You visited all {total} spots of {route}. Tap for your summary.") {
        self.spotTitle = spotTitle
        self.spotBody = spotBody
        self.completionTitle = completionTitle
        self.completionBody = completionBody
    }

    /// The placeholders a spot's texts may use.
    public static let spotPlaceholders = ["name", "visited", "total", "route"]
    /// The placeholders the completion's texts may use (it has no waypoint: no `{name}`).
    public static let completionPlaceholders = ["visited", "total", "route"]

    /// The texts by field, with the placeholders each may use.
    var fields: [(name: String, text: String, allowed: [String])] {
        [("spot title", spotTitle, Self.spotPlaceholders), ("spot body", spotBody, Self.spotPlaceholders),
         ("completion title", completionTitle, Self.completionPlaceholders),
         ("completion body", completionBody, Self.completionPlaceholders)]
    }

    /// The placeholders of a template: each `{word}` (letters, digits, `_`), in order.
    public static func placeholders(in template: String) -> [String] {
        var found: [String] = []
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}") else { break }
            let word = after[..<close]
            if !word.isEmpty, word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) {
                found.append(String(word))
                rest = after[after.index(after: close)...]
            } else {
                rest = after
            }
        }
        return found
    }

    /// Checks that every text uses only the placeholders it may.
    ///
    /// - Throws: ``DeclarationError/Code/invalidRoute`` naming the text, the placeholder
    ///   and those it may use.
    public func validate(of owner: String) throws(DeclarationError) {
        for field in fields {
            for word in Self.placeholders(in: field.text) where !field.allowed.contains(word) {
                let allowed = field.allowed.map { "{\($0)}" }.joined(separator: ", ")
                throw .invalidRoute("the \(field.name) of \(owner) uses the placeholder {\(word)}, which it does not have; it may use \(allowed)")
            }
        }
    }

    /// A template with its placeholders filled in (`values` by placeholder name).
    ///
    /// ```swift
    /// RouteMessages.fill("{visited} of {total}", ["visited": "2", "total": "3"])   // "2 of 3"
    /// ```
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = template
        for (key, value) in values { result = result.replacingOccurrences(of: "{\(key)}", with: value) }
        return result
    }
}
