/// Something that moved the device's notion of time, after which reminders must be
/// re-planned whatever else the app has switched on (seed 003).
///
/// On Apple platforms these come from `UIApplication.significantTimeChangeNotification`
/// (posted at midnight and when the user sets the clock) and
/// `NSSystemTimeZoneDidChange`. iOS does not wake a suspended app for them: it hears
/// of them when it next runs, and `SimulatedDevice` does the same (a foreground app is
/// told at the exact virtual instant).
public enum TimeChange: String, Hashable, Sendable, Codable, CaseIterable {
    /// A local midnight passed (or the first instant of a day whose midnight does not exist).
    case dayChanged
    /// The device's time zone changed (travel, or the user chose another).
    case timeZoneChanged
    /// The clock was set, forward or back.
    case clockChanged
}
