import Foundation
import Testing
@testable import Herald

/// The identifiers of repeating requests: formatted, parsed back, and read as the
/// occurrence of the day they were delivered on (values worked out by hand).
@Suite struct RepeatingIdentifierTests {
    @Test(arguments: [
        (LocalTime(hour: 9), nil as Weekday?, "every-0900"),
        (LocalTime(hour: 18, minute: 30), Weekday.monday, "every-MO-1830"),
        (LocalTime(hour: 7, minute: 5, second: 30), Weekday.sunday, "every-SU-070530"),
        (LocalTime(hour: 0), nil, "every-0000"),
    ])
    func aRepeatingKeyRoundTrips(_ time: LocalTime, _ weekday: Weekday?, _ text: String) throws {
        let key = OccurrenceKey.repeating(time, weekday: weekday)
        #expect(key.rawValue == text)
        let slot = try #require(key.repeatingSlot)
        #expect(slot.time == time && slot.weekday == weekday)
        let identifier = NotificationIdentifier(entity: Fixtures.habit("a:b"), rule: "r", occurrence: key, kind: .reminder)
        let parsed = try #require(NotificationIdentifier(parsing: identifier.description))
        #expect(parsed == identifier && parsed.isRepeating)
    }

    @Test(arguments: ["every-2500", "every-0960", "every-XX-0900", "every-0900x", "every-090", "every-MO-", "20261121T0900",
                      "every-0900-MO", "every--0900", "every-mo-0900x"])
    func otherKeysAreNotRepeating(_ text: String) {
        #expect(OccurrenceKey(rawValue: text).repeatingSlot == nil)
    }

    @Test func aDeliveryStandsForTheOccurrenceOfItsDay() {
        let every = NotificationIdentifier(entity: Fixtures.habit("water"), rule: "r",
                                           occurrence: .repeating(LocalTime(hour: 9)), kind: .reminder)
        let resolved = every.occurrence(deliveredAt: Fixtures.date("2026-11-21T09:00"), in: Fixtures.berlin)
        #expect(resolved.occurrence.rawValue == "20261121T0900")
        #expect(!resolved.isRepeating)
        // 09:00 in Tokyo on the 22nd is 01:00 in Berlin on the 22nd.
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        #expect(every.occurrence(deliveredAt: Fixtures.date("2026-11-22T01:00"), in: tokyo).occurrence.rawValue
            == "20261122T0900")
        let oneShot = NotificationIdentifier(entity: Fixtures.habit("water"), rule: "r",
                                             occurrence: OccurrenceKey(rawValue: "20261121T0900"), kind: .reminder)
        #expect(oneShot.occurrence(deliveredAt: .distantFuture, in: tokyo) == oneShot)
    }

    @Test func aRuleStoredBeforeFixedContentExistedDecodes() throws {
        let rule = try ReminderRule(entity: Fixtures.habit("water"), id: "r", schedule: .daily(at: [LocalTime(hour: 9)]),
                                    fixedContent: true)
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(rule)) as! [String: Any]
        #expect(json["fixedContent"] as? Bool == true)
        json["fixedContent"] = nil
        let old = try JSONDecoder().decode(ReminderRule.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(!old.fixedContent)
        #expect(try JSONDecoder().decode(ReminderRule.self, from: JSONEncoder().encode(rule)) == rule)
    }
}
