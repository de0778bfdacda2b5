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

    /// Text that is ASCII with no escape is read from its bytes in one pass; it parses
    /// to what the character path reads (a reference here: split by characters,
    /// unescaped by the documented rules), the same identifier or the same refusal, for
    /// texts near Herald's form with stray colons, empty parts, escapes and non-ASCII.
    @Test func theBytePathReadsWhatTheCharacterPathReads() async {
        // Half the texts are made of plain pieces only, so many are identifiers.
        let plain = ["habit", "Z9", "0900", "T", "a-b"]
        let messy = plain + ["%3A", "%3a", "%25", "%", "%4", "é", "\u{301}", ":", ""]
        let kinds = ["reminder", "snooze", "followup", "group", "location", "event", "nope", ""]
        var byBytes = 0
        await PropertySeeds.check(count: 400) { seed in
            var random = SeededGenerator(seed: seed)
            let pieces = Bool.random(using: &random) ? plain : messy
            func part() -> String {
                (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            }
            let scheme = Int.random(in: 0..<4, using: &random) > 0 ? "herald" : ["Herald", "heral", ""].randomElement(using: &random)!
            let parts = [scheme, kinds.randomElement(using: &random)!]
                + (0..<(Int.random(in: 0..<4, using: &random) > 0 ? 4 : Int.random(in: 3...5, using: &random))).map { _ in part() }
            let text = parts.joined(separator: ":")
            if case .parsed = NotificationIdentifier.quickParse(text) { byBytes += 1 }
            #expect(NotificationIdentifier(parsing: text) == Self.referenceParse(text), "seed \(seed): \(text.debugDescription)")
        }
        #expect(byBytes >= PropertySeeds.listed(400) / 20, "the byte path read \(byBytes) identifiers: the test must reach it")
    }

    /// The identifier's text form read by characters, with the documented escapes: `%25`
    /// is `%`, `%3A` (either case) is `:`, any other `%` is refused.
    static func referenceParse(_ text: String) -> NotificationIdentifier? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        func unescaped(_ part: Substring) -> String? {
            var result = "", rest = Array(part)
            while let first = rest.first {
                guard first == "%" else { result.append(first); rest.removeFirst(); continue }
                switch String(rest.prefix(3)).uppercased() {
                case "%25": result.append("%")
                case "%3A": result.append(":")
                default: return nil
                }
                rest.removeFirst(3)
            }
            return result
        }
        guard parts.count == 6, parts[0] == "herald", let kind = NotificationKind(rawValue: String(parts[1])),
              let values = Optional(parts[2...].map(unescaped)), values.allSatisfy({ $0?.isEmpty == false })
        else { return nil }
        return NotificationIdentifier(entity: EntityReference(namespace: values[0]!, id: values[1]!), rule: values[2]!,
                                      occurrence: OccurrenceKey(rawValue: values[3]!), kind: kind)
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
