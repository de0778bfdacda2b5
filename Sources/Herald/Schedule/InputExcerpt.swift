/// A piece of input quoted in an error message: short, on one line, its control
/// characters escaped, so a 10 MB RRULE part or a zone id ending in NUL is shown as
/// what it is without flooding the message.
///
/// ```swift
/// "\(InputExcerpt("Europe/Berlin\0"))"                        // 'Europe/Berlin\0'
/// "\(InputExcerpt(String(repeating: "X", count: 100_000)))"  // 'XXXX…' (100000 bytes), 40 X shown
/// ```
package struct InputExcerpt: CustomStringConvertible, Sendable {
    /// The characters shown before the text is cut.
    public static let limit = 40

    public let description: String

    /// The excerpt of `text` between `quote`s, followed by its size when it is cut.
    public init(_ text: some StringProtocol, quote: Character = "'") {
        let shown = text.prefix(Self.limit)
        let body = shown.map(Self.escaped).joined()
        let isCut = shown.endIndex < text.endIndex
        description = "\(quote)\(body)\(isCut ? "…" : "")\(quote)" + (isCut ? " (\(text.utf8.count) bytes)" : "")
    }

    private static func escaped(_ character: Character) -> String {
        guard character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control
                                                         || $0.properties.generalCategory == .format }) else {
            return String(character)
        }
        return character.unicodeScalars.map { scalar in
            scalar.value == 0 ? "\\0" : "\\u{\(String(scalar.value, radix: 16))}"
        }.joined()
    }
}
