import Foundation
@testable import HeraldUserNotifications
import Testing

/// A sync record's CloudKit name is its id where CloudKit takes it (ASCII, at most 255
/// characters, no leading underscore), and otherwise a name CloudKit takes that no other
/// id has.
@Suite struct CloudKitRecordNameTests {
    @Test func anASCIIIdIsItsOwnName() {
        let id = "phone|1795248000123|pause|habit/water"
        #expect(CloudKitRecordName.of(id) == id)
    }

    @Test func otherTextIsPercentEncoded() {
        // « is C2 AB and » C2 BB in UTF-8; % itself is encoded, and a leading underscore
        #expect(CloudKitRecordName.of("iPhone «Anna»|1|pause|goal/x") == "iPhone %C2%ABAnna%C2%BB|1|pause|goal/x")
        #expect(CloudKitRecordName.of("100%") == "100%25")
        #expect(CloudKitRecordName.of("_a_b") == "%5Fa_b")
        #expect(CloudKitRecordName.of("a\nb") == "a%0Ab")
    }

    @Test func aNameOver255CharactersIsTheIdsSHA256() {
        // 86 × "✓" (3 bytes each) encode to 86 × 9 = 774 characters
        let id = String(repeating: "✓", count: 86)
        let name = CloudKitRecordName.of(id)
        #expect(name.hasPrefix("%H") && name.count == 2 + 64)
        #expect(name == "%H" + SHA256.digest(Array(id.utf8)).map { String(format: "%02x", $0) }.joined())
        #expect(CloudKitRecordName.of(String(repeating: "a", count: 255)) == String(repeating: "a", count: 255))
        #expect(CloudKitRecordName.of(String(repeating: "a", count: 256)).hasPrefix("%H"))
        #expect(CloudKitRecordName.of("").hasPrefix("%H"))
    }

    @Test func sha256MatchesTheStandardsVectors() {
        func hex(_ text: String) -> String { SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        // FIPS 180-4 examples: "abc", the empty string, and a two-block message
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
