import Foundation

/// What a reader gets from an HTML report page, however its characters are escaped: its
/// text, one run of text a line, and a fingerprint of its whole tree (every tag, each
/// attribute with its value, every text), references decoded and white space collapsed.
/// `HTMLReportSamePageTests` compares them with those of the page before a change.
///
/// ```swift
/// let content = HTMLPageContent(page: #"<p class="a">Tom &amp; "Jerry"</p>"#)
/// content.text         // Tom & "Jerry"
/// content.fingerprint  // FNV-1a of `<p class="a">`, `Tom & "Jerry"`, `</p>`
/// ```
///
/// The `<style>` sheet is left out of ``text`` (the page's fixed CSS) but counted in the
/// fingerprint.
struct HTMLPageContent {
    /// The page's text runs, one a line, in order.
    var text: String
    /// FNV-1a (64 bits) of the page's tags, attributes and texts, one a line, as 16 hex digits.
    var fingerprint: String
    /// Every tag of the page, with its attributes as a browser reads them.
    var tags: [Tag]

    /// A tag: `p`, or `/p` for its end, and its attributes, values decoded.
    struct Tag {
        var name: String
        var attributes: [(name: String, value: String)]
    }

    init(page: String) {
        var texts: [String] = []
        var tree: [String] = []
        var inStyle = false
        var found: [Tag] = []
        var rest = Substring(page)
        while !rest.isEmpty {
            if rest.first == "<" {
                let tag = Self.tag(&rest)
                found.append(tag)
                tree.append("<" + ([tag.name] + tag.attributes.map { "\($0.name)=\"\($0.value)\"" }).joined(separator: " ") + ">")
                if tag.name == "style" { inStyle = true } else if tag.name == "/style" { inStyle = false }
            } else {
                let end = rest.firstIndex(of: "<") ?? rest.endIndex
                let run = Self.collapsed(Self.decoded(rest[..<end]))
                rest = rest[end...]
                guard !run.isEmpty else { continue }
                tree.append(run)
                if !inStyle { texts.append(run) }
            }
        }
        text = texts.joined(separator: "\n") + "\n"
        fingerprint = Self.fnv1a(tree.joined(separator: "\n"))
        tags = found
    }

    /// Reads the tag at the start of `rest`, up to its `>` (quotes respected).
    private static func tag(_ rest: inout Substring) -> Tag {
        var index = rest.index(after: rest.startIndex)
        var quote: Character?
        while index < rest.endIndex {
            let character = rest[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                break
            }
            index = rest.index(after: index)
        }
        let inside = rest[rest.index(after: rest.startIndex)..<index]
        rest = index < rest.endIndex ? rest[rest.index(after: index)...] : rest[rest.endIndex...]
        let closing = inside.first == "/"
        let body = closing ? inside.dropFirst() : inside
        let bare = body.prefix { !$0.isWhitespace && $0 != "/" }
        let name = (closing ? "/" : "") + bare
        var attributes: [(name: String, value: String)] = []
        var scan = body.dropFirst(bare.count)
        while let equals = scan.firstIndex(of: "=") {
            let attribute = scan[..<equals].trimmingCharacters(in: .whitespaces)
            var value = scan[scan.index(after: equals)...]
            guard let open = value.first, open == "\"" || open == "'" else { break }
            value = value.dropFirst()
            let close = value.firstIndex(of: open) ?? value.endIndex
            attributes.append((attribute, decoded(value[..<close])))
            scan = close < value.endIndex ? value[value.index(after: close)...] : value[value.endIndex...]
        }
        return Tag(name: name, attributes: attributes)
    }

    /// `text` with its character references (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`,
    /// `&#NN;`, `&#xHH;`) read.
    static func decoded(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var result = ""
        var rest = text
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            guard let semicolon = rest.prefix(10).firstIndex(of: ";") else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            let named: [Substring: String] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            let scalar = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16)
                : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
            if let character = named[name] ?? scalar.flatMap(Unicode.Scalar.init).map({ String(Character($0)) }) {
                result += character
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    /// `text` with each run of white space one space, none at either end.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes, as 16 hexadecimal digits.
    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
