import Foundation
import HeraldTestSupport
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

    /// The text form is the six parts joined by ":", each escaped (the form written out
    /// in the type's documentation), for parts made of any characters, and parses back.
    @Test func theTextFormJoinsTheEscapedParts() async {
        let alphabet: [Character] = ["a", "Z", "0", ":", "%", "3", "A", "-", ".", "é", "🙂", " "]
        await PropertySeeds.check(count: 200) { seed in
            var random = SeededGenerator(seed: seed)
            func part() -> String {
                String((0..<Int.random(in: 1...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            }
            let kind = [NotificationKind.reminder, .snooze, .followUp, .event, .location].randomElement(using: &random)!
            let id = NotificationIdentifier(entity: EntityReference(namespace: part(), id: part()), rule: part(),
                                            occurrence: OccurrenceKey(rawValue: part()), kind: kind)
            func escaped(_ text: String) -> String {
                text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: ":", with: "%3A")
            }
            let expected = ["herald", kind.rawValue, escaped(id.entity.namespace), escaped(id.entity.id),
                            escaped(id.rule), escaped(id.occurrence.rawValue)].joined(separator: ":")
            #expect(id.description == expected, "seed \(seed)")
            #expect(NotificationIdentifier(parsing: id.description) == id, "seed \(seed)")
        }
    }

    /// The parts are split at exactly the colons the standard library's split by
    /// characters finds, ASCII or not: a colon followed by a combining mark is one
    /// character and splits nothing.
    @Test func textIsSplitAtTheColonsTheCharacterSplitFinds() async {
        let alphabet: [String] = ["a", "Z", "0", ":", "%", "T", "-", "é", "🙂", "\u{301}", "\r\n", " "]
        await PropertySeeds.check(count: 300) { seed in
            var random = SeededGenerator(seed: seed)
            let text = (0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
                .joined()
            let expected = text.split(separator: ":", omittingEmptySubsequences: false)
            #expect(NotificationIdentifier.parts(of: text) == expected, "seed \(seed): \(text.debugDescription)")
        }
        #expect(NotificationIdentifier.parts(of: "a:\u{301}b:c") == ["a:\u{301}b", "c"])
        #expect(NotificationIdentifier.parts(of: "::") == ["", "", ""])
    }

    /// ``NotificationIdentifier/roundTrips`` (what the engine checks before it reads
    /// back an identifier it built instead of parsing it) says exactly whether the text
    /// parses back to the same identifier: parts of any characters, some empty.
    @Test func roundTripsSaysWhetherTheTextParsesBack() async {
        let alphabet: [Character] = ["a", ":", "%", "3", "A", "é"]
        await PropertySeeds.check(count: 200) { seed in
            var random = SeededGenerator(seed: seed)
            func part() -> String {
                String((0..<Int.random(in: 0...3, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            }
            let kind = [NotificationKind.reminder, .snooze, .followUp, .event, .location].randomElement(using: &random)!
            let id = NotificationIdentifier(entity: EntityReference(namespace: part(), id: part()), rule: part(),
                                            occurrence: OccurrenceKey(rawValue: part()), kind: kind)
            #expect(id.roundTrips == (NotificationIdentifier(parsing: id.description) == id), "seed \(seed): \(id)")
        }
        let empty = NotificationIdentifier(entity: EntityReference(namespace: "habit", id: ""), rule: "daily",
                                           occurrence: OccurrenceKey(rawValue: "20261121T0900"), kind: .reminder)
        #expect(!empty.roundTrips)
        #expect(NotificationIdentifier(parsing: empty.description) == nil)
    }

    @Test(arguments: ["", "someone-else", "herald:reminder:habit:x:y", "herald:nope:habit:x:y:z",
                      "herald:reminder::x:y:z", "herald:reminder:habit:x:y:%ZZ", "HERALD:reminder:a:b:c:d"])
    func rejectsForeignOrMalformed(_ text: String) {
        #expect(NotificationIdentifier(parsing: text) == nil)
    }
}
