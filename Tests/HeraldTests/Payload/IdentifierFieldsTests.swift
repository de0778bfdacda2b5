import Foundation
import Testing
@testable import Herald

/// A group's reason and part, and a nag's repeat, are fields of the identifier of
/// their own: the new text reads them back, and every text stored before (the old group
/// form, an occurrence key with `#<n>`) parses to the same values (worked out by hand).
@Suite struct IdentifierFieldsTests {
    /// 2026-11-22 07:00 in Berlin is 06:00 UTC.
    let seven = Fixtures.date("2026-11-22T07:00")

    func makePill() -> NotificationIdentifier {
        NotificationIdentifier(entity: EntityReference(namespace: "med", id: "pill"), rule: "evening",
                               occurrence: OccurrenceKey(rawValue: "20261121T2100"), kind: .reminder)
    }

    @Test(arguments: [
        ("herald:group:herald:group:quiet:20261122T0600", "herald:group:quiet:20261122T0600", GroupReason.quiet, 1),
        ("herald:group:herald:group:due:20261122T0600", "herald:group:due:20261122T0600", GroupReason.due, 1),
        ("herald:group:herald:group:quiet:20261122T0600#2", "herald:group:quiet:20261122T0600#2", GroupReason.quiet, 2),
        ("herald:group:herald:group:due:20261122T0600#13", "herald:group:due:20261122T0600#13", GroupReason.due, 13),
    ])
    func theOldGroupTextParsesToTheSameGroup(_ old: String, _ new: String, _ reason: GroupReason, _ part: Int) throws {
        // Given a group's text as Herald wrote it before, and as it writes it now
        let before = try #require(NotificationIdentifier(parsing: old))
        let now = try #require(NotificationIdentifier(parsing: new))
        // Then both are the same identifier, with its reason, part and instant as fields
        #expect(before == now)
        #expect(now == NotificationIdentifier.group(at: seven, reason: reason, part: part))
        #expect(now.description == new)
        #expect(before.description == new)
        #expect(now.groupReason == reason)
        #expect(now.part == part)
        #expect(now.groupDate == seven)
        #expect(now.occurrence.rawValue == "20261122T0600")
        #expect(now.entity == NotificationIdentifier.groupEntity)
    }

    @Test(arguments: ["herald:group:quiet", "herald:group::20261122T0600", "herald:group:quiet:", "herald:event:quiet:x",
                      "other:group:quiet:20261122T0600"])
    func aMalformedGroupTextIsNotHeralds(_ text: String) {
        // Then a four-part text that is not a group's, or has an empty part, is refused
        #expect(NotificationIdentifier(parsing: text) == nil)
    }

    @Test func aNagRepeatIsAFieldAndTheOccurrenceStaysTheOccurrence() throws {
        // Given the third repeat of the 21:00 pill, as parsed from its stored text
        let third = try #require(NotificationIdentifier(parsing: "herald:followup:med:pill:evening:20261121T2100#3"))
        // Then the repeat is its own field, the occurrence has no suffix, and the text keeps it
        #expect(third.repeat == 3)
        #expect(third.occurrence.rawValue == "20261121T2100")
        #expect(third.occurrenceText.rawValue == "20261121T2100#3")
        #expect(third == makePill().nagRepeat(3))
        #expect(third == NotificationIdentifier(entity: makePill().entity, rule: "evening",
                                                occurrence: OccurrenceKey(rawValue: "20261121T2100"), kind: .followUp,
                                                repeat: 3))
        // And a repeat or a part given to another kind is not kept
        let reminder = NotificationIdentifier(entity: makePill().entity, rule: "evening",
                                              occurrence: OccurrenceKey(rawValue: "20261121T2100"), kind: .reminder,
                                              repeat: 3, part: 2)
        #expect(reminder == makePill())
    }

    @Test func identifiersAreStoredAsBefore() throws {
        // Given a nag's second repeat and a group's second part
        let identifiers = [makePill().nagRepeat(2), NotificationIdentifier.group(at: seven, reason: .quiet, part: 2)]
        for identifier in identifiers {
            // When encoded
            let data = try JSONEncoder().encode(identifier)
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            // Then the stored form is the one every version reads: four keys, `#2` in the occurrence
            #expect(Set(object.keys) == ["entity", "rule", "occurrence", "kind"])
            #expect((object["occurrence"] as? [String: Any])?["rawValue"] as? String
                    == identifier.occurrence.rawValue + "#2")
            #expect(try JSONDecoder().decode(NotificationIdentifier.self, from: data) == identifier)
        }
        // And a group stored before decodes to the same group
        let old = #"{"entity":{"namespace":"herald","id":"group"},"rule":"quiet","occurrence":{"rawValue":"20261122T0600#2"},"kind":"group"}"#
        #expect(try JSONDecoder().decode(NotificationIdentifier.self, from: Data(old.utf8))
                == NotificationIdentifier.group(at: seven, reason: .quiet, part: 2))
    }

    @Test func aGroupPayloadKeepsItsFields() throws {
        // Given the payload of a group's second part
        let group = NotificationIdentifier.group(at: seven, reason: .due, part: 2)
        let payload = HeraldPayload(identifier: group)
        // Then it writes the fields it always wrote, and decodes to the same part
        #expect(payload.dictionary["occurrence"] == .string("20261122T0600#2"))
        #expect(payload.dictionary["rule"] == .string("due"))
        let decoded = try #require(PayloadDecoder().decode(payload.userInfo()).payload)
        #expect(decoded.identifier == group)
    }
}
