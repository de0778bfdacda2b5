/// What the simulated system shows the app of its pending requests while the user has
/// turned the app's notifications off (authorization `denied`).
///
/// Apple documents only that the system "prevents denied interactions". The one field
/// report (iOS 14, through a notification library) says that while notifications are
/// off, `pendingNotificationRequests()` returns nothing, `add` and the removals have no
/// effect (and raise no error), and when the user turns notifications back on the
/// pending list returns exactly as it was, untouched by the calls made meanwhile. It
/// is not confirmed on later versions, so the stricter reading is the default and
/// Herald is tested under both:
///
/// ```swift
/// for mode in DeniedCenter.allCases {
///     let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized, deniedCenter: mode)
///     // schedule, then `setAuthorizationStatus(.denied)`, then back to `.authorized`
/// }
/// ```
///
/// Either way the system keeps its requests meanwhile and consumes those that fall due
/// without showing them (``DeliveryRecord``).
public enum DeniedCenter: String, Hashable, Sendable, Codable, CaseIterable {
    /// The app sees no pending request, and its adds and removals are ignored, until
    /// notifications are turned back on (the default: the report above).
    case empty
    /// The app sees and changes its pending requests as usual.
    case kept
}
