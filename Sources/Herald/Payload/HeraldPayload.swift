import Foundation

/// Herald's versioned entry in a notification's `userInfo`: which entity, rule,
/// occurrence and kind the notification stands for.
///
/// It is written under ``userInfoKey`` beside the app's own JSON-safe extras, and read
/// back from a tap or an action by `PayloadDecoder`.
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
    /// For a group (``NotificationKind/group``): the reminder of every occurrence it
    /// stands for, in due order, each with its pinned zone when its rule has one. Empty
    /// for every other kind.
    package var members: [GroupMember] = []

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
            Key.occurrence: .string(identifier.occurrenceText.rawValue),
            Key.kind: .string(identifier.kind.rawValue),
        ]
        if let occurrenceZone { result[Key.zone] = .string(occurrenceZone) }
        if !members.isEmpty {
            result[Key.members] = .array(members.map { .string($0.identifier.description) })
            let zones = members.compactMap { member in member.zone.map { (member.identifier.description, $0) } }
            if !zones.isEmpty {
                result[Key.memberZones] = .object(Dictionary(zones, uniquingKeysWith: { first, _ in first })
                    .mapValues { .string($0) })
            }
        }
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
        /// A group's: the identifiers of its members.
        static let members = "members"
        /// A group's, optional: the pinned zone of each member that has one, by identifier.
        static let memberZones = "member_zones"
    }
}

/// One occurrence a group notification stands for: its reminder's identifier, and the
/// zone its rule is pinned to (`nil` for a floating rule), so "Done all" counts each
/// member for the day the user saw it on.
///
/// ```swift
/// let member = GroupMember(identifier: water.identifier(for: nine), zone: nil)
/// member.day(deviceZone: berlin)   // 2026-11-21
/// ```
package struct GroupMember: Hashable, Sendable, Codable {
    public var identifier: NotificationIdentifier
    public var zone: String?

    public init(identifier: NotificationIdentifier, zone: String? = nil) {
        self.identifier = identifier
        self.zone = zone
    }

    /// The device-local day of the member's occurrence (read in its pinned zone).
    public func day(deviceZone: TimeZone) -> LocalDate? {
        HeraldPayload(identifier: identifier, occurrenceZone: zone).occurrenceDay(deviceZone: deviceZone)
    }
}

extension HeraldPayload {
    private enum CodingKeys: String, CodingKey {
        case schemaVersion, identifier, occurrenceZone, extras, members
    }

    /// Decodes a payload; `members` is optional (payloads encoded before groups existed
    /// decode with none).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(identifier: try container.decode(NotificationIdentifier.self, forKey: .identifier),
                  occurrenceZone: try container.decodeIfPresent(String.self, forKey: .occurrenceZone),
                  extras: try container.decode([String: JSONValue].self, forKey: .extras),
                  schemaVersion: try container.decode(Int.self, forKey: .schemaVersion))
        members = try container.decodeIfPresent([GroupMember].self, forKey: .members) ?? []
    }
}
