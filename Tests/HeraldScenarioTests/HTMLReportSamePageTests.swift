import Foundation
import Testing

/// `herald simulate --html` writes the same page for every bundled example as it did
/// before the page was built in one pass (commit 21a2a92, issue 39) and before every
/// attribute was escaped (issue 37): the same text a line, and the same tree (tags,
/// attributes, texts, references decoded: `HTMLPageContent`) by its fingerprint.
///
/// The fixtures in `Fixtures/HTMLPages` were read from that commit's pages: build
/// `herald` there, write each example's page to a folder
/// (`.build/debug/herald simulate Examples/habits.yaml --html /tmp/pages/habits.html`,
/// and so on), then run
/// `HERALD_RECORD_PAGES=/tmp/pages swift test --filter HTMLReportSamePageTests`,
/// which writes `<example>.txt` and `fingerprints.txt` from them. An example added
/// later is recorded the same way from the page its first commit writes.
///
/// Five of those pages (exercise-breaks, goal-cold-launch, nagging, route-walk,
/// urgency-day) wrote a route's quoted title raw into a lane pin's `title="…"`, the bug
/// of issue 37: a browser ends the attribute at the first inner quote. Their
/// fingerprints were recorded with those quotes written `&quot;` in the pins' titles
/// (and only there), the tree the page meant; their text was read unchanged.
///
/// Three were recorded again after quiet hours changed what they show (issue 37): a
/// deferral past the end of its day is dropped, and a deferred reminder's story tells
/// the deferral (quiet-hours, travel-and-clock, travel-choice); and urgency-day after
/// each alarm gained its backstop notification and the alarm limit's cuts were listed.
/// Each changed line was read against the new behaviour before the fixture was replaced.
///
/// Two were recorded again when an answered occurrence came to ask nothing more in every
/// copy delivered before the answer (issue 40: an answer on one device clears the
/// others'): in exercise-breaks and nagging, tapping a follow-up now clears the
/// occurrence's earlier reminder and follow-ups at once, and the badge stops counting it.
struct HTMLReportSamePageTests {
    static let fixtures = ScenarioFixtures.packageRoot.appendingPathComponent("Tests/HeraldScenarioTests/Fixtures/HTMLPages")

    /// Every bundled example, by its name without `.yaml`.
    static let examples: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: ScenarioFixtures.examples.path)) ?? []
        // A scenario of several devices has a page of its own (HouseholdScenarioTests).
        return files.filter { $0.hasSuffix(".yaml") && !isHousehold($0) }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// The page `herald simulate Examples/<example>.yaml --html` writes.
    static func isHousehold(_ file: String) -> Bool {
        let text = (try? String(contentsOf: ScenarioFixtures.examples.appendingPathComponent(file), encoding: .utf8)) ?? ""
        return text.hasPrefix("devices:") || text.contains("\ndevices:")
    }

    func makePage(_ example: String) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-same-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("\(example).html").path
        let run = try await HeraldCommandTests().makeExecution(["simulate", "Examples/\(example).yaml", "--html", path])
        #expect(run.status == 0, "\(run.stderr)")
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    /// The fingerprints recorded, by example.
    func recordedFingerprints() throws -> [String: String] {
        let lines = try String(contentsOf: Self.fixtures.appendingPathComponent("fingerprints.txt"), encoding: .utf8)
        return Dictionary(uniqueKeysWithValues: lines.split(separator: "\n").map {
            let parts = $0.split(separator: " ")
            return (String(parts[0]), String(parts[1]))
        })
    }

    @Test func theExamplesAreAllRecorded() throws {
        #expect(Self.examples.count >= 13)
        #expect(try recordedFingerprints().keys.sorted() == Self.examples)
    }

    @Test(arguments: examples) func anExamplesPageReadsAsBefore(_ example: String) async throws {
        // Given the page of the example, and what its page read before
        let page = try await makePage(example)
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("\(example).txt"), encoding: .utf8)

        // When it is read
        let content = HTMLPageContent(page: page)

        // Then it has the same text, line for line, and the same tree
        let lines = content.text.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(lines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(lines.count, expectedLines.count)
        #expect(content.text == expected,
                "first difference at line \(first + 1): \(lines.dropFirst(first).first ?? "(end)") instead of \(expectedLines.dropFirst(first).first ?? "(end)")")
        #expect(content.fingerprint == (try recordedFingerprints())[example])
    }

    @Test func aPagesContentIsReadWithItsReferencesDecoded() {
        // Given a page escaping differently what reads the same
        let plain = #"<p class="a'b" data-x="1 &lt; 2">Tom &amp; "Jerry"</p>"#
        let escaped = #"<p class="a&#39;b" data-x="1 &lt; 2">Tom &amp; &quot;Jerry&quot;</p>"#
        let other = #"<p class="a'c" data-x="1 &lt; 2">Tom &amp; "Jerry"</p>"#

        // Then both read as one text and one tree, and a changed attribute changes the tree
        #expect(HTMLPageContent(page: plain).text == "Tom & \"Jerry\"\n")
        #expect(HTMLPageContent(page: escaped).text == "Tom & \"Jerry\"\n")
        #expect(HTMLPageContent(page: plain).fingerprint == HTMLPageContent(page: escaped).fingerprint)
        #expect(HTMLPageContent(page: plain).fingerprint != HTMLPageContent(page: other).fingerprint)
        // FNV-1a 64 of the empty text is its offset basis; of "a", by hand: (basis ^ 0x61) * prime
        #expect(HTMLPageContent.fnv1a("") == "cbf29ce484222325")
        #expect(HTMLPageContent.fnv1a("a") == "af63dc4c8601ec8c")
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["HERALD_RECORD_PAGES"] != nil))
    func recordThePagesContent() throws {
        let pages = try #require(ProcessInfo.processInfo.environment["HERALD_RECORD_PAGES"])
        try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
        var fingerprints: [String] = []
        for example in Self.examples {
            let page = try String(contentsOfFile: "\(pages)/\(example).html", encoding: .utf8)
            let content = HTMLPageContent(page: page)
            try content.text.write(to: Self.fixtures.appendingPathComponent("\(example).txt"), atomically: true, encoding: .utf8)
            fingerprints.append("\(example) \(content.fingerprint)")
        }
        try (fingerprints.joined(separator: "\n") + "\n")
            .write(to: Self.fixtures.appendingPathComponent("fingerprints.txt"), atomically: true, encoding: .utf8)
    }
}
