#if !canImport(CloudKit)
import Foundation

/// Linux stand-in for the SDK's `__CKRecordObjCValue`: the Objective-C classes a record
/// field holds. `CKRecordValue` is the SDK's name for it.
public protocol __CKRecordObjCValue: AnyObject {}
public typealias CKRecordValue = __CKRecordObjCValue

extension NSString: __CKRecordObjCValue {}
extension NSNumber: __CKRecordObjCValue {}
extension NSData: __CKRecordObjCValue {}
extension NSDate: __CKRecordObjCValue {}
extension NSArray: __CKRecordObjCValue {}

/// Linux stand-in for `CKRecordValueProtocol`: the Swift types a record's typed
/// subscript reads and writes.
public protocol CKRecordValueProtocol {}
extension String: CKRecordValueProtocol {}
extension Data: CKRecordValueProtocol {}
extension Date: CKRecordValueProtocol {}
extension Int: CKRecordValueProtocol {}
extension Int64: CKRecordValueProtocol {}
extension Double: CKRecordValueProtocol {}
extension Bool: CKRecordValueProtocol {}
extension Array: CKRecordValueProtocol where Element: CKRecordValueProtocol {}

/// Conversions between a field's Objective-C and Swift forms, its size, and its form on
/// the server.
enum CKRecordValues {
    static func objectValue(of value: any CKRecordValueProtocol) -> any CKRecordValue {
        switch value {
        case let text as String: NSString(string: text)
        case let data as Data: NSData(data: data)
        case let date as Date: NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        case let flag as Bool: NSNumber(value: flag)
        case let number as Int: NSNumber(value: number)
        case let number as Int64: NSNumber(value: number)
        case let number as Double: NSNumber(value: number)
        case let items as [any CKRecordValueProtocol]: NSArray(array: items.map { objectValue(of: $0) })
        default: preconditionFailure("CKRecord: \(type(of: value)) is not a CloudKit value type")
        }
    }

    /// The Swift form as `T`: `String`, `Data`, `Date`, a number as the numeric type
    /// asked for, or an array of them; `nil` when the field holds another type.
    static func value<T>(of object: any CKRecordValue, as type: T.Type) -> T? {
        switch object {
        case let text as NSString: return String(text) as? T
        case let data as NSData: return Data(referencing: data) as? T
        case let date as NSDate: return Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate) as? T
        case let number as NSNumber:
            switch type {
            case is Int.Type: return number.intValue as? T
            case is Int64.Type: return number.int64Value as? T
            case is Double.Type: return number.doubleValue as? T
            case is Bool.Type: return number.boolValue as? T
            default: return nil
            }
        case let items as NSArray:
            let swift: [Any] = items.compactMap { item in
                (item as? any CKRecordValue).flatMap { value(of: $0, as: Any.self) ?? anyValue(of: $0) }
            }
            return swift as? T
        default: return nil
        }
    }

    private static func anyValue(of object: any CKRecordValue) -> Any? {
        switch object {
        case let number as NSNumber: number.doubleValue
        default: nil
        }
    }

    static func byteSize(of object: any CKRecordValue) -> Int {
        switch object {
        case let text as NSString: String(text).utf8.count
        case let data as NSData: data.length
        case let items as NSArray: items.reduce(0) { $0 + (($1 as? any CKRecordValue).map(byteSize(of:)) ?? 8) }
        default: 8
        }
    }

    /// CloudKit keeps dates to the millisecond (rounded down).
    static func storedValue(of object: any CKRecordValue) -> any CKRecordValue {
        switch object {
        case let date as NSDate:
            NSDate(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        case let items as NSArray:
            NSArray(array: items.map { ($0 as? any CKRecordValue).map(storedValue(of:)) ?? $0 })
        default: object
        }
    }
}
#endif
