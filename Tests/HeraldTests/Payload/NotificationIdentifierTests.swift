import Testing
@testable import Herald

@Suite struct NotificationIdentifierTests {
    @Test func roundTripsWithEscapedParts() {
        let id = NotificationIdentifier(
            entity: EntityReference(namespace: "habit", id: "a:b%c"),
            rule: "morning",
            occurrence: OccurrenceKey(rawValue: "20261121T0900"),
            kind: .reminder
        )
        #expect(id.description == "herald:reminder:habit:a%3Ab%25c:morning:20261121T0900")
        #expect(NotificationIdentifier(parsing: id.description) == id)
    }

    @Test(arguments: ["", "someone-else", "herald:reminder:habit:x:y", "herald:nope:habit:x:y:z",
                      "herald:reminder::x:y:z", "herald:reminder:habit:x:y:%ZZ", "HERALD:reminder:a:b:c:d"])
    func rejectsForeignOrMalformed(_ text: String) {
        #expect(NotificationIdentifier(parsing: text) == nil)
    }
}
