import HeraldTestSupport
import Testing
@testable import Herald

/// Random payloads against an oracle: a valid `userInfo`, written by hand from the
/// payload format (`herald: {v, kind, namespace, entity, rule, occurrence}` beside the
/// app's extras), decodes to exactly the `HeraldPayload` it was built from; the same
/// payload with one defect is classified as the reason that defect calls for, worked
/// out here from the defect applied, never from what the decoder says.
@Suite struct PayloadDecoderFuzzTests {
    static let seeds = 1_500

    @Test func validPayloadsDecodeToThePayloadTheyWereBuiltFrom() async {
        await PropertySeeds.check(count: Self.seeds) { seed in
            var random = SeededGenerator(seed: seed)
            let sample = makeSample(using: &random)

            let decoded = PayloadDecoder().decode(sample.userInfo)

            #expect(decoded == .valid(sample.reference), "seed \(seed)")
        }
    }

    @Test func theWriterProducesTheFormatTheseTestsWriteByHand() async {
        await PropertySeeds.check(count: Self.seeds) { seed in
            var random = SeededGenerator(seed: seed)
            let sample = makeSample(using: &random)
            #expect(sample.reference.userInfo() == sample.userInfo, "seed \(seed)")
        }
    }

    @Test(arguments: Mutation.all)
    func eachDefectIsClassifiedAsItsOwnReason(_ mutation: Mutation) async {
        await PropertySeeds.check(count: Self.seeds) { seed in
            var random = SeededGenerator(seed: seed)
            let sample = makeSample(using: &random)
            let (userInfo, expected) = mutation.apply(to: sample.userInfo, using: &random)

            let decoded = PayloadDecoder().decode(userInfo)

            switch expected {
            case .reason(let reason):
                #expect(decoded == .invalid(reason), "seed \(seed), \(mutation)")
            case .oversized:
                // The byte count is the decoder's estimate; any count above the limit will do.
                guard case .invalid(.oversized(let bytes, let limit)) = decoded, limit == 4096, bytes > 4096 else {
                    Issue.record("seed \(seed), \(mutation): expected oversized above 4096 bytes, got \(decoded)")
                    return
                }
            }
        }
    }

    // MARK: Valid samples

    /// A valid payload and its `userInfo`, written independently of each other.
    struct Sample {
        var reference: HeraldPayload
        var userInfo: [String: JSONValue]
    }

    /// The kinds as the format spells them.
    static let kinds: [(raw: String, kind: NotificationKind)] = [
        ("reminder", .reminder), ("snooze", .snooze), ("followup", .followUp), ("event", .event), ("location", .location),
    ]

