import Foundation
import Herald

/// `userInfo` between Herald's JSON values and the platform's property-list values.
///
/// Written with `NSNumber(value:)` (never `as NSNumber`, which Linux does not bridge
/// the same way), so a Boolean is an `NSNumber` whose `objCType` is `"c"` and every
/// other number one holding a `Double`; reading tells them apart the same way on both
/// platforms. Nested arrays and objects are kept. `userInfo` holds property-list values
/// only, and `NSNull` is none, so a JSON `null` is written as the one-entry dictionary
/// ``nullMark`` (`["herald.null": true]`) and read back as `null`. Values that are not
/// JSON (dates, data another SDK put there) are left out when reading.
enum UserInfoCoding {
    /// Where the adapter keeps a sound the platform cannot read back (a named one).
    static let soundKey = "herald.sound"
    /// The key of the dictionary that stands for a JSON `null`.
    static let nullMark = "herald.null"

    static func platformUserInfo(_ userInfo: [String: JSONValue]) -> [AnyHashable: Any] {
        var result: [AnyHashable: Any] = [:]
        for (key, value) in userInfo { result[key] = platformValue(value) }
        return result
    }

    static func platformValue(_ value: JSONValue) -> Any {
        switch value {
        case .null: [nullMark: NSNumber(value: true)] as [String: Any]
        case .bool(let flag): NSNumber(value: flag)
        case .number(let number): NSNumber(value: number)
        case .string(let text): text
        case .array(let items): items.map(platformValue)
        case .object(let fields): fields.mapValues(platformValue)
        }
    }

    /// Herald's `userInfo` and the adapter's sound mark, which is taken out.
    static func userInfo(_ platform: [AnyHashable: Any]) -> (userInfo: [String: JSONValue], soundMark: String?) {
        var result: [String: JSONValue] = [:]
        var soundMark: String?
        for (key, value) in platform {
            guard let key = key.base as? String else { continue }
            if key == soundKey {
                soundMark = value as? String
                continue
            }
            if let json = jsonValue(value) { result[key] = json }
        }
        return (result, soundMark)
    }

    static func jsonValue(_ value: Any) -> JSONValue? {
        if value is NSNull { return .null }   // written by other code; never by Herald
        if let fields = value as? [String: Any], fields.count == 1, fields[nullMark] != nil { return .null }
        if let text = value as? String { return .string(text) }
        if let number = value as? NSNumber {
            return isBoolean(number) ? .bool(number.boolValue) : .number(number.doubleValue)
        }
        if let fields = value as? [String: Any] {
            return .object(fields.compactMapValues(jsonValue))
        }
        if let fields = value as? [AnyHashable: Any] {
            var object: [String: JSONValue] = [:]
            for (key, item) in fields {
                if let key = key.base as? String, let json = jsonValue(item) { object[key] = json }
            }
            return .object(object)
        }
        if let items = value as? [Any] { return .array(items.compactMap(jsonValue)) }
        return nil
    }

    /// `NSNumber(value: true)` reports the `objCType` of a C `char` ("c") on Apple
    /// platforms and on Linux; numbers Herald writes are doubles ("d").
    static func isBoolean(_ number: NSNumber) -> Bool {
        String(cString: number.objCType) == "c" && (number.int8Value == 0 || number.int8Value == 1)
    }
}
