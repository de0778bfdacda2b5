import Foundation
@testable import HeraldReport
import Testing

/// Issue 37: what a scenario writes (a title, an entity or rule id, the scenario's name)
/// reaches the HTML report as text and attribute values, never as markup: `"`, `<`, `>`,
/// `&` and `'` are written as references (`HTMLEscaping`) in every attribute and text,
/// so an `onmouseover="…"` in a title stays part of the title.
struct HTMLReportEscapingTests {
    /// A scenario whose names try to break out of the page's attributes and text.
    static let hostileScenario = #"""
        name: Quotes <and> & 'ticks'
        zone: Europe/Berlin
        start: 2026-11-21T08:00
        days: 1
        entities:
          - id: 'x" onmouseover="alert(1)'
            title: 'Tea" onmouseover="alert(2)" <b>&amp; it''s'
            rules:
              - {id: 'r<1>&', daily: ["09:00"]}
        """#

    /// The page `herald simulate --html` writes for `yaml`.
    func makePage(_ yaml: String) async throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-escaping-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenario = folder.appendingPathComponent("hostile.yaml").path
        let page = folder.appendingPathComponent("hostile.html").path
        try yaml.write(toFile: scenario, atomically: true, encoding: .utf8)
        let run = try await HeraldCommandTests().makeExecution(["simulate", scenario, "--html", page])
        #expect(run.status == 0, "\(run.stderr)")
        return try String(contentsOfFile: page, encoding: .utf8)
    }

    @Test(arguments: [
        ("plain text", "plain text"),
        (#"a "quoted" word"#, "a &quot;quoted&quot; word"),
        ("it's", "it&#39;s"),
        ("<b>bold</b>", "&lt;b&gt;bold&lt;/b&gt;"),
        ("Tom & Jerry", "Tom &amp; Jerry"),
        ("&amp; stays text", "&amp;amp; stays text"),
        (#"x" onmouseover="alert(1)"#, "x&quot; onmouseover=&quot;alert(1)"),
        ("Zürich → 東京", "Zürich → 東京"),
    ])
    func theFiveMarkupCharactersAreWrittenAsReferences(_ text: String, _ expected: String) {
        #expect(HTMLEscaping.escaped(text) == expected)
    }

    @Test func aHostileTitleAndIdStayTextAndAttributeValues() async throws {
        // Given a run whose entity's id and title, rule id and scenario name hold quotes,
        // angle brackets, ampersands, apostrophes and an onmouseover attempt
        let page = try await makePage(Self.hostileScenario)

        // Then the page writes them escaped, in the attributes (the lane pin's title, the
        // row's data-identifier) and in the text (heading, title, the story's lines),
        // as worked out by hand
        let identifier = "herald:reminder:habit:x&quot; onmouseover=&quot;alert(1):r&lt;1&gt;&amp;:20261121T0900"
        let title = "Tea&quot; onmouseover=&quot;alert(2)&quot; &lt;b&gt;&amp;amp; it&#39;s"
        #expect(page.contains(#"<title>Quotes &lt;and&gt; &amp; &#39;ticks&#39;: Herald scenario report</title>"#))
        #expect(page.contains(#"<meta name="twitter:title" content="Quotes &lt;and&gt; &amp; &#39;ticks&#39;: Herald scenario report"/>"#))
        #expect(page.contains(#"<h1>Quotes &lt;and&gt; &amp; &#39;ticks&#39;</h1>"#))
        #expect(page.contains(#"title="09:00 GMT+1 \#(title)">1</span>"#))
        #expect(page.contains(#"data-identifier="\#(identifier)" data-badge="1">"#))
        #expect(page.contains(#"<span class="title">\#(title)</span>"#))
        #expect(page.contains("<li>2026-11-21 09:00 GMT+1  system: delivered \(identifier)</li>"))

        // And no tag has an attribute the scenario wrote: every attribute name is the page's own
        let content = HTMLPageContent(page: page)
        let names = Set(content.tags.flatMap { $0.attributes.map(\.name) })
        #expect(names.allSatisfy { !$0.hasPrefix("on") }, "\(names.sorted())")
        #expect(!page.contains(#"onmouseover=""#))
        // And a browser reads back the strings as the scenario wrote them
        let row = try #require(content.tags.first { tag in tag.attributes.contains { $0.name == "data-identifier" } })
        #expect(row.attributes.first { $0.name == "data-identifier" }?.value
                == #"herald:reminder:habit:x" onmouseover="alert(1):r<1>&:20261121T0900"#)
        #expect(content.text.contains(#"Tea" onmouseover="alert(2)" <b>&amp; it's"#))
    }
}

extension HTMLReportEscapingTests {
    /// Plot's node and attribute builders that write a string without `HTMLEscaping`.
    static let unescapedBuilders = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9_)\]"])\.(text|class|id|title|style|data|attribute)\(|named: "[^"]*", text:"#)

    @Test func theReportsSourcesWriteTextAndAttributesOnlyThroughTheEscaping() throws {
        // Given the HTML report's sources
        let folder = ScenarioFixtures.packageRoot.appendingPathComponent("Sources/HeraldReport/HTML")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 10)

        // Then no line outside HTMLEscaping.swift builds text or an attribute with Plot's
        // own builders (the style sheet, a constant, is the one `.style` element)
        var found: [String] = []
        for file in files where file != "HTMLEscaping.swift" {
            let lines = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
            for (number, line) in lines.enumerated() {
                let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0])
                    .replacingOccurrences(of: ".style(Self.css)", with: "")
                let range = NSRange(code.startIndex..., in: code)
                if Self.unescapedBuilders.firstMatch(in: code, range: range) != nil {
                    found.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(found.isEmpty, "write these through .escapedText / .escapedAttribute:\n\(found.joined(separator: "\n"))")
    }
}
