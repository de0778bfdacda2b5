import Foundation

/// The texts of a route's notifications, as templates: `{name}` is the waypoint's
/// name, `{visited}` and `{total}` the counts, `{route}` the route's name.
///
/// They are kept with the session, so a notification planned again after a crash
/// reads the same as the first time.
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

    /// A template with its placeholders filled in.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = template
        for (key, value) in values { result = result.replacingOccurrences(of: "{\(key)}", with: value) }
        return result
    }
}
