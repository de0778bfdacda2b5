/// Why Herald refused something the app declared: a rule, a posted event, or the
/// content of a notification.
///
/// Herald checks identity and payload where they are made, so that nothing reaches
/// the notification center that it could not parse back: an identifier with an empty
/// part never parses (it would be added again on every run and never removed), a part
/// longer than `PayloadDecoder` accepts or a `userInfo` above the platform's size
/// makes every tap on it invalid, and a number that is not finite makes a request
/// differ from itself (it would be replaced on every run).
///
/// ```swift
/// do {
///     let rule = try ReminderRule(entity: EntityReference(namespace: "habit", id: ""), id: "daily", schedule: daily)
/// } catch let error as DeclarationError where error.code == .emptyPart {
///     logger.error("\(error)")   // "the entity id of habit/ is empty; ..."
/// }
/// ```
public struct DeclarationError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: Code
    /// What was wrong, where, and what to do.
    public let message: String

    public var description: String { message }

    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// A part of an identity (namespace, entity id, rule id, event name or token) is empty.
        public static let emptyPart = Code(name: "emptyPart")
        /// A part of an identity is longer than ``DeclarationError/maximumPartLength``.
        public static let partTooLong = Code(name: "partTooLong")
        /// The notification's `userInfo`, with Herald's payload, is larger than the
        /// platform delivers.
        public static let userInfoTooLarge = Code(name: "userInfoTooLarge")
        /// A number in `userInfo` is not finite (NaN or infinity): JSON cannot carry it.
        public static let nonFiniteNumber = Code(name: "nonFiniteNumber")
        /// A duration (a follow-up delay, an event's delay) is negative or not finite.
        public static let invalidDuration = Code(name: "invalidDuration")
    }

    /// The longest identity part Herald accepts, in characters: what
    /// `PayloadDecoder` reads back.
    public static let maximumPartLength = 256

    /// `owner` as a message names it: whole when short, else its kind ("rule") and an
    /// excerpt of the rest with its size, so a 10 MB identifier is not quoted whole.
    static func shown(_ owner: String) -> String {
        guard owner.count > 2 * InputExcerpt.limit else { return owner }
        guard let space = owner.firstIndex(of: " "), owner[..<space].allSatisfy(\.isLetter) else {
            return "\(InputExcerpt(owner))"
        }
        return "\(owner[...space])\(InputExcerpt(owner[owner.index(after: space)...]))"
    }

    static func emptyPart(_ part: String, of owner: String) -> DeclarationError {
        DeclarationError(code: .emptyPart, message: "the \(part) of \(shown(owner)) is empty; give every part of an identity at least one character")
    }

    static func partTooLong(_ part: String, of owner: String, length: Int) -> DeclarationError {
        DeclarationError(code: .partTooLong, message: "the \(part) of \(shown(owner)) is \(length) characters long, more than the \(maximumPartLength) Herald can read back from a notification; use a shorter identifier")
    }

    static func userInfoTooLarge(_ owner: String, bytes: Int, limit: Int) -> DeclarationError {
        DeclarationError(code: .userInfoTooLarge, message: "the userInfo of \(shown(owner)) is about \(bytes) bytes with Herald's payload, more than the \(limit) the platform delivers; keep only identifiers in userInfo and load the rest from the app's data")
    }

    static func nonFiniteNumber(at path: String, of owner: String) -> DeclarationError {
        DeclarationError(code: .nonFiniteNumber, message: "userInfo\(path) of \(shown(owner)) is not a finite number; JSON has no NaN or infinity, so store it as a string or leave it out")
    }

    static func invalidDuration(_ what: String, _ value: Double, of owner: String) -> DeclarationError {
        DeclarationError(code: .invalidDuration, message: "the \(what) of \(shown(owner)) is \(value) seconds; it must be a finite number of seconds, zero or more")
    }
}

extension DeclarationError.Code {
    /// A route session is not usable: no waypoints, a repeated waypoint id, a
    /// coordinate out of range, or a threshold that is not a positive distance.
    public static let invalidRoute = DeclarationError.Code(name: "invalidRoute")
}

extension DeclarationError {
    static func invalidRoute(_ message: String) -> DeclarationError {
        DeclarationError(code: .invalidRoute, message: message)
    }
}

extension DeclarationError.Code {
    /// A location reminder's region has no valid centre or no positive radius.
    public static let invalidRegion = DeclarationError.Code(name: "invalidRegion")
}

extension DeclarationError {
    static func invalidRegion(_ message: String) -> DeclarationError {
        DeclarationError(code: .invalidRegion, message: message)
    }
}

extension DeclarationError.Code {
    /// A rule's urgency ladder names a level twice, or goes on after an always-allowed one.
    public static let invalidUrgency = DeclarationError.Code(name: "invalidUrgency")
}

extension DeclarationError {
    static func invalidUrgency(_ message: String) -> DeclarationError {
        DeclarationError(code: .invalidUrgency, message: message)
    }
}

extension DeclarationError.Code {
    /// A rule's nag repeats at an interval that is not above 0 and at most a day, or a
    /// number of times outside 1 to ``Nag/maximumTimes``.
    public static let invalidNag = DeclarationError.Code(name: "invalidNag")
}

extension DeclarationError {
    static func invalidNag(_ message: String) -> DeclarationError {
        DeclarationError(code: .invalidNag, message: message)
    }
}
