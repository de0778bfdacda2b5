import Foundation
import Herald

/// The device's real clock and time zone: the `DeviceClock` an app passes to its
/// `Engine`. It is the one place Herald reads the wall clock and
/// `TimeZone.current`; tests pass a fixed or virtual clock instead.
///
/// ```swift
/// let engine = Engine(center: UserNotificationCenter(), source: habits, clock: SystemClock())
/// let signals = TimeSignalForwarder(engine: engine)   // day, zone and clock changes
/// Task { await signals.run() }
/// ```
public struct SystemClock: DeviceClock {
    public init() {}

    /// The current instant.
    public var now: Date { Date() }

    /// The device's current time zone (`TimeZone.current`, which follows the user's
    /// setting and travel).
    public var timeZone: TimeZone { TimeZone.current }
}
