import Foundation

/// The shape of a Swift source file, as far as the size rules need it: its line count
/// and the lines each function-like body spans.
///
/// **The heuristic.** A body starts at a declaration line: after attributes (`@MainActor`,
/// `@discardableResult`, ...) and modifiers (`public`, `private(set)`, `static`,
/// `mutating`, ...), the line starts with `func`, `init(`, `init?(`, `init<`, `deinit`,
/// `subscript`, or is a closure property (`let x = {`, `var x: T = { y in`, the line
/// ending in `{` or `in`) or a computed property (`var x: T {`, no `=`, the line ending
/// in `{`). From there the first `{` opens the body and the `}` that
/// brings the depth back to 0 closes it; braces inside string literals (also
/// multi-line and raw ones, and inside their interpolations) and inside comments are
/// not counted. A declaration line with no `{` before a blank line, another
/// declaration or 15 lines is a requirement without a body (in a protocol) and is
/// skipped. A body's length counts every line from the declaration's first line to
/// the closing brace, both included. Type bodies are not measured.
struct SourceShape {
    /// A function-like body: where its declaration starts and how many lines it spans.
    struct Body: Equatable {
        /// The 1-based line of the declaration.
        var line: Int
        var length: Int
        /// The declaration line, trimmed.
        var declaration: String
    }

    /// The number of lines, the last one counted only when it is not empty.
    let lineCount: Int
    let bodies: [Body]

    init(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lineCount = text.hasSuffix("\n") ? lines.count - 1 : lines.count
        let braces = Self.braces(in: text)
        var bodies: [Body] = []
        for (index, line) in lines.enumerated() where Self.declaresBody(line) {
            if let end = Self.closingLine(from: index, lines: lines, braces: braces) {
                bodies.append(Body(line: index + 1, length: end - index + 1,
                                   declaration: line.trimmingCharacters(in: .whitespaces)))
            }
        }
        self.bodies = bodies
    }

    /// The line whose `}` closes the body the declaration at `start` opens, if it has one.
    private static func closingLine(from start: Int, lines: [Substring], braces: [[Int]]) -> Int? {
        var depth = 0
        var opened = false
        for index in start..<min(braces.count, lines.count) {
            if !opened, index > start {
                let line = lines[index].trimmingCharacters(in: .whitespaces)
                if line.isEmpty || declaresBody(lines[index]) || index - start > 15 { return nil }
            }
            for step in braces[index] {
                if !opened, step < 0 { return nil }
                depth += step
                if step > 0 { opened = true }
                if opened, depth == 0 { return index }
            }
        }
        return nil
    }

    private static let modifiers: Set<Substring> = [
        "public", "private", "fileprivate", "internal", "package", "open", "static", "class", "final", "override",
        "mutating", "nonmutating", "nonisolated", "convenience", "required", "indirect", "lazy", "weak", "unowned",
        "dynamic", "optional", "isolated", "consuming", "borrowing", "distributed",
    ]

    /// Whether `line` starts a function, initializer, subscript or closure property.
    static func declaresBody(_ line: Substring) -> Bool {
        var rest = line.drop { $0 == " " || $0 == "\t" }
        while true {
            if rest.hasPrefix("@") {
                rest = rest.dropFirst().drop { $0.isLetter || $0.isNumber || $0 == "_" }
                if rest.hasPrefix("(") { rest = skippingParentheses(rest) }
            } else {
                let word = rest.prefix { $0.isLetter }
                guard !word.isEmpty, modifiers.contains(word) else { break }
                rest = rest.dropFirst(word.count)
                if rest.hasPrefix("(") { rest = skippingParentheses(rest) }
            }
            let trimmed = rest.drop { $0 == " " }
            guard trimmed.count < rest.count || rest.isEmpty else { return false }
            rest = trimmed
        }
        if rest.hasPrefix("func ") || rest.hasPrefix("deinit") { return true }
        for keyword in ["init", "subscript"] where rest.hasPrefix(keyword) {
            let after = rest.dropFirst(keyword.count)
            return after.hasPrefix("(") || after.hasPrefix("<") || after.hasPrefix("?(") || after.hasPrefix("!(")
        }
        if rest.hasPrefix("let ") || rest.hasPrefix("var ") {
            let text = rest.trimmingCharacters(in: .whitespaces)
            guard let open = text.range(of: "= {") else { return declaresComputedProperty(text) }
            let tail = text[open.upperBound...].trimmingCharacters(in: .whitespaces)
            return tail.isEmpty || tail.hasSuffix(" in") || tail == "in"
        }
        return false
    }

