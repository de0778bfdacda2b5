import Testing
@testable import Herald

@Suite struct PayloadDecoderTests {
    let identifier = NotificationIdentifier(
        entity: EntityReference(namespace: "goal", id: "G-1"), rule: "daily",
        occurrence: OccurrenceKey(rawValue: "20261121T0900"), kind: .reminder)

    func makeUserInfo(replacing key: String? = nil, with value: JSONValue? = nil) -> [String: JSONValue] {
        var userInfo = HeraldPayload(identifier: identifier).userInfo(merging: ["questionID": "q-7"])
        if let key, case .object(var fields) = userInfo[HeraldPayload.userInfoKey] {
            fields[key] = value
            userInfo[HeraldPayload.userInfoKey] = .object(fields)
        }
        return userInfo
    }

    @Test func roundTripsWithExtras() {
        let decoded = PayloadDecoder().decode(makeUserInfo())
        #expect(decoded.payload?.identifier == identifier)
        #expect(decoded.payload?.extras == ["questionID": "q-7"])
    }

    @Test(arguments: [
        ("v", nil, HeraldPayload.InvalidReason.missingKey("v")),
        ("v", JSONValue.string("1"), .wrongType(key: "v", expected: "integer", found: "string")),
        ("v", 2, .unsupportedSchemaVersion(2)),
        ("kind", "telepathy", .unknownKind("telepathy")),
        ("kind", nil, .missingKey("kind")),
        ("entity", 42, .wrongType(key: "entity", expected: "string", found: "number")),
        ("entity", "", .malformedValue(key: "entity", value: "")),
        ("rule", nil, .missingKey("rule")),
        // Foundation reads "Europe/Berlin\0" as a zone at UTC+0 once Berlin is loaded.
        (HeraldPayload.Key.zone, "Europe/Berlin\u{0}", .malformedValue(key: HeraldPayload.Key.zone, value: "Europe/Berlin\u{0}")),
        (HeraldPayload.Key.zone, "America/Los Angeles", .malformedValue(key: HeraldPayload.Key.zone, value: "America/Los Angeles")),
    ] as [(String, JSONValue?, HeraldPayload.InvalidReason)])
    func classifiesEveryDefect(key: String, value: JSONValue?, reason: HeraldPayload.InvalidReason) {
        #expect(PayloadDecoder().decode(makeUserInfo(replacing: key, with: value)) == .invalid(reason))
    }

    @Test func foreignAndOversizedPayloads() {
        #expect(PayloadDecoder().decode(["goalId": "G-1"]) == .invalid(.notHerald))
        #expect(PayloadDecoder().decode(["herald": "yes"]) ==
            .invalid(.wrongType(key: "herald", expected: "object", found: "string")))
        var big = makeUserInfo()
        big["blob"] = .string(String(repeating: "x", count: 5000))
        guard case .invalid(.oversized(_, 4096)) = PayloadDecoder().decode(big) else {
            Issue.record("expected oversized")
            return
        }
    }
}
