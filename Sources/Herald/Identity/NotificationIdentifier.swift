/// The identity of every request Herald schedules: the one place identifiers are
/// formatted and parsed.
///
/// An identifier names the entity, the rule, the occurrence and the kind, so that
/// "everything of entity X" is a parsed match rather than a string prefix, and so that
/// requests that are not Herald's are recognised and never touched.
///
/// The text form is `herald:<kind>:<namespace>:<entity>:<rule>:<occurrence>`; `%` and
/// `:` inside a part are percent-escaped, so any part may hold any text. A nag's second
/// and later repeats add `#<repeat>` after the occurrence (``repeat``); a group reads
/// `herald:group:<quiet|due>:<instant in UTC>`, with `#<part>` from its second part on
/// (``part``, `NotificationIdentifier.group(at:reason:part:)`). Parsing also reads
/// the group form written before, `herald:group:herald:group:<quiet|due>:<instant>`, to
/// the same identifier.
///
/// ```swift
/// let id = NotificationIdentifier(
///     entity: EntityReference(namespace: "habit", id: "water"),
///     rule: "morning",
///     occurrence: OccurrenceKey(rawValue: "20261121T0900"),
///     kind: .reminder
/// )
/// id.description                                  // "herald:reminder:habit:water:morning:20261121T0900"
/// NotificationIdentifier(parsing: id.description) // == id
/// NotificationIdentifier(parsing: "someone-else") // nil: not Herald's
/// ```
public struct NotificationIdentifier: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var entity: EntityReference
    /// The rule's identifier within its entity (an event or a region name for other kinds).
    public var rule: String
    /// The occurrence it stands for: for a nag's repeat or a group's part, the
    /// occurrence itself (the repeat or part is a field of its own).
    public var occurrence: OccurrenceKey
    public var kind: NotificationKind
    /// For a follow-up (``NotificationKind/followUp``), which repeat of its rule's ``Nag``
    /// it is, from 1 (the first, which a single follow-up is); 1 for every other kind.
    public var `repeat`: Int
    /// For a group (``NotificationKind/group``), which part of the group at its instant
    /// it is, from 1 (``PlannedGroup/part``); 1 for every other kind.
    public var part: Int

    /// The prefix every Herald identifier starts with.
    public static let scheme = "herald"

    /// An identifier of `kind`; `repeat` counts for a follow-up only, `part` for a group
    /// only. An occurrence key written with a `#<n>` suffix (``OccurrenceKey/nagRepeat(_:)``)
    /// gives a follow-up its repeat and a group its part, as parsing does.
    ///
    /// ```swift
    /// let second = NotificationIdentifier(entity: pill, rule: "evening",
    ///                                     occurrence: OccurrenceKey(rawValue: "20261121T2100"),
    ///                                     kind: .followUp, repeat: 2)
    /// second.description   // "herald:followup:med:pill:evening:20261121T2100#2"
    /// ```
    public init(entity: EntityReference, rule: String, occurrence: OccurrenceKey, kind: NotificationKind,
                repeat: Int = 1, part: Int = 1) {
        self.entity = entity
        self.rule = rule
        self.kind = kind
        var occurrence = occurrence
        var number = kind == .followUp ? `repeat` : kind == .group ? part : 1
        if kind == .followUp || kind == .group, occurrence.rawValue.utf8.contains(UInt8(ascii: "#")),
           let written = occurrence.nagRepeatParts {
            occurrence = OccurrenceKey(rawValue: String(written.occurrence))
            if number <= 1 { number = written.index }
        }
        self.occurrence = occurrence
        self.repeat = kind == .followUp ? max(1, number) : 1
        self.part = kind == .group ? max(1, number) : 1
    }

    /// The occurrence as the text form writes it: with `#<n>` for a nag's second and
    /// later repeats and a group's second and later parts.
    ///
    /// ```swift
    /// pill.nagRepeat(3).occurrenceText   // "20261121T2100#3"
    /// ```
    public var occurrenceText: OccurrenceKey {
        let number = kind == .followUp ? `repeat` : kind == .group ? part : 1
        return number > 1 ? occurrence.nagRepeat(number) : occurrence
    }

    /// Parses an identifier; `nil` when the text is not a well-formed Herald identifier.
    public init?(parsing text: String) {
        switch Self.quickParse(text) {
        case .parsed(let identifier): self = identifier; return
        case .invalid: return nil
        case .needsCharacters: break
        }
        let parts = Self.parts(of: text)
        if parts.count == 4 {
            guard parts[0] == Self.scheme, parts[1] == NotificationKind.group.rawValue,
                  let reason = Self.unescape(parts[2]), let occurrence = Self.unescape(parts[3]),
                  !reason.isEmpty, !occurrence.isEmpty else { return nil }
            self.init(entity: Self.groupEntity, rule: reason, occurrence: OccurrenceKey(rawValue: occurrence),
                      kind: .group)
            return
        }
        guard parts.count == 6, parts[0] == Self.scheme,
              let kind = NotificationKind(rawValue: String(parts[1])),
              let namespace = Self.unescape(parts[2]), let entityID = Self.unescape(parts[3]),
              let rule = Self.unescape(parts[4]), let occurrence = Self.unescape(parts[5]),
              !namespace.isEmpty, !entityID.isEmpty, !rule.isEmpty, !occurrence.isEmpty
        else { return nil }
        self.init(
            entity: EntityReference(namespace: namespace, id: entityID),
            rule: rule,
            occurrence: OccurrenceKey(rawValue: occurrence),
            kind: kind
        )
    }

    public var description: String {
        // Appended into one string sized up front (every run formats each planned
        // request's identifier, and sorting compares them).
        if kind == .group, entity == Self.groupEntity {
            return "\(Self.scheme):\(kind.rawValue):\(Self.escape(rule)):\(Self.escape(occurrenceText.rawValue))"
        }
        let parts = (kind.rawValue, Self.escape(entity.namespace), Self.escape(entity.id), Self.escape(rule),
                     Self.escape(occurrenceText.rawValue))
        var text = Self.scheme
        text.reserveCapacity(Self.scheme.utf8.count + parts.0.utf8.count + parts.1.utf8.count + parts.2.utf8.count
                             + parts.3.utf8.count + parts.4.utf8.count + 5)
        text += ":"; text += parts.0
        text += ":"; text += parts.1
        text += ":"; text += parts.2
        text += ":"; text += parts.3
        text += ":"; text += parts.4
        return text
    }

    /// Whether ``init(parsing:)`` reads this identifier's ``description`` back as it is:
    /// every part is not empty (escaping makes any other text round-trip).
    var roundTrips: Bool {
        !entity.namespace.isEmpty && !entity.id.isEmpty && !rule.isEmpty && !occurrence.rawValue.isEmpty
            && (kind == .followUp ? `repeat` >= 1 : `repeat` == 1) && (kind == .group ? part >= 1 : part == 1)
    }

    /// Whether this identifier belongs to one of the given entities.
    public func belongs(to entities: Set<EntityReference>) -> Bool { entities.contains(entity) }

    public static func < (lhs: NotificationIdentifier, rhs: NotificationIdentifier) -> Bool {
        lhs.description < rhs.description
    }

    /// `text` split at every colon. Every run reads the identifiers of the delivered
    /// and pending lists, so ASCII text (every identifier Herald writes for ASCII ids)
    /// is split byte by byte, where a colon is always a character of its own; other
    /// text is split by characters (a colon followed by a combining mark is one
    /// character, and no separator).
    static func parts(of text: String) -> [Substring] {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return text.split(separator: ":", omittingEmptySubsequences: false)
        }
        var parts: [Substring] = []
        parts.reserveCapacity(6)
        var start = text.startIndex
        while let colon = text.utf8[start...].firstIndex(of: UInt8(ascii: ":")) {
            parts.append(text[start..<colon])
            start = text.utf8.index(after: colon)
        }
        parts.append(text[start...])
        return parts
    }

    /// What ``quickParse(_:)`` found.
    enum QuickParse {
        case parsed(NotificationIdentifier)
        case invalid
        /// Text with a byte outside ASCII or a `%`: split by characters and unescaped.
        case needsCharacters
    }

    /// Every run reads the identifiers of the delivered and pending lists, and a
    /// response's: text that is ASCII with no escape (every identifier Herald writes for
    /// ASCII ids) is read in one pass over its bytes, where each byte is a character and
    /// each part is its own unescaped text. The same identifier, or the same refusal, as
    /// the character path.
    static func quickParse(_ text: String) -> QuickParse {
        let result = text.utf8.withContiguousStorageIfAvailable { bytes -> QuickParse in
            var colons = (0, 0, 0, 0, 0), found = 0
            for (index, byte) in bytes.enumerated() {
                if byte >= 0x80 || byte == UInt8(ascii: "%") { return .needsCharacters }
                guard byte == UInt8(ascii: ":") else { continue }
                switch found {
                case 0: colons.0 = index
                case 1: colons.1 = index
                case 2: colons.2 = index
                case 3: colons.3 = index
                case 4: colons.4 = index
                default: break
                }
                found += 1
            }
            // (A group's four parts are read by the character path.)
            guard found == 5 else { return found == 3 ? .needsCharacters : .invalid }
            func part(_ start: Int, _ end: Int) -> String? {
                start < end ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) : nil
            }
            guard bytes[..<colons.0].elementsEqual(Self.scheme.utf8),
                  let kind = part(colons.0 + 1, colons.1).flatMap(NotificationKind.init(rawValue:)),
                  let namespace = part(colons.1 + 1, colons.2), let entityID = part(colons.2 + 1, colons.3),
                  let rule = part(colons.3 + 1, colons.4), let occurrence = part(colons.4 + 1, bytes.count)
            else { return .invalid }
            return .parsed(NotificationIdentifier(entity: EntityReference(namespace: namespace, id: entityID), rule: rule,
                                                  occurrence: OccurrenceKey(rawValue: occurrence), kind: kind))
        }
        return result ?? .needsCharacters
    }

    static func escape(_ part: String) -> String {
        guard part.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: ":") }) else { return part }
        var result = ""
        for character in part {
            switch character {
            case "%": result += "%25"
            case ":": result += "%3A"
            default: result.append(character)
            }
        }
        return result
    }

    static func unescape(_ part: Substring) -> String? {
        guard part.utf8.contains(UInt8(ascii: "%")) else { return String(part) }
        var result = ""
        var index = part.startIndex
        while index < part.endIndex {
            let character = part[index]
            guard character == "%" else {
                result.append(character)
                index = part.index(after: index)
                continue
            }
            let end = part.index(index, offsetBy: 3, limitedBy: part.endIndex) ?? part.endIndex
            switch part[index..<end].uppercased() {
            case "%25": result.append("%")
            case "%3A": result.append(":")
            default: return nil
            }
            index = end
        }
        return result
    }
}