    /// Whether `text` (a `var` declaration, trimmed) opens a computed property's body:
    /// `var x: T {`, with a type and no initial value, the line ending in `{` (a
    /// trailing comment aside).
    private static func declaresComputedProperty(_ text: String) -> Bool {
        guard text.hasPrefix("var ") else { return false }
        let code = (text.range(of: " //").map { text[..<$0.lowerBound] } ?? text[...])
            .trimmingCharacters(in: .whitespaces)
        guard code.hasSuffix("{"), let colon = code.firstIndex(of: ":") else { return false }
        return !code[..<colon].contains("=") && !code.contains(" = ")
    }

    private static func skippingParentheses(_ text: Substring) -> Substring {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" { depth -= 1 }
            index = text.index(after: index)
            if depth == 0 { break }
        }
        return text[index...]
    }

    private enum Mode {
        case code
        case interpolation(parentheses: Int)
        case string(multiLine: Bool, hashes: Int)
    }

    /// For each line, the braces outside strings and comments: +1 for `{`, -1 for `}`.
    static func braces(in text: String) -> [[Int]] {
        let characters = Array(text)
        var lines: [[Int]] = [[]]
        var stack: [Mode] = [.code]
        var blockComments = 0
        var index = 0
        func starts(_ prefix: String, at position: Int) -> Bool {
            let prefix = Array(prefix)
            guard position + prefix.count <= characters.count else { return false }
            return Array(characters[position..<(position + prefix.count)]) == prefix
        }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                lines.append([])
                // A single-line string cannot go on past its line: recover from a miscount.
                if case .string(multiLine: false, _) = stack.last! { stack.removeLast() }
                index += 1
                continue
            }
            if blockComments > 0 {
                if starts("*/", at: index) { blockComments -= 1; index += 2 }
                else if starts("/*", at: index) { blockComments += 1; index += 2 }
                else { index += 1 }
                continue
            }
            switch stack.last! {
            case .string(let multiLine, let hashes):
                let quote = (multiLine ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
                if character == "\\", starts("\\" + String(repeating: "#", count: hashes), at: index) {
                    let after = index + 1 + hashes
                    if after < characters.count, characters[after] == "(" {
                        stack.append(.interpolation(parentheses: 0))
                        index = after + 1
                    } else if after < characters.count, characters[after] == "\n" {
                        index = after  // a line continuation: the newline still ends the line
                    } else {
                        index = after + 1  // an escaped character
                    }
                } else if starts(quote, at: index) {
                    stack.removeLast()
                    index += quote.count
                } else {
                    index += 1
                }
            case .code, .interpolation:
                if starts("//", at: index) {
                    while index < characters.count, characters[index] != "\n" { index += 1 }
                    continue
                }
                if starts("/*", at: index) { blockComments = 1; index += 2; continue }
                var hashes = 0
                while starts("#", at: index + hashes) { hashes += 1 }
                if starts("\"", at: index + hashes) {
                    let multiLine = starts("\"\"\"", at: index + hashes)
                    stack.append(.string(multiLine: multiLine, hashes: hashes))
                    index += hashes + (multiLine ? 3 : 1)
                    continue
                }
                if case .interpolation(let parentheses) = stack.last! {
                    if character == "(" { stack[stack.count - 1] = .interpolation(parentheses: parentheses + 1) }
                    if character == ")" {
                        if parentheses == 0 { stack.removeLast(); index += 1; continue }
                        stack[stack.count - 1] = .interpolation(parentheses: parentheses - 1)
                    }
                }
                if character == "{" { lines[lines.count - 1].append(1) }
                if character == "}" { lines[lines.count - 1].append(-1) }
                index += max(1, hashes)
            }
        }
        return lines
    }
}
