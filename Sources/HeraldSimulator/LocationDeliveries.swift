/// Whether notifications fired by a location trigger are in the delivered list the
/// app reads (`deliveredNotifications()`).
///
/// Apple's header says of `getDeliveredNotifications`: "Notifications triggered by
/// location cannot be retrieved, but can be removed." Whether that still holds on
/// recent iOS is unconfirmed, so the simulator's default is the documented, stricter
/// reading, ``hidden``; test an app under both.
///
/// ```swift
/// let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized,
///                                          locationDeliveries: .listed)
/// ```
public enum LocationDeliveries: String, Hashable, Sendable, Codable, CaseIterable {
    /// A location delivery is shown to the user and kept in Notification Center, but
    /// `deliveredNotifications()` never returns it; removing it by identifier works.
    case hidden
    /// A location delivery is listed like any other (the simulator's older behaviour).
    case listed
}
