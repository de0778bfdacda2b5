import Foundation
import Herald

/// Reads JSON text straight into a ``Herald/JSONValue``, in one pass over its bytes.
///
/// `JSONDecoder` decoding a `JSONValue` tries each kind in turn, and each miss throws an
/// error that builds its coding path: a scenario whose rule has 100,000 `RDATE`s spent
/// 12 of its 20 seconds there saving its state. `JSONSerialization` is fast but builds
/// an object per value (a gigabyte for the same state). This reader builds only the
/// values.
///
/// ```swift
/// let value = try JSONValueReader(Data(#"{"a": [1, true, "x", null]}"#.utf8)).value()
/// // .object(["a": .array([.number(1), .bool(true), .string("x"), .null])])
/// ```
struct JSONValueReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// The text is not JSON; `offset` is where reading stopped.
    struct Malformed: Error, CustomStringConvertible {
        var offset: Int
        var description: String { "not JSON at byte \(offset)" }
    }

    /// The one value the text holds (white space around it allowed).
    mutating func value() throws -> JSONValue {
        let value = try readValue(depth: 0)
        skipSpace()
        guard index == bytes.count else { throw Malformed(offset: index) }
        return value
    }

    private mutating func readValue(depth: Int) throws -> JSONValue {
        skipSpace()
        guard index < bytes.count, depth < 512 else { throw Malformed(offset: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var members: [String: JSONValue] = [:]
            skipSpace()
            if peek(UInt8(ascii: "}")) { return .object(members) }
            repeat {
                skipSpace()
                let key = try readString()
                skipSpace()
                try expect(UInt8(ascii: ":"))
                members[key] = try readValue(depth: depth + 1)
                skipSpace()
            } while peek(UInt8(ascii: ","))
            try expect(UInt8(ascii: "}"))
            return .object(members)
        case UInt8(ascii: "["):
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if peek(UInt8(ascii: "]")) { return .array(items) }
            repeat {
                items.append(try readValue(depth: depth + 1))
                skipSpace()
            } while peek(UInt8(ascii: ","))
            try expect(UInt8(ascii: "]"))
            return .array(items)
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        default:
            return .number(try readNumber())
        }
    }

    private mutating func readNumber() throws -> Double {
        let start = index
        while index < bytes.count, Self.numberBytes.contains(bytes[index]) { index += 1 }
        guard index > start, let number = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw Malformed(offset: start)
        }
        return number
    }

    private static let numberBytes = Set("0123456789+-.eE".utf8)

    private mutating func readString() throws -> String {
        try expect(UInt8(ascii: "\""))
        var text: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): text.append(contentsOf: try readEscapedScalar())
                default: text.append(escaped)  // \" \\ \/
                }
            default:
                text.append(byte)
            }
        }
        throw Malformed(offset: index)
    }

    /// The UTF-8 of a `\uXXXX` escape (its `\u` read), a surrogate pair included.
    private mutating func readEscapedScalar() throws -> [UInt8] {
        var value = try readHex()
        if (0xD800..<0xDC00).contains(value), bytes[index...].starts(with: "\\u".utf8) {
            index += 2
            let low = try readHex()
            guard (0xDC00..<0xE000).contains(low) else { throw Malformed(offset: index) }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(value) else { throw Malformed(offset: index) }
        return Array(String(Character(scalar)).utf8)
    }

    private mutating func readHex() throws -> UInt32 {
        guard index + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw Malformed(offset: index)
        }
        index += 4
        return value
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    /// Whether the next byte is `byte`, taking it when it is.
    private mutating func peek(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard peek(byte) else { throw Malformed(offset: index) }
    }

    private mutating func expectWord(_ word: String) throws {
        guard bytes[index...].starts(with: word.utf8) else { throw Malformed(offset: index) }
        index += word.utf8.count
    }
}
