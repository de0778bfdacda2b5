/// Why the system refused an alarm.
public enum AlarmCenterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The system holds as many alarms as it allows (AlarmKit's
    /// `AlarmError.maximumLimitReached`; the number is not published).
    case maximumLimitReached
    /// The user has not allowed alarms.
    case notAuthorized
    /// This system has no alarms.
    case unavailable

    public var description: String {
        switch self {
        case .maximumLimitReached: "a maximum number of alarms is already scheduled"
        case .notAuthorized: "the user has not allowed alarms"
        case .unavailable: "this system has no alarms"
        }
    }
}
