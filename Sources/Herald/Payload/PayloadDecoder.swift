import Foundation

/// Reads a ``HeraldPayload`` back from a notification's `userInfo`.
///
/// Decoding is total: every input yields either a payload or an
/// ``HeraldPayload/InvalidReason``; nothing throws and nothing traps.
///
/// ```swift
/// switch PayloadDecoder().decode(response.userInfo) {
/// case .valid(let payload): route(to: payload.entity)
/// case .invalid(let reason): logger.warning("ignored response", metadata: ["reason": "\(reason)"])
/// }
/// ```
package struct PayloadDecoder: Sendable {
    /// The largest `userInfo` accepted, in bytes of its JSON form (the platform's
    /// whole push payload is limited to 4 KB).
    public var sizeLimit: Int

    public init(sizeLimit: Int = 4096) {
        self.sizeLimit = sizeLimit
    }

    public func decode(_ userInfo: [String: JSONValue]) -> PayloadDecoding {
        let size = Self.estimatedSize(of: .object(userInfo), limit: sizeLimit)
        guard size <= sizeLimit else { return .invalid(.oversized(bytes: size, limit: sizeLimit)) }
        guard let entry = userInfo[HeraldPayload.userInfoKey] else { return .invalid(.notHerald) }
        guard case .object(let fields) = entry else {
            return .invalid(.wrongType(key: HeraldPayload.userInfoKey, expected: "object", found: entry.typeName))
        }
        typealias Key = HeraldPayload.Key
        guard let versionValue = fields[Key.version] else { return .invalid(.missingKey(Key.version)) }
        guard let version = versionValue.intValue else {
            return .invalid(.wrongType(key: Key.version, expected: "integer", found: versionValue.typeName))
        }
        guard version == HeraldPayload.currentSchemaVersion else { return .invalid(.unsupportedSchemaVersion(version)) }

        // Each field as the text it must be: a known kind, or 1 to 256 characters.
        // (Characters are counted only in a text over 256 bytes: one of at most 256 bytes has at
        // most 256 characters.)
        func text(_ key: String) throws(Refusal) -> String {
            guard let value = fields[key] else { throw Refusal(.missingKey(key)) }
            guard case .string(let text) = value else {
                throw Refusal(.wrongType(key: key, expected: "string", found: value.typeName))
            }
            if key == Key.kind {
                guard NotificationKind(rawValue: text) != nil else { throw Refusal(.unknownKind(text)) }
            } else if text.isEmpty || (text.utf8.count > 256 && text.count > 256) {
                throw Refusal(.malformedValue(key: key, value: String(text.prefix(64))))
            }
            return text
        }
        let kind: String, namespace: String, entity: String, rule: String, occurrence: String
        do throws(Refusal) {
            kind = try text(Key.kind)
            namespace = try text(Key.namespace)
            entity = try text(Key.entity)
            rule = try text(Key.rule)
            occurrence = try text(Key.occurrence)
        } catch {
            return .invalid(error.reason)
        }
        var zone: String?
        if let value = fields[Key.zone] {
            guard case .string(let text) = value else {
                return .invalid(.wrongType(key: Key.zone, expected: "string", found: value.typeName))
            }
            guard text.count <= 256, TimeZone(checkedIdentifier: text) != nil else {
                return .invalid(.malformedValue(key: Key.zone, value: String(text.prefix(64))))
            }
            zone = text
        }
        let identifier = NotificationIdentifier(
            entity: EntityReference(namespace: namespace, id: entity), rule: rule,
            occurrence: OccurrenceKey(rawValue: occurrence), kind: NotificationKind(rawValue: kind)!
        )
        var extras = userInfo
        extras[HeraldPayload.userInfoKey] = nil
        var payload = HeraldPayload(identifier: identifier, occurrenceZone: zone, extras: extras, schemaVersion: version)
        let members = Self.members(in: fields)
        if let reason = members.invalid { return .invalid(reason) }
        payload.members = members.members
        return .valid(payload)
    }

    /// Why a field is refused, thrown from the field reader to end decoding at once.
    private struct Refusal: Error {
        let reason: HeraldPayload.InvalidReason
        init(_ reason: HeraldPayload.InvalidReason) { self.reason = reason }
    }

    /// A group's members: every entry of `members` a reminder's identifier, and each
    /// zone of `member_zones` a known zone; none when the keys are absent.
    private static func members(in fields: [String: JSONValue]) -> (members: [GroupMember], invalid: HeraldPayload.InvalidReason?) {
        typealias Key = HeraldPayload.Key
        guard let value = fields[Key.members] else { return ([], nil) }
        guard case .array(let items) = value else {
            return ([], .wrongType(key: Key.members, expected: "array", found: value.typeName))
        }
        var zones: [String: JSONValue] = [:]
        if let zoneValue = fields[Key.memberZones] {
            guard case .object(let object) = zoneValue else {
                return ([], .wrongType(key: Key.memberZones, expected: "object", found: zoneValue.typeName))
            }
            zones = object
        }
        var members: [GroupMember] = []
        for item in items {
            guard case .string(let text) = item, let identifier = NotificationIdentifier(parsing: text),
                  identifier.kind == .reminder else {
                return ([], .malformedValue(key: Key.members, value: String("\(item)".prefix(64))))
            }
            var zone: String?
            if let zoneValue = zones[text] {
                guard case .string(let name) = zoneValue, name.count <= 256, TimeZone(checkedIdentifier: name) != nil else {
                    return ([], .malformedValue(key: Key.memberZones, value: String("\(zoneValue)".prefix(64))))
                }
                zone = name
            }
            members.append(GroupMember(identifier: identifier, zone: zone))
        }
        return (members, nil)
    }

    /// The size of a value's compact JSON form, give or take escaping; stops counting
    /// past `limit` so an adversarial payload costs no more than the limit.
    static func estimatedSize(of value: JSONValue, limit: Int) -> Int {
        var total = 0
        add(value, to: &total, limit: limit)
        return total
    }

    /// Adds a value's size to `total`, depth first, until it passes `limit` (which also
    /// bounds the depth: each level adds at least 2).
    private static func add(_ value: JSONValue, to total: inout Int, limit: Int) {
        switch value {
        case .null: total += 4
        case .bool(let flag): total += flag ? 4 : 5
        case .number: total += 8
        case .string(let text): total += text.utf8.count + 2
        case .array(let items):
            total += 2 + items.count
            for item in items where total <= limit { add(item, to: &total, limit: limit) }
        case .object(let fields):
            total += 2 + fields.count * 2
            for (key, item) in fields where total <= limit {
                total += key.utf8.count + 2
                add(item, to: &total, limit: limit)
            }
        }
    }
}
