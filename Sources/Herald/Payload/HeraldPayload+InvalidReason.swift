extension HeraldPayload {
    /// Why a notification's `userInfo` is not a valid Herald payload. Each case is a
    /// distinct situation an app can log or show.
    public enum InvalidReason: Hashable, Sendable, CustomStringConvertible {
        /// `userInfo` has no Herald entry: the notification is not Herald's.
        case notHerald
        /// A key Herald needs is absent.
        case missingKey(String)
        /// A key holds a value of the wrong JSON type.
        case wrongType(key: String, expected: String, found: String)
        /// The payload was written by a schema this code does not know.
        case unsupportedSchemaVersion(Int)
        /// The kind is not one Herald knows.
        case unknownKind(String)
        /// A part of the identity is empty or not usable.
        case malformedValue(key: String, value: String)
        /// The whole `userInfo` is larger than Herald accepts.
        case oversized(bytes: Int, limit: Int)

        public var description: String {
            switch self {
            case .notHerald:
                "userInfo has no '\(HeraldPayload.userInfoKey)' entry"
            case .missingKey(let key):
                "payload key '\(key)' is missing"
            case .wrongType(let key, let expected, let found):
                "payload key '\(key)' should be a \(expected) but is a \(found)"
            case .unsupportedSchemaVersion(let version):
                "payload schema version \(version) is not supported (this code reads version \(HeraldPayload.currentSchemaVersion))"
            case .unknownKind(let kind):
                "payload kind '\(kind)' is unknown"
            case .malformedValue(let key, let value):
                "payload key '\(key)' has an unusable value '\(value)'"
            case .oversized(let bytes, let limit):
                "payload is \(bytes) bytes, more than the \(limit) accepted"
            }
        }
    }
}

/// The outcome of decoding a payload: a payload, or the reason there is none.
package enum PayloadDecoding: Hashable, Sendable {
    case valid(HeraldPayload)
    case invalid(HeraldPayload.InvalidReason)

    public var payload: HeraldPayload? {
        if case .valid(let payload) = self { return payload }
        return nil
    }
}