    /// Random identities and extras, kept well under the 4096-byte limit: one identity
    /// part of up to 256 characters and three of up to 40 (at most 4 bytes each: 1,504
    /// bytes), and at most three extras, each a key of up to 12 characters and a scalar
    /// or a flat container of up to three scalars (under 400 bytes each).
    func makeSample(using random: inout SeededGenerator) -> Sample {
        let long = Int.random(in: 0..<4, using: &random)
        let parts = (0..<4).map { index in
            let lengths = index == long ? [1, 2, 17, 64, 255, 256] : [1, 3, 8, 40]
            return makeString(length: lengths.randomElement(using: &random)!, using: &random)
        }
        let kind = Self.kinds.randomElement(using: &random)!
        var extras: [String: JSONValue] = [:]
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let key = makeString(length: Int.random(in: 0...12, using: &random), using: &random)
            guard key != "herald" else { continue }
            extras[key] = makeValue(containers: true, using: &random)
        }
        let identifier = NotificationIdentifier(
            entity: EntityReference(namespace: parts[0], id: parts[1]), rule: parts[2],
            occurrence: OccurrenceKey(rawValue: parts[3]), kind: kind.kind)
        var userInfo = extras
        userInfo["herald"] = .object([
            "v": .number(1), "namespace": .string(parts[0]), "entity": .string(parts[1]), "rule": .string(parts[2]),
            "occurrence": .string(parts[3]), "kind": .string(kind.raw),
        ])
        return Sample(reference: HeraldPayload(identifier: identifier, extras: extras), userInfo: userInfo)
    }

    // MARK: Defects

    /// What the decoder must answer for a defective payload.
    enum Expected {
        case reason(HeraldPayload.InvalidReason)
        /// Oversized, with any byte count above the limit.
        case oversized
    }

    /// One defect applied to a valid `userInfo`.
    enum Mutation: Sendable, CustomTestStringConvertible {
        case removeKey(String)
        case wrongType(String)
        case unsupportedVersion
        case unknownKind
        case emptyPart(String)
        case tooLongPart(String)
        case oversized
        case missingHeraldEntry
        case heraldNotAnObject

        static let requiredKeys = ["v", "kind", "namespace", "entity", "rule", "occurrence"]
        static let parts = ["namespace", "entity", "rule", "occurrence"]

        static let all: [Mutation] = requiredKeys.map(Mutation.removeKey) + requiredKeys.map(Mutation.wrongType)
            + [.unsupportedVersion, .unknownKind] + parts.map(Mutation.emptyPart) + parts.map(Mutation.tooLongPart)
            + [.oversized, .missingHeraldEntry, .heraldNotAnObject]

        var testDescription: String {
            switch self {
            case .removeKey(let key): "remove \(key)"
            case .wrongType(let key): "wrong JSON type for \(key)"
            case .unsupportedVersion: "unsupported version"
            case .unknownKind: "unknown kind"
            case .emptyPart(let key): "empty \(key)"
            case .tooLongPart(let key): "\(key) over 256 characters"
            case .oversized: "oversized userInfo"
            case .missingHeraldEntry: "no herald entry"
            case .heraldNotAnObject: "herald not an object"
            }
        }

        func apply(to valid: [String: JSONValue], using random: inout SeededGenerator)
            -> (userInfo: [String: JSONValue], expected: Expected) {
            var userInfo = valid
            guard case .object(var fields) = valid["herald"] else { preconditionFailure("a valid sample has a herald object") }
            let expected: Expected
            switch self {
            case .removeKey(let key):
                fields[key] = nil
                expected = .reason(.missingKey(key))
            case .wrongType("v"):
                // Anything but an integral number: another JSON type, or a fraction or a
                // number no Int holds.
                let value = Bool.random(using: &random)
                    ? makeValue(excluding: "number", using: &random)
                    : .number([0.5, 1.5, -2.25, 1e300, -1e300, .infinity, .nan].randomElement(using: &random)!)
                fields["v"] = value
                expected = .reason(.wrongType(key: "v", expected: "integer", found: jsonType(of: value)))
            case .wrongType(let key):
                let value = makeValue(excluding: "string", using: &random)
                fields[key] = value
                expected = .reason(.wrongType(key: key, expected: "string", found: jsonType(of: value)))
            case .unsupportedVersion:
                let version = [0, 2, 3, -1, 99, 1 << 40, -(1 << 40)].randomElement(using: &random)!
                fields["v"] = .number(Double(version))
                expected = .reason(.unsupportedSchemaVersion(version))
            case .unknownKind:
                let known = Set(PayloadDecoderFuzzTests.kinds.map(\.raw))
                var kind = ["", "Reminder", "followUp", "follow-up", "REMINDER", "reminders", " event", "snooze\n"]
                    .randomElement(using: &random)!
                if Bool.random(using: &random) {
                    repeat { kind = makeString(length: Int.random(in: 1...12, using: &random), using: &random) }
                    while known.contains(kind)
                }
                fields["kind"] = .string(kind)
                expected = .reason(.unknownKind(kind))
            case .emptyPart(let key):
                fields[key] = .string("")
                expected = .reason(.malformedValue(key: key, value: ""))
            case .tooLongPart(let key):
                // ASCII only, so the payload stays under the size limit.
                let alphabet = Array("abcXYZ019:%-_ ")
                let text = String((0..<Int.random(in: 257...320, using: &random)).map { _ in
                    alphabet.randomElement(using: &random)!
                })
                fields[key] = .string(text)
                expected = .reason(.malformedValue(key: key, value: String(Array(text)[..<64])))
            case .oversized:
                // One extra longer than the whole limit: oversized whatever else is there.
                userInfo["attachment"] = .string(String(repeating: "x", count: Int.random(in: 4097...9000, using: &random)))
                expected = .oversized
            case .missingHeraldEntry:
                userInfo["herald"] = nil
                return (userInfo, .reason(.notHerald))
            case .heraldNotAnObject:
                let value = makeValue(excluding: "object", using: &random)
                userInfo["herald"] = value
                return (userInfo, .reason(.wrongType(key: "herald", expected: "object", found: jsonType(of: value))))
            }
            userInfo["herald"] = .object(fields)
            return (userInfo, expected)
        }
    }
}

// MARK: Random values

/// Characters of one Unicode scalar each that never join into one grapheme, so a
/// string's character count is the number drawn; from one to four UTF-8 bytes.
private let alphabet = Array("ab:%Z9é🙂\u{0}\n /\"\\")

private func makeString(length: Int, using random: inout SeededGenerator) -> String {
    String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
}

/// A small JSON value: a scalar, or (with `containers`) an array or object of up to
/// three scalars.
private func makeValue(containers: Bool = false, using random: inout SeededGenerator) -> JSONValue {
    switch Int.random(in: 0...(containers ? 5 : 3), using: &random) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &random))
    case 2: return .number([0, 1, -1, 2.5, 1e6, -42].randomElement(using: &random)!)
    case 3: return .string(makeString(length: Int.random(in: 0...12, using: &random), using: &random))
    case 4: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in makeValue(using: &random) })
    default:
        var object: [String: JSONValue] = [:]
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            object[makeString(length: Int.random(in: 0...12, using: &random), using: &random)] = makeValue(using: &random)
        }
        return .object(object)
    }
}

/// A small value of any JSON type but `excluded` (`null`, `bool`, `number`, `string`,
/// `array` or `object`).
private func makeValue(excluding excluded: String, using random: inout SeededGenerator) -> JSONValue {
    while true {
        let value = makeValue(containers: true, using: &random)
        if jsonType(of: value) != excluded { return value }
    }
}

/// The JSON type's name as the format's error messages spell it.
private func jsonType(of value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case .bool: "bool"
    case .number: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
}
