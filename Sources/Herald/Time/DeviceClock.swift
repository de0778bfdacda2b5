import Foundation

/// Where Herald reads the current instant and the device's time zone.
///
/// Herald never reads the wall clock or the current zone itself: an app passes a clock
/// backed by the system, tests and the CLI pass the simulator's virtual clock.
///
/// ```swift
/// struct FixedClock: DeviceClock {
///     var now: Date
///     var timeZone: TimeZone
/// }
/// let engine = Engine(center: center, source: habits, clock: FixedClock(now: start, timeZone: berlin))
/// ```
public protocol DeviceClock: Sendable {
    /// The current instant.
    var now: Date { get }
    /// The device's current time zone, which floating reminders follow.
    var timeZone: TimeZone { get }
}
