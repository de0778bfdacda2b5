#if !canImport(UserNotifications)
import Foundation

/// `userInfo` as the system keeps it: property-list values only.
///
/// Apple documents that `userInfo`'s contents "must be property-list types" (strings,
/// numbers and Booleans, dates, data, arrays of them and dictionaries with string keys
/// of them); `NSNull` is none. What `UNUserNotificationCenter.add` does with another
/// value is not documented. Its predecessors raised an Objective-C exception
/// (`UILocalNotification.userInfo`: "if any are not, an exception is raised";
/// `NSUserNotification.userInfo`: "All items must be property list types or an
/// exception is thrown"), which Swift cannot catch: the app crashes. The stand-in takes
/// that, the stricter reading that a test can check: ``violation(in:)`` finds the first
/// offending value and `add` traps naming its key path (an exit test sees the message),
/// so code that passes here never counts on a refusal it could handle.
enum ShimPropertyList {
    /// The first value in `userInfo` that is not a property-list value, with its key
    /// path (`userInfo["app"]["list"][1]`) and its type; `nil` when all are.
    static func violation(in userInfo: [AnyHashable: Any]) -> String? {
        for key in userInfo.keys.sorted(by: { "\($0.base)" < "\($1.base)" }) {
            guard let name = stringKey(key.base) else {
                return "userInfo has a key that is not a string: \(key.base) (\(type(of: key.base)))"
            }
            if let found = violation(in: userInfo[key]!, at: "userInfo[\"\(name)\"]") { return found }
        }
        return nil
    }

    private static func violation(in value: Any, at path: String) -> String? {
        if isScalar(value) { return nil }
        if let items = value as? [Any] {
            for (index, item) in items.enumerated() {
                if let found = violation(in: item, at: "\(path)[\(index)]") { return found }
            }
            return nil
        }
        if let fields = value as? [AnyHashable: Any] {
            for key in fields.keys.sorted(by: { "\($0.base)" < "\($1.base)" }) {
                guard let name = stringKey(key.base) else {
                    return "\(path) has a key that is not a string: \(key.base) (\(type(of: key.base)))"
                }
                if let found = violation(in: fields[key]!, at: "\(path)[\"\(name)\"]") { return found }
            }
            return nil
        }
        return "\(path) is a \(type(of: value)), which is not a property-list type"
    }

    private static func stringKey(_ key: Any) -> String? {
        if let text = key as? String { return text }
        if let text = key as? NSString { return text as String }
        return nil
    }

    /// Strings, numbers (Booleans included), dates and data, in their Swift or
    /// Foundation form; never `NSNull` or another object.
    private static func isScalar(_ value: Any) -> Bool {
        switch value {
        case is NSNull: false
        case is String, is NSString, is NSNumber, is Date, is NSDate, is Data, is NSData: true
        case is Bool, is Int, is Int8, is Int16, is Int32, is Int64, is UInt, is UInt8, is UInt16, is UInt32, is UInt64,
             is Float, is Double:
            true
        default: false
        }
    }

    /// The form `userInfo` takes once the system has archived it: every number and
    /// Boolean an `NSNumber` (a Boolean stays distinguishable by its `objCType` "c").
    static func archived(_ dictionary: [AnyHashable: Any]) -> [AnyHashable: Any] {
        dictionary.mapValues(archived)
    }

    static func archived(_ value: Any) -> Any {
        switch value {
        case let number as NSNumber: number
        case let flag as Bool: NSNumber(value: flag)
        case let integer as Int: NSNumber(value: integer)
        case let double as Double: NSNumber(value: double)
        case let text as String: text
        case let array as [Any]: array.map(archived)
        case let dictionary as [AnyHashable: Any]: archived(dictionary)
        default: value
        }
    }
}
#endif
