import Foundation
import Herald

/// Herald's sync records as the channels carry them: JSON, which keeps every field and
/// the instant to the nanosecond (a `Date` as its full `Double`), where a CloudKit date
/// field keeps milliseconds.
///
/// ```swift
/// let data = try SyncRecordJSON.encode(records)
/// let back = try SyncRecordJSON.decode(data)   // equal to records
/// ```
enum SyncRecordJSON {
    static func encode(_ records: [HeraldSync.Record]) throws -> Data {
        try JSONEncoder().encode(records)
    }

    static func encode(_ record: HeraldSync.Record) throws -> Data {
        try JSONEncoder().encode(record)
    }

    static func decode(_ data: Data) throws -> [HeraldSync.Record] {
        try JSONDecoder().decode([HeraldSync.Record].self, from: data)
    }

    static func decodeOne(_ data: Data) throws -> HeraldSync.Record {
        try JSONDecoder().decode(HeraldSync.Record.self, from: data)
    }
}
