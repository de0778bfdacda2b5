/// Why the engine refused an event.
public struct EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    public let code: Code
    public let message: String

    public var description: String { message }

    public struct Code: Hashable, Sendable, CustomStringConvertible {
        let name: String
        public var description: String { name }

        /// Every reserve slot holds a snooze, a follow-up or an event already.
        public static let reserveFull = Code(name: "reserveFull")
        /// A delay that is negative or not a number.
        public static let invalidEvent = Code(name: "invalidEvent")
        /// An action the travel prompt does not offer.
        public static let unknownTravelAction = Code(name: "unknownTravelAction")
    }

    static func reserveFull(_ reserve: Int, event: NotificationIdentifier) -> EngineError {
        EngineError(code: .reserveFull, message: "cannot post \(event): all \(reserve) reserve slots are in use; raise PlannerConfiguration.reserve or post fewer events at once")
    }

    static func invalidEvent(_ event: NotificationIdentifier, _ reason: String) -> EngineError {
        EngineError(code: .invalidEvent, message: "cannot post \(event): \(reason)")
    }

    static func unknownTravelAction(_ identifier: String, offered: [String]) -> EngineError {
        EngineError(code: .unknownTravelAction, message: "the travel prompt has no action \"\(identifier)\"; choose one it offers: \(offered.joined(separator: ", "))")
    }
}
