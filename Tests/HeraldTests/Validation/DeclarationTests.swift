import Foundation
import Testing
@testable import Herald

/// Identity and payload are checked where a rule, an event or a request is made, so
/// nothing reaches the center that Herald could not parse back or that differs from
/// itself.
@Suite struct DeclarationTests {
    static let daily = try! Schedule.daily(at: [LocalTime(hour: 9)])
    static let water = EntityReference(namespace: "habit", id: "water")
    static let long = String(repeating: "é", count: 257)

    @Test(arguments: [
        (EntityReference(namespace: "", id: "water"), "r", DeclarationError.Code.emptyPart, "namespace"),
        (EntityReference(namespace: "habit", id: ""), "r", .emptyPart, "entity id"),
        (water, "", .emptyPart, "rule id"),
        (EntityReference(namespace: long, id: "water"), "r", .partTooLong, "namespace"),
        (EntityReference(namespace: "habit", id: long), "r", .partTooLong, "entity id"),
        (water, long, .partTooLong, "rule id"),
    ])
    func aRuleWithAnUnusableIdentityIsRefused(entity: EntityReference, rule: String, code: DeclarationError.Code,
                                              part: String) {
        let error = #expect(throws: DeclarationError.self) {
            try ReminderRule(entity: entity, id: rule, schedule: Self.daily)
        }
        #expect(error?.code == code)
        #expect(error?.message.hasPrefix("the \(part) of rule ") == true)
    }

    /// A 10 MB entity id is named by an excerpt and its size, not quoted whole: "habit/"
    /// and the first 34 x make the excerpt's 40 characters, of 10,000,008 bytes.
    @Test func aHugeIdentifierIsQuotedAsAnExcerpt() {
        let huge = String(repeating: "x", count: 10_000_000)
        let error = #expect(throws: DeclarationError.self) {
            try ReminderRule(entity: EntityReference(namespace: "habit", id: huge), id: "r", schedule: Self.daily)
        }
        let excerpt = "rule 'habit/" + String(repeating: "x", count: 34) + "…' (10000008 bytes)"
        #expect(error?.message == "the entity id of \(excerpt) is 10000000 characters long, more than the 256 Herald can read back from a notification; use a shorter identifier")
    }

    @Test func aPartOfExactlyTheLimitIsAcceptedAndReadBack() throws {
        let id = String(repeating: "é", count: 256)
        let rule = try ReminderRule(entity: EntityReference(namespace: "habit", id: id), id: "r", schedule: Self.daily)
        let request = try PlannedReminder(
            rule: rule, occurrence: Occurrence(local: LocalDateTime(parsing: "2026-11-21T09:00")!, date: Date()),
            badge: nil, day: LocalDate(year: 2026, month: 11, day: 21), triggerTime: LocalDateTime(parsing: "2026-11-21T09:00")!
        ).request(with: NotificationContent(title: "Water"))
        #expect(PayloadDecoder().decode(request.content.userInfo).payload?.entity.id == id)
    }

    @Test func aNegativeOrEndlessFollowUpIsRefused() {
        for delay in [-1.0, .infinity, .nan] {
            let error = #expect(throws: DeclarationError.self) {
                try ReminderRule(entity: Self.water, id: "r", schedule: Self.daily, followUpAfter: delay)
            }
            #expect(error?.code == .invalidDuration)
        }
    }

    @Test(arguments: [
        (["progress": JSONValue.number(.nan)], DeclarationError.Code.nonFiniteNumber, "userInfo[\"progress\"]"),
        (["series": .array([1, .object(["x": .number(-.infinity)])])], .nonFiniteNumber, "userInfo[\"series\"][1][\"x\"]"),
        (["blob": .string(String(repeating: "x", count: 5_000))], .userInfoTooLarge, "the userInfo of event"),
    ] as [([String: JSONValue], DeclarationError.Code, String)])
    func anEventWhosePayloadCannotBeSentIsRefused(userInfo: [String: JSONValue], code: DeclarationError.Code,
                                                  start: String) {
        let error = #expect(throws: DeclarationError.self) {
            try ImmediateEvent(entity: Self.water, name: "streak", token: "7",
                               content: NotificationContent(title: "7 days", userInfo: userInfo))
        }
        #expect(error?.code == code)
        #expect(error?.message.hasPrefix(start) == true)
    }

    @Test func aReminderWhoseContentCannotBeSentIsRefusedByItsIdentifier() throws {
        // Given the 09:00 reminder of 21 November planned from a daily rule
        let rule = try ReminderRule(entity: Self.water, id: "r", schedule: Self.daily)
        let local = LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 21), time: LocalTime(hour: 9))
        let reminder = PlannedReminder(rule: rule, occurrence: Occurrence(local: local, date: Date(timeIntervalSince1970: 1_795_248_000)),
                                       badge: 1, day: local.date, triggerTime: local)
        // When its content holds a number JSON cannot carry, or a payload too large
        let nan = #expect(throws: DeclarationError.self) {
            try reminder.request(with: NotificationContent(title: "Water", userInfo: ["ml": .number(.nan)]))
        }
        let large = #expect(throws: DeclarationError.self) {
            try reminder.request(with: NotificationContent(title: "Water",
                                                           userInfo: ["blob": .string(String(repeating: "x", count: 5_000))]))
        }
        // Then each error names the request by its identifier
        #expect(nan?.message == "userInfo[\"ml\"] of the content of herald:reminder:habit:water:r:20261121T0900 "
                + "is not a finite number; JSON has no NaN or infinity, so store it as a string or leave it out")
        #expect(large?.code == .userInfoTooLarge)
        #expect(large?.message.hasPrefix("the userInfo of the content of herald:reminder:habit:water:r:20261121T0900 is about")
                == true)
    }

    @Test func anEventWithAnEmptyTokenOrANegativeDelayIsRefused() {
        let empty = #expect(throws: DeclarationError.self) {
            try ImmediateEvent(entity: Self.water, name: "streak", token: "", content: NotificationContent(title: "7"))
        }
        #expect(empty?.code == .emptyPart)
        let negative = #expect(throws: DeclarationError.self) {
            try ImmediateEvent(entity: Self.water, name: "streak", token: "7", content: NotificationContent(title: "7"),
                               delay: -5)
        }
        #expect(negative?.code == .invalidDuration)
    }

    @Test func aPinnedRulesPayloadCarriesItsZoneAndAFloatingOneDoesNot() throws {
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let local = LocalDateTime(parsing: "2026-11-22T08:00")!
        func payload(_ zone: TimeZone?) throws -> HeraldPayload? {
            let rule = try ReminderRule(entity: Self.water, id: "r", schedule: try .daily(at: [LocalTime(hour: 8)], timeZone: zone))
            let request = try PlannedReminder(rule: rule, occurrence: Occurrence(local: local, date: Date()), badge: nil,
                                              day: local.date, triggerTime: local).request(with: NotificationContent(title: "x"))
            return PayloadDecoder().decode(request.content.userInfo).payload
        }
        let pinned = try payload(tokyo), floating = try payload(nil)
        #expect(pinned?.occurrenceZone == "Asia/Tokyo")
        #expect(floating?.occurrenceZone == nil)
        // 08:00 in Tokyo on 11-22 is 18:00 on 11-21 in New York.
        #expect(pinned?.occurrenceDay(deviceZone: TimeZone(identifier: "America/New_York")!)
                == LocalDate(year: 2026, month: 11, day: 21))
        #expect(floating?.occurrenceDay(deviceZone: TimeZone(identifier: "America/New_York")!)
                == LocalDate(year: 2026, month: 11, day: 22))
    }

    @Test func aPayloadWithAnUnknownZoneIsInvalid() {
        var userInfo = HeraldPayload(identifier: NotificationIdentifier(
            entity: Self.water, rule: "r", occurrence: OccurrenceKey(rawValue: "20261122T0800"), kind: .reminder)).userInfo()
        guard case .object(var fields) = userInfo["herald"] else {
            Issue.record("no Herald entry")
            return
        }
        fields["zone"] = "Mars/Olympus_Mons"
        userInfo["herald"] = .object(fields)
        #expect(PayloadDecoder().decode(userInfo) == .invalid(.malformedValue(key: "zone", value: "Mars/Olympus_Mons")))
        fields["zone"] = 9
        userInfo["herald"] = .object(fields)
        #expect(PayloadDecoder().decode(userInfo) == .invalid(.wrongType(key: "zone", expected: "string", found: "number")))
    }
}
