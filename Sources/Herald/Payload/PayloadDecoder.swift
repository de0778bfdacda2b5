import Foundation

/// Reads a ``HeraldPayload`` back from a notification's `userInfo`.
///
/// Decoding is total: every input yields either a payload or an
/// ``InvalidPayloadReason``; nothing throws and nothing traps.
///
/// ```swift
/// switch PayloadDecoder().decode(response.userInfo) {
/// case .valid(let payload): route(to: payload.entity)
/// case .invalid(let reason): logger.warning("ignored response", metadata: ["reason": "\(reason)"])
/// }
/// ```
public struct PayloadDecoder: Sendable {
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

        var strings: [String: String] = [:]
        for key in [Key.kind, Key.namespace, Key.entity, Key.rule, Key.occurrence] {
            guard let value = fields[key] else { return .invalid(.missingKey(key)) }
            guard case .string(let text) = value else {
                return .invalid(.wrongType(key: key, expected: "string", found: value.typeName))
            }
            if key == Key.kind {
                guard NotificationKind(rawValue: text) != nil else { return .invalid(.unknownKind(text)) }
            } else if text.isEmpty || text.count > 256 {
                return .invalid(.malformedValue(key: key, value: String(text.prefix(64))))
            }
            strings[key] = text
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
            entity: EntityReference(namespace: strings[Key.namespace]!, id: strings[Key.entity]!),
            rule: strings[Key.rule]!,
            occurrence: OccurrenceKey(rawValue: strings[Key.occurrence]!),
            kind: NotificationKind(rawValue: strings[Key.kind]!)!
        )
        var extras = userInfo
        extras[HeraldPayload.userInfoKey] = nil
        var payload = HeraldPayload(identifier: identifier, occurrenceZone: zone, extras: extras, schemaVersion: version)
        let members = Self.members(in: fields)
        if let reason = members.invalid { return .invalid(reason) }
        payload.members = members.members
        return .valid(payload)
    }

    /// A group's members: every entry of `members` a reminder's identifier, and each
    /// zone of `member_zones` a known zone; none when the keys are absent.
    private static func members(in fields: [String: JSONValue]) -> (members: [GroupMember], invalid: InvalidPayloadReason?) {
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
        var stack: [JSONValue] = [value]
        while let next = stack.popLast(), total <= limit {
            switch next {
            case .null: total += 4
            case .bool(let flag): total += flag ? 4 : 5
            case .number: total += 8
            case .string(let text): total += text.utf8.count + 2
            case .array(let items):
                total += 2 + items.count
                stack.append(contentsOf: items)
            case .object(let fields):
                total += 2 + fields.count * 2
                for (key, item) in fields {
                    total += key.utf8.count + 2
                    stack.append(item)
                }
            }
        }
        return total
    }
}
