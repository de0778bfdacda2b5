#if !canImport(CloudKit)
import Foundation

/// Linux stand-in for `CKRecord`: a record of a zone, with fields of CloudKit's value
/// types (``CKRecordValue``: `NSString`, `NSNumber`, `NSData`, `NSDate`, `NSArray`), read and
/// written through the SDK's two subscripts.
///
/// ```swift
/// let record = CKRecord(recordType: "Note", recordID: CKRecord.ID(recordName: "n1", zoneID: zone))
/// record["body"] = Data("hello".utf8)            // typed: CKRecordValueProtocol
/// let body: Data? = record["body"]
/// ```
///
/// A date field keeps milliseconds once the server has saved it (CloudKit stores
/// `NSDate` values to the millisecond): the record a save or a fetch returns carries
/// the truncated date.
open class CKRecord: NSObject, @unchecked Sendable {
    public typealias RecordType = String
    public typealias FieldKey = String

    /// A record's identity: its name in its zone.
    public final class ID: NSObject, @unchecked Sendable {
        public let recordName: String
        public let zoneID: CKRecordZone.ID

        /// Traps on a name CloudKit does not take (Apple: "The string must contain only
        /// ASCII characters, must not exceed 255 characters, and must not start with an
        /// underscore. If you specify an empty string for this parameter, the method
        /// throws an exception"): the stand-in throws for each, the stricter reading.
        public init(recordName: String, zoneID: CKRecordZone.ID = .default) {
            precondition(!recordName.isEmpty, "CKRecord.ID: the record name is empty")
            precondition(recordName.utf8.allSatisfy { $0 < 0x80 },
                         "CKRecord.ID: the record name \(recordName.debugDescription) has characters that are not ASCII")
            precondition(recordName.utf8.count <= 255,
                         "CKRecord.ID: the record name has \(recordName.utf8.count) characters; at most 255")
            precondition(!recordName.hasPrefix("_"), "CKRecord.ID: the record name \(recordName) starts with an underscore")
            self.recordName = recordName
            self.zoneID = zoneID
            super.init()
        }

        override public func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? ID else { return false }
            return recordName == other.recordName && zoneID == other.zoneID
        }

        override public var hash: Int {
            var hasher = Hasher()
            hasher.combine(recordName)
            hasher.combine(zoneID.hash)
            return hasher.finalize()
        }

        override public var description: String { "<CKRecordID: \(recordName); zone \(zoneID.zoneName)>" }
    }

    public let recordType: RecordType
    public let recordID: ID
    private let lock = NSLock()
    private var values: [FieldKey: any CKRecordValue] = [:]
    private var changeTag: String?
    private var modified: Date?

    public init(recordType: RecordType, recordID: ID = ID(recordName: UUID().uuidString)) {
        self.recordType = recordType
        self.recordID = recordID
        super.init()
    }

    /// The server's version of the record; `nil` until it was saved.
    open var recordChangeTag: String? { lock.withLock { changeTag } }
    open var modificationDate: Date? { lock.withLock { modified } }

    open func allKeys() -> [FieldKey] { lock.withLock { values.keys.sorted() } }

    /// A field as CloudKit's Objective-C value.
    public subscript(key: FieldKey) -> (any CKRecordValue)? {
        get { lock.withLock { values[key] } }
        set { lock.withLock { values[key] = newValue } }
    }

    /// A field as a Swift value (`String`, `Data`, `Date`, `Int`, `Int64`, `Double`,
    /// `Bool`, or an array of them).
    public subscript<T: CKRecordValueProtocol>(key: FieldKey) -> T? {
        get { self[key].flatMap { CKRecordValues.value(of: $0, as: T.self) } }
        set { self[key] = newValue.map { CKRecordValues.objectValue(of: $0) } }
    }

    /// The bytes the record takes against CloudKit's 1 MB a record: its fields' names
    /// and values, and its name.
    var byteSize: Int {
        lock.withLock {
            values.reduce(recordID.recordName.utf8.count + recordType.utf8.count) { total, field in
                total + field.key.utf8.count + CKRecordValues.byteSize(of: field.value)
            }
        }
    }

    /// The record as the server keeps it: dates to the millisecond, the change tag and
    /// modification date the server gave it.
    func stored(tag: String, at date: Date) -> CKRecord {
        let copy = CKRecord(recordType: recordType, recordID: recordID)
        lock.withLock {
            copy.values = values.mapValues(CKRecordValues.storedValue(of:))
        }
        copy.changeTag = tag
        copy.modified = date
        return copy
    }

    /// A copy for another device: the same fields and system fields.
    func copied() -> CKRecord {
        let copy = CKRecord(recordType: recordType, recordID: recordID)
        lock.withLock {
            copy.values = values
            copy.changeTag = changeTag
            copy.modified = modified
        }
        return copy
    }

    override open var description: String { "<CKRecord: \(recordType) \(recordID.recordName)>" }
}
#endif
