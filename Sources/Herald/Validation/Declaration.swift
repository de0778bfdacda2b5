/// The checks behind ``DeclarationError``: one place that says what an identity part
/// and a notification's `userInfo` must be, used wherever a rule, an event or a
/// request is made.
enum Declaration {
    /// Checks each identity part: not empty, at most ``DeclarationError/maximumPartLength``
    /// characters.
    static func checkParts(_ parts: [(name: String, value: String)], of owner: String) throws(DeclarationError) {
        for part in parts {
            if part.value.isEmpty { throw .emptyPart(part.name, of: owner) }
            let length = part.value.count
            if length > DeclarationError.maximumPartLength { throw .partTooLong(part.name, of: owner, length: length) }
        }
    }

    /// Checks an entity's namespace and id.
    static func checkEntity(_ entity: EntityReference, of owner: String) throws(DeclarationError) {
        try checkParts([("namespace", entity.namespace), ("entity id", entity.id)], of: owner)
    }

    /// Checks a complete `userInfo` (Herald's payload included): finite numbers only,
    /// and no larger than ``PayloadDecoder``'s limit. `owner` is formed only for an
    /// error: a plan checks every request it builds.
    static func checkUserInfo(_ userInfo: [String: JSONValue], of owner: @autoclosure () -> String,
                              limit: Int = PayloadDecoder().sizeLimit) throws(DeclarationError) {
        // A quick pass first; the path (in a stable order) only for the error message.
        if containsNonFiniteNumber(.object(userInfo)), let path = firstNonFiniteNumber(in: .object(userInfo), path: "") {
            throw .nonFiniteNumber(at: path, of: owner())
        }
        let size = PayloadDecoder.estimatedSize(of: .object(userInfo), limit: limit)
        if size > limit { throw .userInfoTooLarge(owner(), bytes: size, limit: limit) }
    }

    /// Checks a duration in seconds: finite, zero or more.
    static func checkDuration(_ seconds: Double, _ what: String, of owner: String) throws(DeclarationError) {
        guard seconds.isFinite, seconds >= 0 else { throw .invalidDuration(what, seconds, of: owner) }
    }

    private static func containsNonFiniteNumber(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let number): !number.isFinite
        case .array(let items): items.contains(where: containsNonFiniteNumber)
        case .object(let fields): fields.values.contains(where: containsNonFiniteNumber)
        case .null, .bool, .string: false
        }
    }

    /// The path (`["streak"][2]`) of the first number that is NaN or infinite, keys in
    /// order.
    private static func firstNonFiniteNumber(in value: JSONValue, path: String) -> String? {
        switch value {
        case .number(let number):
            return number.isFinite ? nil : path
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = firstNonFiniteNumber(in: item, path: path + "[\(index)]") { return found }
            }
            return nil
        case .object(let fields):
            for key in fields.keys.sorted() {
                if let found = firstNonFiniteNumber(in: fields[key]!, path: path + "[\"\(key)\"]") { return found }
            }
            return nil
        case .null, .bool, .string:
            return nil
        }
    }
}
