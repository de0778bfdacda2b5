import Foundation
import Testing
@testable import Herald

/// A nag is checked where it is declared, and a rule with a nag or a single
/// follow-up is stored so that old and new versions read it back.
@Suite struct NagDeclarationTests {
    func makeRule() -> ReminderRule { Fixtures.dailyRule("water", at: ["09:00"]) }

    @Test(arguments: [
        (0, 3, "the nag of rule habit/water/r repeats every 0.0 seconds; give a finite number of seconds above 0"),
        (-600, 3, "the nag of rule habit/water/r repeats every -600.0 seconds"),
        (.nan, 3, "the nag of rule habit/water/r repeats every nan seconds"),
        (.infinity, 3, "the nag of rule habit/water/r repeats every inf seconds"),
        (86_401, 3, "at most 86400 (a day)"),
        (600, 0, "the nag of rule habit/water/r repeats 0 times; give times from 1 to 24"),
        (600, 25, "the nag of rule habit/water/r repeats 25 times; give times from 1 to 24"),
    ] as [(Double, Int, String)])
    func aNagOutsideItsBoundsIsRefused(_ every: Double, _ times: Int, _ mentions: String) {
        // When a rule is nagged with a bad interval or count
        #expect {
            _ = try makeRule().nagging(every: every, times: times)
        } throws: { error in
            // Then the error says which rule, what is wrong and what to give
            guard let error = error as? DeclarationError else { return false }
            return error.code == .invalidNag && error.message.contains(mentions)
        }
    }

    @Test func aNagMadeAloneSaysSo() {
        #expect {
            _ = try Nag(every: 600, times: 0)
        } throws: { error in
            (error as? DeclarationError)?.message == "a nag repeats 0 times; give times from 1 to 24"
        }
    }

    @Test func theBoundsThemselvesAreAccepted() throws {
        #expect(try makeRule().nagging(every: 86_400, times: 24).nag == Nag(unchecked: 86_400, times: 24))
        #expect(try Nag(every: 1, times: 1) == Nag(unchecked: 1, times: 1))
    }

    @Test func followUpAfterIsANagOfOnce() throws {
        // Given a rule declared with followUpAfter
        let rule = try ReminderRule(entity: Fixtures.habit("water"), id: "r", schedule: try .daily(at: [LocalTime(hour: 9)]),
                                    followUpAfter: 900)
        // Then its nag repeats once, and setting followUpAfter replaces a nag
        #expect(rule.nag == Nag(unchecked: 900, times: 1))
        var nagged = try rule.nagging(every: 600, times: 3)
        #expect(nagged.followUpAfter == 600)
        nagged.followUpAfter = nil
        #expect(nagged.nag == nil)
    }

    @Test func aRuleStoredWithFollowUpAfterDecodesAsASingleFollowUp() throws {
        // Given a rule as stored before nags: followUpAfter, no nag key
        var rule = makeRule()
        rule.followUpAfter = 1_200
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(rule)) as? [String: Any])
        #expect(object["followUpAfter"] as? Double == 1_200)
        #expect(object["nag"] == nil)
        // When decoded, then it is the same rule, with one follow-up after 20 minutes
        let decoded = try JSONDecoder().decode(ReminderRule.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(decoded == rule)
        #expect(decoded.nag == Nag(unchecked: 1_200, times: 1))
    }

    @Test func aNaggedRuleRoundTripsAndReadsAsOneFollowUpWithoutItsNag() throws {
        // Given a rule nagged every 10 minutes 3 times, encoded
        let rule = try makeRule().nagging(every: 600, times: 3)
        let data = try JSONEncoder().encode(rule)
        // Then it decodes to itself
        #expect(try JSONDecoder().decode(ReminderRule.self, from: data) == rule)
        // And a reader that knows no nags (the nag key dropped) still sees one follow-up after 10 minutes
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["nag"] = nil
        let old = try JSONDecoder().decode(ReminderRule.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(old.nag == Nag(unchecked: 600, times: 1))
    }

    @Test func aStoredNagOutsideItsBoundsIsRefused() throws {
        // Given a stored rule whose nag repeats 0 times
        let rule = try makeRule().nagging(every: 600, times: 3)
        var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(rule)) as? [String: Any])
        object["nag"] = ["every": 600, "times": 0]
        // When decoded, then it is refused
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ReminderRule.self, from: JSONSerialization.data(withJSONObject: object))
        }
    }
}
