/// Herald's versioned entry in a notification's `userInfo`: which entity, rule,
/// occurrence and kind the notification stands for.
///
/// It is written under ``userInfoKey`` beside the app's own JSON-safe extras, and read
/// back from a tap or an action by ``PayloadDecoder``.
///
/// ```swift
/// let payload = HeraldPayload(identifier: id)
/// var userInfo = payload.userInfo(merging: ["questionID": "q-7"])
/// PayloadDecoder().decode(userInfo) // .valid(payload)
/// ```
public struct HeraldPayload: Hashable, Sendable, Codable {
    /// The key of Herald's dictionary inside `userInfo`.
    public static let userInfoKey = "herald"
    /// The schema this code writes and reads.
    public static let currentSchemaVersion = 1

    public var schemaVersion: Int
    public var identifier: NotificationIdentifier
    /// The app's extras: every other `userInfo` entry.
    public var extras: [String: JSONValue]

    public init(identifier: NotificationIdentifier, extras: [String: JSONValue] = [:],
                schemaVersion: Int = HeraldPayload.currentSchemaVersion) {
        self.schemaVersion = schemaVersion
        self.identifier = identifier
        self.extras = extras
    }

    public var entity: EntityReference { identifier.entity }

    /// Herald's dictionary, as stored under ``userInfoKey``.
    public var dictionary: [String: JSONValue] {
        [
            Key.version: .number(Double(schemaVersion)),
            Key.namespace: .string(identifier.entity.namespace),
            Key.entity: .string(identifier.entity.id),
            Key.rule: .string(identifier.rule),
            Key.occurrence: .string(identifier.occurrence.rawValue),
            Key.kind: .string(identifier.kind.rawValue),
        ]
    }

    /// A full `userInfo`: the given extras plus Herald's dictionary, and the extras this
    /// payload already carries. Herald's key always wins.
    public func userInfo(merging appExtras: [String: JSONValue] = [:]) -> [String: JSONValue] {
        var result = extras.merging(appExtras) { _, new in new }
        result[Self.userInfoKey] = .object(dictionary)
        return result
    }

    enum Key {
        static let version = "v"
        static let namespace = "namespace"
        static let entity = "entity"
        static let rule = "rule"
        static let occurrence = "occurrence"
        static let kind = "kind"
    }
}
