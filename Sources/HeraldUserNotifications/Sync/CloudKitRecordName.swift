import Foundation

/// The `CKRecord` name of a sync record: its `id` where CloudKit accepts it, so that the
/// same record always has the same name, and two records never share one.
///
/// CloudKit takes record names of ASCII characters only, at most 255, not starting with
/// an underscore; a record's `id` holds the device's and the entity's identifiers, which
/// may be any text. The name is the id with every byte outside printable ASCII, and `%`,
/// percent-encoded (and a leading `_` as `%5F`); when that is over 255 characters, it is
/// `%H` and the SHA-256 of the id's UTF-8 in hex, which no encoded id can be (an encoded
/// `%` is always followed by two hex digits).
///
/// ```swift
/// CloudKitRecordName.of("phone|1795248000123|pause|habit/water")   // the same text
/// CloudKitRecordName.of("iPhone «Anna»|…")                          // "iPhone %C2%ABAnna%C2%BB|…"
/// ```
enum CloudKitRecordName {
    static let maximumLength = 255

    static func of(_ id: String) -> String {
        var name = ""
        for (index, byte) in id.utf8.enumerated() {
            let printable = byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "%")
            if printable, !(index == 0 && byte == UInt8(ascii: "_")) {
                name.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                name += String(format: "%%%02X", byte)
            }
        }
        guard name.isEmpty || name.count > maximumLength else { return name }
        return "%H" + SHA256.digest(Array(id.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
