import Foundation
import Herald

extension SimulatedNotificationCenter {
    /// The user changes the app's location access in Settings (`LocationAccess.always`
    /// until then). From the next position on, as on iOS:
    /// - a location trigger fires only with `LocationAccess.whenInUse` or
    ///   `LocationAccess.always`: the system watches its region for the app;
    /// - a monitored region's crossing is reported (and relaunches the app) only with
    ///   `LocationAccess.always`.
    ///
    /// A crossing made without the access is never reported later, and the side of the
    /// boundary is still followed, so a grant does not turn a past crossing into one.
    /// The access survives the app (``snapshot()``); the app learns of a change from
    /// Core Location (`Engine.locationAccessChanged(_:)`).
    ///
    /// ```swift
    /// await center.setLocationAccess(.whenInUse)
    /// await center.walk(along: [fountain], speed: 1.4)   // location reminders fire; waypoints are not reported
    /// ```
    public func setLocationAccess(_ access: LocationAccess) {
        locationAccess = access
    }
}
