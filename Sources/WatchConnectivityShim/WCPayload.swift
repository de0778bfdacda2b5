#if !canImport(WatchConnectivity) && !HERALD_SHIM_MACOS
import Foundation

/// What WatchConnectivity accepts in a dictionary it carries: property-list values
/// (strings, numbers and Booleans, dates, data, arrays and string-keyed dictionaries of
/// them; `NSNull` is none), in a binary property list of at most a limit.
enum WCPayload {
    /// Why `payload` is refused (`payloadUnsupportedTypes` naming the first offending
    /// key path, or `payloadTooLarge` with its size); `nil` when it is accepted.
    static func refusal(of payload: [String: Any], limit: Int) -> WCError? {
        if let violation = violation(in: payload, at: "userInfo") {
            return WCError(.payloadUnsupportedTypes, reason: violation)
        }
        let size = (try? PropertyListSerialization.data(fromPropertyList: payload, format: .binary, options: 0).count) ?? Int.max
        if size > limit {
            return WCError(.payloadTooLarge, reason: "the user info is \(size) bytes as a property list; at most \(limit)")
        }
        return nil
    }

    private static func violation(in value: Any, at path: String) -> String? {
        switch value {
        case is NSNull: return "\(path) is NSNull, which is not a property-list type"
        case is String, is NSString, is NSNumber, is Date, is NSDate, is Data, is NSData, is Bool, is Int, is Int64,
             is Int32, is UInt, is Double, is Float:
            return nil
        case let items as [Any]:
            for (index, item) in items.enumerated() {
                if let found = violation(in: item, at: "\(path)[\(index)]") { return found }
            }
            return nil
        case let fields as [String: Any]:
            for key in fields.keys.sorted() {
                if let found = violation(in: fields[key]!, at: "\(path)[\"\(key)\"]") { return found }
            }
            return nil
        default:
            return "\(path) is a \(type(of: value)), which is not a property-list type"
        }
    }
}
#endif
