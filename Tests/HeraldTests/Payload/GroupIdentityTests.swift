import Foundation
import Testing
@testable import Herald

/// A group's identifier names the instant it fires at, and its payload names every
/// member; both read back as written.
@Suite struct GroupIdentityTests {
    /// 2026-11-22 07:00 in Berlin is 06:00 UTC.
    let seven = Fixtures.date("2026-11-22T07:00")

    func makeMembers() -> [GroupMember] {
        [GroupMember(identifier: NotificationIdentifier(parsing: "herald:reminder:habit:water:r:20261121T2300")!),
         GroupMember(identifier: NotificationIdentifier(parsing: "herald:reminder:med:pill%3Aam:r:20261122T0630")!,
                     zone: "Asia/Tokyo")]
    }

    @Test func aGroupIdentifierRoundTrips() {
        // Given the group firing at 07:00 Berlin, deferred and not
        for (deferred, text) in [(true, "herald:group:quiet:20261122T0600"),
                                 (false, "herald:group:due:20261122T0600")] {
            let identifier = NotificationIdentifier.group(at: seven, deferred: deferred)
            // Then its text names the UTC instant, parses back equal, and gives the instant
            #expect(identifier.description == text)
            #expect(NotificationIdentifier(parsing: text) == identifier)
            #expect(identifier.isGroup)
            #expect(identifier.groupDate == seven)
        }
    }

    @Test func aGroupPayloadNamesEveryMemberWithItsZone() throws {
        // Given a group payload with a floating member and one pinned to Tokyo
        var payload = HeraldPayload(identifier: .group(at: seven, deferred: true))
        payload.members = makeMembers()
        // When written to userInfo and decoded
        let decoded = try #require(PayloadDecoder().decode(payload.userInfo(merging: ["app": "x"])).payload)
        // Then every member and zone comes back, in order
        #expect(decoded.members == makeMembers())
        #expect(decoded.identifier == payload.identifier)
        #expect(decoded.extras["app"] == "x")
    }

    @Test func badMembersAreRefusedWithTheKeyNamed() {
        // Given members that are not an array, name a group, or carry an unknown zone
        let group = NotificationIdentifier.group(at: seven, deferred: false)
        var base = HeraldPayload(identifier: group).dictionary
        let cases: [([String: JSONValue], String)] = [
            (["members": .string("herald:reminder:habit:water:r:20261121T2300")], "members"),
            (["members": .array([.string(group.description)])], "members"),
            (["members": .array([.string("herald:reminder:habit:water:r:20261121T2300")]),
              "member_zones": .object(["herald:reminder:habit:water:r:20261121T2300": .string("Mars/Olympus")])],
             "member_zones"),
        ]
        for (fields, key) in cases {
            base.merge(fields) { _, new in new }
            guard case .invalid(let reason) = PayloadDecoder().decode([HeraldPayload.userInfoKey: .object(base)]) else {
                Issue.record("accepted \(fields)")
                continue
            }
            // Then the reason names the key
            #expect("\(reason)".contains(key))
            base = HeraldPayload(identifier: group).dictionary
        }
    }

    @Test func aDeliveredGroupIsLoggedWithEachMember() throws {
        // Given a group delivered at 07:00 naming two members
        var payload = HeraldPayload(identifier: .group(at: seven, deferred: true))
        payload.members = makeMembers()
        let request = NotificationRequest(identifier: payload.identifier.description,
                                          content: NotificationContent(title: "2 due", userInfo: payload.userInfo()),
                                          trigger: nil)
        // Then its fired identifiers are the group's, then each member's reminder
        #expect(DeliveredNotification(request: request, date: seven).firedIdentifiers(deviceZone: Fixtures.berlin)
            == [payload.identifier] + makeMembers().map(\.identifier))
    }

    @Test func aPayloadEncodedBeforeGroupsDecodesWithNoMembers() throws {
        // Given a payload's JSON as encoded before groups existed (no "members")
        let json = #"{"schemaVersion":1,"identifier":{"entity":{"namespace":"habit","id":"water"},"rule":"r","#
            + #""occurrence":{"rawValue":"20261121T2300"},"kind":"reminder"},"extras":{}}"#
        // Then it decodes, with no members, and a group's payload round-trips with them
        let old = try JSONDecoder().decode(HeraldPayload.self, from: Data(json.utf8))
        #expect(old.members.isEmpty)
        #expect(old.identifier.description == "herald:reminder:habit:water:r:20261121T2300")
        var group = HeraldPayload(identifier: .group(at: seven, deferred: true))
        group.members = makeMembers()
        #expect(try JSONDecoder().decode(HeraldPayload.self, from: JSONEncoder().encode(group)) == group)
    }
}
