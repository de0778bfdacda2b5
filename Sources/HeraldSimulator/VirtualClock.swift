import Foundation
import Herald

/// A device clock that only moves when a test says so: the simulator's "now" and the
/// device's time zone.
///
/// A virtual clock starts at a known instant and zone and stays there. Time moves
/// through the ``SimulatedNotificationCenter`` that owns it (``SimulatedNotificationCenter/advance(by:)``,
/// ``SimulatedNotificationCenter/jumpClock(to:)``, ``SimulatedNotificationCenter/setTimeZone(_:)``),
/// so that every notification due in between is delivered and floating triggers follow
/// the zone. Herald and the app read it through `DeviceClock` like any other clock.
///
/// ```swift
/// let clock = VirtualClock(
///     now: try Date("2026-03-27T12:00:00+01:00", strategy: .iso8601),
///     timeZone: TimeZone(identifier: "Europe/Berlin")!
/// )
/// let center = SimulatedNotificationCenter(clock: clock)
/// await center.advance(by: 3_600)
/// clock.now // 13:00 in Berlin
/// ```
///
/// Give each center its own clock: a clock moved by one center does not deliver the
/// notifications of another.
public final class VirtualClock: DeviceClock, @unchecked Sendable {
    // @unchecked Sendable: the only mutable state is `state`, and every read and write
    // of it goes through `lock`. (`Mutex` from Synchronization would need macOS 15.)
    private let lock = NSLock()
    private var state: (now: Date, timeZone: TimeZone)

    /// A clock standing at `now` in `timeZone`.
    public init(now: Date, timeZone: TimeZone) {
        state = (now, timeZone)
    }

    /// The current virtual instant.
    public var now: Date {
        lock.withLock { state.now }
    }

    /// The device's current time zone.
    public var timeZone: TimeZone {
        lock.withLock { state.timeZone }
    }

    /// A Gregorian calendar in the device's current zone, for tests that name local times.
    public var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// Moves the clock. Internal: time moves through the center, so deliveries happen.
    func set(now: Date) {
        lock.withLock { state.now = now }
    }

    /// Changes the device's zone. Internal: the center re-matches floating triggers.
    func set(timeZone: TimeZone) {
        lock.withLock { state.timeZone = timeZone }
    }
}
