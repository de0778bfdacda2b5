import Foundation
import Herald
@testable import HeraldScenario
import Testing

/// The reader that turns a scenario's saved state into JSON values reads what
/// `JSONDecoder` reads (the oracle), and refuses what is not JSON at a byte offset.
struct JSONValueReaderTests {
    @Test func readsWhatJSONDecoderReads() throws {
        let texts = [
            #"{"a": [1, -2.5, 1e21, 0.1, true, false, null], "b": {"c": "", "d": {}}, "e": []}"#,
            #""quote \" backslash \\ slash \/ tab \t newline \n nul \u0000 é \u00e9 clef \ud834\udd1e emoji 😀""#,
            #"[700000000.123456, 9007199254740993, -0, 123456789012345678901234567890]"#,
            " \n[ ] ",
        ]
        for text in texts {
            var reader = JSONValueReader(Data(text.utf8))
            #expect(try reader.value() == JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)), "\(text)")
        }
    }

    @Test func aCheckpointReadsBackToItsEncoding() throws {
        // Dates are seconds since 2001 with fractions: they read back to the same Double
        let dates = [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSince1970: 1_795_000_000.125),
                     Date(timeIntervalSinceReferenceDate: 1e-7)]
        let data = try JSONEncoder().encode(dates)
        var reader = JSONValueReader(data)
        #expect(try reader.value() == JSONDecoder().decode(JSONValue.self, from: data))
    }

    @Test(arguments: ["", "{", "[1,]", #"{"a" 1}"#, "tru", "01x", #""open"#, #""\u12""#, "[1] 2", #""\ud834""#])
    func notJSONIsRefused(_ text: String) {
        var reader = JSONValueReader(Data(text.utf8))
        #expect(throws: JSONValueReader.Malformed.self) { try reader.value() }
    }

    @Test func depthIsBounded() {
        var reader = JSONValueReader(Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8))
        #expect(throws: JSONValueReader.Malformed.self) { try reader.value() }
    }
}
