import HeraldConformance
import PropertyBased
import Testing
@testable import Herald

/// Random and adversarial `userInfo` dictionaries: decoding never traps, and every
/// input is classified as a payload or a reason.
@Suite struct PayloadDecoderFuzzTests {
    @Test func randomPayloadsAreAlwaysClassified() async {
        await propertyCheck(count: 3000, input: Gen.uint64().withoutShrink()) { seed in
            var random = SeededGenerator(seed: seed)
            let userInfo = makeAdversarialUserInfo(using: &random)
            switch PayloadDecoder().decode(userInfo) {
            case .valid(let payload):
                // A valid payload's identity survives formatting and parsing.
                #expect(NotificationIdentifier(parsing: payload.identifier.description) == payload.identifier)
                #expect(payload.extras[HeraldPayload.userInfoKey] == nil)
            case .invalid(let reason):
                #expect(!reason.description.isEmpty)
            }
        }
    }

    func makeAdversarialUserInfo(using random: inout SeededGenerator) -> [String: JSONValue] {
        let valid = HeraldPayload(identifier: NotificationIdentifier(
            entity: EntityReference(namespace: makeString(using: &random), id: makeString(using: &random)),
            rule: makeString(using: &random), occurrence: OccurrenceKey(rawValue: makeString(using: &random)),
            kind: NotificationKind.allCases.randomElement(using: &random)!))
        var fields = valid.dictionary
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let key = ["v", "kind", "namespace", "entity", "rule", "occurrence", "extra"].randomElement(using: &random)!
            fields[key] = Bool.random(using: &random) ? nil : makeValue(depth: 0, using: &random)
        }
        var userInfo: [String: JSONValue] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            userInfo[makeString(using: &random)] = makeValue(depth: 0, using: &random)
        }
        switch Int.random(in: 0...9, using: &random) {
        case 0: userInfo[HeraldPayload.userInfoKey] = makeValue(depth: 0, using: &random)
        case 1: break
        default: userInfo[HeraldPayload.userInfoKey] = .object(fields)
        }
        return userInfo
    }

    func makeValue(depth: Int, using random: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0...(depth > 3 ? 4 : 6), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number([0, 1, 2, -1, 1.5, .infinity, .nan, 1e300].randomElement(using: &random)!)
        case 3, 4: return .string(makeString(using: &random))
        case 5: return .array((0..<Int.random(in: 0...5, using: &random)).map { _ in makeValue(depth: depth + 1, using: &random) })
        default:
            var object: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...5, using: &random) {
                object[makeString(using: &random)] = makeValue(depth: depth + 1, using: &random)
            }
            return .object(object)
        }
    }

    func makeString(using random: inout SeededGenerator) -> String {
        let alphabet = Array("ab:%Z9é🙂\u{0}\n ")
        let length = [0, 1, 3, 8, 300, 5000].randomElement(using: &random)!
        return String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
    }
}
