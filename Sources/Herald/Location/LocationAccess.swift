import Foundation

/// How far the user lets the app use location, as Core Location reports it: what
/// Herald can count on for location reminders and a route's waypoints.
///
/// A location reminder is a `UNLocationNotificationTrigger`, whose region the system
/// watches for the app: it needs *when in use*. A route's waypoints are watched by the
/// app's own region monitoring, which relaunches the app at a crossing only with
/// *always*. The engine plans only what the access allows and says what it holds
/// back in the plan (`RegionPlan.withheld`):
///
/// ```swift
/// try await engine.locationAccessChanged(.whenInUse)   // waypoints are no longer watched
/// let regions = await engine.becameActive().plan?.regions
/// print(regions?.withheld?.description ?? "nothing held back")   // how many, and why
/// ```
///
/// Until the app reports it (``Engine/locationAccessChanged(_:)``; `RegionMonitor` of
/// the platform adapter does it at launch and on every change), the engine plans as if
/// it were ``always`` and the plan says the access is not known.
public enum LocationAccess: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// The user has not been asked yet.
    case notDetermined
    /// The user refused, or location is restricted on the device.
    case denied
    /// Location while the app is in use: location reminders, no region monitoring.
    case whenInUse
    /// Location at any time: location reminders and region monitoring.
    case always

    /// Whether a location reminder's trigger can fire (the system watches its region).
    public var allowsLocationReminders: Bool { self == .whenInUse || self == .always }

    /// Whether the app's own region monitoring reports crossings, relaunching the app.
    public var allowsRegionMonitoring: Bool { self == .always }

    public var description: String {
        switch self {
        case .notDetermined: "not determined"
        case .denied: "denied"
        case .whenInUse: "when in use"
        case .always: "always"
        }
    }
}
