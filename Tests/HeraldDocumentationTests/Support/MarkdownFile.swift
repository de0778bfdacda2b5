import Foundation

/// One Markdown page of the repository's documentation, split into what the
/// documentation tests read: fenced code blocks, prose paragraphs and headings.
struct MarkdownFile: Sendable {
    /// A fenced code block: its language (the info string's first word) and lines.
    struct FencedBlock: Sendable {
        var language: String
        /// The 1-based line of the opening fence.
        var line: Int
        var lines: [String]
    }

    /// A run of prose lines between blank lines or fences, so that a code span or a
    /// link broken across lines is read whole.
    struct Paragraph: Sendable {
        var line: Int
        var text: String
    }

    let url: URL
    /// The path from the repository's root, for messages.
    let path: String
    let fencedBlocks: [FencedBlock]
    let paragraphs: [Paragraph]
    /// The text of each heading (`#` to `######`), in order, without the `#`s.
    let headings: [String]

    init(url: URL, root: URL) throws {
        self.url = url
        path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")

        var blocks: [FencedBlock] = []
        var paragraphs: [Paragraph] = []
        var headings: [String] = []
        var open: (fence: String, block: FencedBlock)?
        var paragraph: Paragraph?

        func endParagraph() {
            if let done = paragraph { paragraphs.append(done) }
            paragraph = nil
        }

        for (index, line) in lines.enumerated() {
            let number = index + 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var current = open {
                if trimmed.hasPrefix(current.fence), trimmed.allSatisfy({ $0 == current.fence.first }) {
                    blocks.append(current.block)
                    open = nil
                } else {
                    current.block.lines.append(line)
                    open = current
                }
                continue
            }
            if let fence = Self.fence(opening: trimmed) {
                endParagraph()
                let info = trimmed.dropFirst(fence.count).trimmingCharacters(in: .whitespaces)
                let language = info.split(separator: " ").first.map(String.init) ?? ""
                open = (fence, FencedBlock(language: language, line: number, lines: []))
                continue
            }
            if trimmed.isEmpty {
                endParagraph()
                continue
            }
            if let heading = Self.heading(trimmed) {
                endParagraph()
                headings.append(heading)
                paragraphs.append(Paragraph(line: number, text: heading))
                continue
            }
            if paragraph == nil {
                paragraph = Paragraph(line: number, text: line)
            } else {
                paragraph?.text += "\n" + line
            }
        }
        endParagraph()
        if let unclosed = open { blocks.append(unclosed.block) }
        fencedBlocks = blocks
        self.paragraphs = paragraphs
        self.headings = headings
    }

    /// The fence a line opens (three or more backticks or tildes), if it opens one.
    private static func fence(opening line: String) -> String? {
        for mark in ["`", "~"] where line.hasPrefix(mark + mark + mark) {
            return String(line.prefix { String($0) == mark })
        }
        return nil
    }

    /// A heading's text, if the line is an ATX heading.
    private static func heading(_ line: String) -> String? {
        let hashes = line.prefix { $0 == "#" }
        guard (1...6).contains(hashes.count), line.dropFirst(hashes.count).first == " " else { return nil }
        var text = line.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("#") { text.removeLast() }
        return text.trimmingCharacters(in: .whitespaces)
    }
}

extension MarkdownFile {
    /// A link in the prose: `[text](target)`, `![alt](target)` or DocC's `<doc:Name>`.
    struct Link: Sendable, CustomStringConvertible {
        enum Kind: Sendable { case markdown, docC }
        var kind: Kind
        var target: String
        var line: Int
        var description: String { kind == .docC ? "<doc:\(target)>" : "(\(target))" }
    }

    /// Every link outside code: fenced blocks and code spans are left out, so a link's
    /// syntax quoted in code is not taken for a link.
    var links: [Link] {
        paragraphs.flatMap { paragraph -> [Link] in
            let prose = Self.removingCodeSpans(paragraph.text)
            var found: [Link] = []
            for match in prose.matches(of: /!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/) {
                found.append(Link(kind: .markdown, target: String(match.1), line: line(of: match.range, in: prose, from: paragraph.line)))
            }
            for match in prose.matches(of: /<doc:([^>]+)>/) {
                found.append(Link(kind: .docC, target: String(match.1), line: line(of: match.range, in: prose, from: paragraph.line)))
            }
            return found
        }
    }

    /// `text` with every code span (a run of backticks to the next run of the same
    /// length) replaced by spaces.
    static func removingCodeSpans(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstIndex(of: "`") {
            result += rest[..<start]
            let run = rest[start...].prefix { $0 == "`" }
            let afterRun = rest[run.endIndex...]
            if let close = afterRun.firstRange(of: run), afterRun[close.upperBound...].first != "`" {
                result += String(repeating: " ", count: rest.distance(from: start, to: close.upperBound))
                rest = afterRun[close.upperBound...]
            } else {
                result += run
                rest = afterRun
            }
        }
        return result + rest
    }

    private func line(of range: Range<String.Index>, in text: String, from first: Int) -> Int {
        first + text[..<range.lowerBound].filter { $0 == "\n" }.count
    }

    /// The anchors GitHub gives this page's headings: lower case, punctuation removed,
    /// spaces turned into hyphens, a repeated one numbered (`-1`, `-2`, ...).
    var headingAnchors: Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for heading in headings {
            let slug = Self.gitHubSlug(heading)
            if let count = seen[slug] {
                anchors.insert("\(slug)-\(count)")
                seen[slug] = count + 1
            } else {
                anchors.insert(slug)
                seen[slug] = 1
            }
        }
        return anchors
    }

    static func gitHubSlug(_ heading: String) -> String {
        // What the heading renders as: links keep their text, code spans their code.
        let rendered = heading.replacing(/\[([^\]]*)\]\([^)]*\)/) { String($0.1) }
        return String(rendered.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            if character == "-" || character == "_" || character.isLetter || character.isNumber { return character }
            return nil
        })
    }
}
