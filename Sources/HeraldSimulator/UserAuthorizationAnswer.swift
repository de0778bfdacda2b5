/// What the scripted user answers when the app asks for permission to notify.
///
/// The simulated system asks only once, like the real one: after the user has answered,
/// ``SimulatedNotificationCenter/requestAuthorization(options:)`` returns the
/// status fixed by that answer (until the user changes it in Settings with
/// ``SimulatedNotificationCenter/setAuthorizationStatus(_:)``).
///
/// ```swift
/// let center = SimulatedNotificationCenter(clock: clock, userAnswer: .deny)
/// let allowed = try await center.requestAuthorization(options: [.alert, .badge])
/// // allowed == false, status .denied
/// ```
public enum UserAuthorizationAnswer: String, Hashable, Sendable, Codable, CaseIterable {
    /// The user taps Allow: the status becomes `authorized`.
    case allow
    /// The user taps Don't Allow: the status becomes `denied`.
    case deny
}
