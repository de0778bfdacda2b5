import Foundation
import Herald

/// How Herald's values are written to columns and read back, exactly.
enum StoredValue {
    /// An instant as seconds since 2001-01-01 (`Date`'s own representation, so the
    /// round trip is exact), or `nil` when it is not finite.
    static func seconds(_ date: Date) -> Double? {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.isFinite ? seconds : nil
    }

    static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// A local day as ISO 8601 text, which sorts like the dates; `nil` for a date that
    /// does not exist or has no four-digit year.
    static func dayText(_ day: LocalDate) -> String? {
        guard day.isValid, (0...9999).contains(day.year) else { return nil }
        return day.description
    }

    static func day(_ text: String) -> LocalDate? {
        LocalDate(iso8601: text)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static func json(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// ``seconds(_:)`` of an instant `change` writes, or the error that says it cannot
    /// be stored.
    static func seconds(_ date: Date, for change: EngineStateChange) throws -> Double {
        guard let seconds = seconds(date) else {
            throw UnstorableValue(change: change, detail: "the instant \(date.timeIntervalSinceReferenceDate) is not finite")
        }
        return seconds
    }

    /// ``json(_:)`` of a value `change` writes, or the error that says it cannot be stored.
    static func json(_ value: some Encodable, for change: EngineStateChange) throws -> String {
        do {
            return try json(value)
        } catch {
            throw UnstorableValue(change: change, detail: "the value cannot be written as JSON", underlyingError: error)
        }
    }

    static func decodeJSON<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }
}
