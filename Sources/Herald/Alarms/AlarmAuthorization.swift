/// Whether the app may schedule alarms (AlarmKit's `AlarmManager.AuthorizationState`,
/// plus ``unavailable`` where the system has no alarms: before iOS 26, macOS, watchOS).
///
/// ```swift
/// if await alarms.authorization() == .notDetermined {
///     _ = try await alarms.requestAuthorization()
/// }
/// ```
public enum AlarmAuthorization: String, Hashable, Sendable, Codable, CaseIterable {
    /// The user has not been asked yet.
    case notDetermined
    /// The user said no: every attempt to schedule fails.
    case denied
    /// The user allowed alarms.
    case authorized
    /// This system has no alarms (AlarmKit is missing).
    case unavailable

    /// Whether alarms can be scheduled.
    public var allowsAlarms: Bool { self == .authorized }
}
