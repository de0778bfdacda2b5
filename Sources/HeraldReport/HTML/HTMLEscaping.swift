import Plot

/// The one escaping of the HTML report: every attribute value and every text of the
/// page goes through ``escaped(_:)``, so a title, an entity or rule id, a waypoint's
/// name or a zone written by a scenario is shown as written and never becomes markup.
///
/// `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`;
/// everything else is kept. A value is safe in a double-quoted attribute and in text.
///
/// ```swift
/// HTMLEscaping.escaped(#"Tea" onmouseover="alert(1)"#)
/// // &quot;Tea&quot; onmouseover=&quot;alert(1)&quot;
/// ```
///
/// The page's nodes use it through ``Plot/Node/escapedText(_:)``,
/// ``Plot/Node/escapedAttribute(_:_:)`` and ``Plot/Attribute/escaped(_:_:)`` instead of
/// Plot's `.text`, `.class`, `.id`, `.data(named:value:)`, `.title` and `.style`: Plot
/// escapes neither quote in text, and writes attribute values as given (its `.title`
/// also writes the page's title into two `<meta>` attributes).
enum HTMLEscaping {
    /// `text` with the five characters HTML reads as markup written as references.
    static func escaped(_ text: String) -> String {
        // Most of a page's strings have none of them: they are returned as they are.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                                            || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") })
        else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension Node {
    /// Text, escaped by ``HTMLEscaping/escaped(_:)``: `.span(.escapedText(item.title))`.
    static func escapedText(_ text: String) -> Node {
        .raw(HTMLEscaping.escaped(text))
    }

    /// The attribute `name` with `value` escaped by ``HTMLEscaping/escaped(_:)``, left
    /// out when the value is empty: `.escapedAttribute("data-identifier", identifier)`.
    static func escapedAttribute(_ name: String, _ value: String) -> Node {
        .attribute(named: name, value: HTMLEscaping.escaped(value))
    }
}

extension Attribute {
    /// The attribute `name` with `value` escaped by ``HTMLEscaping/escaped(_:)``, for an
    /// element built from attributes: `.meta(.escaped("content", title))`.
    static func escaped(_ name: String, _ value: String) -> Attribute {
        Attribute(name: name, value: HTMLEscaping.escaped(value))
    }
}
