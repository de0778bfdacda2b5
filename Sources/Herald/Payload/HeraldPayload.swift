import Foundation

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
    /// The zone the occurrence's local date-time is read in, for a rule pinned to one;
    /// `nil` for a floating rule (the device's zone) and for kinds without an occurrence
    /// time. With it, "Done" counts for the day the user saw the notification on.
    public var occurrenceZone: String?
    /// The app's extras: every other `userInfo` entry.
    public var extras: [String: JSONValue]

    public init(identifier: NotificationIdentifier, occurrenceZone: String? = nil, extras: [String: JSONValue] = [:],
                schemaVersion: Int = HeraldPayload.currentSchemaVersion) {
        self.schemaVersion = schemaVersion
        self.identifier = identifier
        self.occurrenceZone = occurrenceZone
        self.extras = extras
    }

    public var entity: EntityReference { identifier.entity }

    /// Herald's dictionary, as stored under ``userInfoKey``.
    public var dictionary: [String: JSONValue] {
        var result: [String: JSONValue] = [
            Key.version: .number(Double(schemaVersion)),
            Key.namespace: .string(identifier.entity.namespace),
            Key.entity: .string(identifier.entity.id),
            Key.rule: .string(identifier.rule),
            Key.occurrence: .string(identifier.occurrence.rawValue),
            Key.kind: .string(identifier.kind.rawValue),
        ]
        if let occurrenceZone { result[Key.zone] = .string(occurrenceZone) }
        return result
    }

    /// The device-local day of the occurrence this payload names (read in
    /// ``occurrenceZone`` when pinned); `nil` when its occurrence key is not a date-time.
    public func occurrenceDay(deviceZone: TimeZone) -> LocalDate? {
        guard let local = identifier.occurrence.localDateTime else { return nil }
        return OccurrenceDay.day(of: local, pinnedTo: occurrenceZone.flatMap(TimeZone.init(identifier:)),
                                 deviceZone: deviceZone)
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
        /// Optional: the pinned zone of the occurrence.
        static let zone = "zone"
    }
}
