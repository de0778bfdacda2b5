#if !canImport(UserNotifications)
import Foundation

/// Linux stand-in for `UNNotificationTrigger`, the base of the triggers; Apple gives it
/// no public initializer.
open class UNNotificationTrigger: NSObject {
    open private(set) var repeats: Bool

    init(repeats: Bool) {
        self.repeats = repeats
        super.init()
    }
}

/// Linux stand-in for `UNTimeIntervalNotificationTrigger`. Like the platform, it traps
/// on an interval that is not positive, or under 60 s when repeating (on Apple an
/// Objective-C exception, not an error): callers check first.
open class UNTimeIntervalNotificationTrigger: UNNotificationTrigger {
    open private(set) var timeInterval: TimeInterval

    public convenience init(timeInterval: TimeInterval, repeats: Bool) {
        self.init(checkedInterval: timeInterval, repeats: repeats)
    }

    init(checkedInterval timeInterval: TimeInterval, repeats: Bool) {
        precondition(timeInterval > 0, "time interval must be greater than 0")
        precondition(!repeats || timeInterval >= 60, "time interval must be at least 60 if repeating")
        self.timeInterval = timeInterval
        super.init(repeats: repeats)
    }

    /// From the stand-in's clock (``UNUserNotificationCenter/current()``'s), never the wall clock.
    open func nextTriggerDate() -> Date? { UNUserNotificationCenter.sharedClock.now.addingTimeInterval(timeInterval) }
}

/// Linux stand-in for `UNCalendarNotificationTrigger`: fires when the date matches the
/// components, read in their `timeZone` if they carry one (whether the platform
/// honours that zone is unconfirmed) or else the device's.
open class UNCalendarNotificationTrigger: UNNotificationTrigger {
    open private(set) var dateComponents: DateComponents

    public convenience init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.init(storing: dateComponents, repeats: repeats)
    }

    init(storing dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }

    /// From the stand-in's clock and zone (``UNUserNotificationCenter/current()``'s).
    open func nextTriggerDate() -> Date? {
        let clock = UNUserNotificationCenter.sharedClock
        return ShimCalendarMatch.next(matching: dateComponents, after: clock.now, deviceZone: clock.timeZone)
    }
}
#endif

#if !canImport(UserNotifications) && !HERALD_SHIM_MACOS && !HERALD_SHIM_MACCATALYST && !HERALD_SHIM_VISIONOS
import CoreLocationShim

/// Linux stand-in for `UNLocationNotificationTrigger` (iOS and watchOS only on Apple: not
/// declared under `HERALD_SHIM_MACOS`, `HERALD_SHIM_MACCATALYST` or `HERALD_SHIM_VISIONOS`).
open class UNLocationNotificationTrigger: UNNotificationTrigger {
    open private(set) var region: CLRegion

    public convenience init(region: CLRegion, repeats: Bool) {
        self.init(storing: region, repeats: repeats)
    }

    init(storing region: CLRegion, repeats: Bool) {
        self.region = region
        super.init(repeats: repeats)
    }
}
#endif
