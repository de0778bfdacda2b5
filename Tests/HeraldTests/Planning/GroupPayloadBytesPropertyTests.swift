import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// A member's payload bytes, counted without formatting its identifier
/// (`PlannedGroup.payloadBytes(ofReminderOf:at:)`), against the oracle: the identifier
/// made and formatted (`ReminderRule.identifier(for:)`, `description`), as
/// `PlannedGroup.payloadBytes(of:zone:)` counts it.
@Suite struct GroupPayloadBytesPropertyTests {
    /// Text with the characters escaping changes (`%`, `:`), multi-byte ones and plain ones.
    static func part(using random: inout SeededGenerator) -> String {
        let alphabet: [String] = ["a", "Z", "7", "%", ":", "é", "🙂", "-", "#", " "]
        return String((0..<Int.random(in: 1...12, using: &random)).map { _ in
            alphabet.randomElement(using: &random)!
        }.joined())
    }

    /// A date-time with a year from before 0 to past 9999, with or without seconds.
    static func dateTime(using random: inout SeededGenerator) -> LocalDateTime {
        let year = [Int.random(in: 1970...2100, using: &random), Int.random(in: -20...999, using: &random),
                    Int.random(in: 10_000...200_000, using: &random)].randomElement(using: &random)!
        let second = Bool.random(using: &random) ? 0 : Int.random(in: 1...59, using: &random)
        return LocalDateTime(date: LocalDate(year: year, month: Int.random(in: 1...12, using: &random),
                                             day: Int.random(in: 1...28, using: &random)),
                             time: LocalTime(hour: Int.random(in: 0...23, using: &random),
                                             minute: Int.random(in: 0...59, using: &random), second: second))
    }

    @Test func theCountedLengthIsTheFormattedIdentifiers() async {
        await PropertySeeds.check(count: 300) { seed in
            var random = SeededGenerator(seed: seed)
            for _ in 0..<20 {
                let entity = EntityReference(namespace: Self.part(using: &random), id: Self.part(using: &random))
                let rule = Self.part(using: &random)
                let occurrence = Self.dateTime(using: &random)
                let formatted = NotificationIdentifier(entity: entity, rule: rule, occurrence: OccurrenceKey(occurrence),
                                                       kind: .reminder).description
                #expect(NotificationIdentifier.reminderDescriptionByteCount(entity: entity, rule: rule, occurrence: occurrence)
                        == formatted.utf8.count, "\(formatted)")
                #expect(occurrence.compactDescriptionByteCount == occurrence.compactDescription.utf8.count)
            }
        }
    }

    @Test func aMembersBytesAreThoseOfItsFormattedIdentifier() async {
        await PropertySeeds.check(count: 200) { seed in
            var random = SeededGenerator(seed: seed)
            let today = LocalDate(year: 2026, month: 11, day: 28)
            for rule in RandomRules.rules(count: 10, entities: 4, near: today, using: &random) {
                let occurrence = Self.dateTime(using: &random)
                #expect(PlannedGroup.payloadBytes(ofReminderOf: rule, at: occurrence)
                        == PlannedGroup.payloadBytes(of: rule.identifier(for: occurrence), zone: rule.schedule.timeZone),
                        "\(rule.id) at \(occurrence)")
            }
        }
    }

    @Test func aHandCountedIdentifier() {
        // herald:reminder:habit:water:daily:20261121T0900 is 6+1+8+1+5+1+5+1+5+1+13 = 47 bytes;
        // the rule "a:b" escapes to "a%3Ab", five bytes as "daily" is; "a:b:c" to "a%3Ab%3Ac", nine.
        let nine = LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 21), time: LocalTime(hour: 9))
        let water = EntityReference(namespace: "habit", id: "water")
        #expect(NotificationIdentifier.reminderDescriptionByteCount(entity: water, rule: "daily", occurrence: nine) == 47)
        #expect(NotificationIdentifier.reminderDescriptionByteCount(entity: water, rule: "a:b", occurrence: nine) == 47)
        #expect(NotificationIdentifier.reminderDescriptionByteCount(entity: water, rule: "a:b:c", occurrence: nine) == 51)
    }
}
