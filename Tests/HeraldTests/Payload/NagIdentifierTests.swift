import Foundation
import Testing
@testable import Herald

/// The identifiers of a nag's repeats: the first keeps a follow-up's identifier, the
/// others carry their index, and every one parses back to its occurrence and index
/// (values worked out by hand).
@Suite struct NagIdentifierTests {
    func makePill(_ entity: String = "pill") -> NotificationIdentifier {
        NotificationIdentifier(entity: EntityReference(namespace: "med", id: entity), rule: "evening",
                               occurrence: OccurrenceKey(rawValue: "20261121T2100"), kind: .reminder)
    }

    @Test(arguments: [
        (1, "herald:followup:med:pill:evening:20261121T2100"),
        (2, "herald:followup:med:pill:evening:20261121T2100#2"),
        (3, "herald:followup:med:pill:evening:20261121T2100#3"),
        (24, "herald:followup:med:pill:evening:20261121T2100#24"),
    ])
    func aRepeatRoundTripsToItsOccurrenceAndIndex(_ index: Int, _ text: String) throws {
        // Given repeat `index` of the 21:00 pill
        let identifier = makePill().nagRepeat(index)
        // Then it reads as written, and parses back to the same repeat of the same occurrence
        #expect(identifier.description == text)
        let parsed = try #require(NotificationIdentifier(parsing: text))
        #expect(parsed == identifier)
        #expect(parsed.kind == .followUp)
        #expect(parsed.repeat == index)
        #expect(parsed.original == makePill())
        #expect(parsed.occurrence.localDateTime == LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 21),
                                                                 time: LocalTime(hour: 21)))
    }

    @Test func escapedPartsAndAnotherRepeatOfARepeatStayOneOccurrence() throws {
        // Given an entity whose id holds ':' and '#'
        let odd = makePill("a:b#2")
        // When its third repeat is asked for from its second
        let third = odd.nagRepeat(2).nagRepeat(3)
        // Then it names the same occurrence, and the entity keeps its text
        #expect(third.description == "herald:followup:med:a%3Ab#2:evening:20261121T2100#3")
        #expect(try #require(NotificationIdentifier(parsing: third.description)) == third)
        #expect(third.original == odd)
        #expect(third.entity.id == "a:b#2")
    }

    @Test(arguments: ["20261121T2100#1", "20261121T2100#02", "20261121T2100#x", "20261121T2100#", "#2",
                      "20261121T2100#99999"])
    func otherKeysNameNoRepeat(_ text: String) {
        // Given a key whose index is not written as a repeat's is
        let key = OccurrenceKey(rawValue: text)
        // Then it names no repeat and no date-time: it is kept whole
        #expect(key.nagRepeatIndex == 1)
        #expect(key.withoutNagRepeat == key)
        #expect(key.localDateTime == nil)
    }

    @Test func aRepeatsPayloadIsOfItsOccurrencesDay() throws {
        // Given the payload of the second repeat of the 21:00 pill
        let payload = HeraldPayload(identifier: makePill().nagRepeat(2))
        // When a tap decodes it
        guard case .valid(let decoded) = PayloadDecoder().decode(payload.userInfo()) else {
            Issue.record("the payload did not decode")
            return
        }
        // Then it is that repeat, of the 21st
        #expect(decoded.identifier == makePill().nagRepeat(2))
        #expect(decoded.occurrenceDay(deviceZone: Fixtures.berlin) == LocalDate(year: 2026, month: 11, day: 21))
    }

    @Test func otherKindsKeepTheirKeyWhole() {
        // Given an event whose token looks like a repeat's key
        let event = NotificationIdentifier(entity: Fixtures.habit("water"), rule: "streak",
                                           occurrence: OccurrenceKey(rawValue: "t#2"), kind: .event)
        // Then it is no repeat, and its original keeps the token
        #expect(event.repeat == 1)
        #expect(event.original.occurrence.rawValue == "t#2")
    }
}
