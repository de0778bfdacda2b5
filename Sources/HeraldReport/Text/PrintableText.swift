/// Text from a scenario (titles, typed text, identifiers) made safe for a terminal:
/// control characters, escape sequences included, are written as `\u{1B}` rather than
/// sent raw, so a title cannot move the cursor, recolour or clear the user's screen.
///
/// ```swift
/// PrintableText.escaped("Water\u{1B}[2J")   // "Water\\u{1B}[2J"
/// ```
public enum PrintableText {
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 and C1 controls and DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
