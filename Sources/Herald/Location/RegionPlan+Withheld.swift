import Foundation

extension RegionPlan {
    /// What a plan did not watch because of the user's location access: a route's
    /// waypoints need ``LocationAccess/always`` (the app's region monitoring), location
    /// reminders ``LocationAccess/whenInUse`` (their triggers).
    ///
    /// ```swift
    /// if let withheld = plan.regions.withheld {
    ///     print(withheld)   // location access when in use; 3 waypoints not watched: region monitoring needs always
    /// }
    /// ```
    public struct Withheld: Hashable, Sendable, CustomStringConvertible {
        /// The access that held them back.
        public var access: LocationAccess
        /// The route's waypoints not watched (not reached yet).
        public var waypoints: Int
        /// The location reminders not armed (due today otherwise).
        public var locationReminders: Int

        public init(access: LocationAccess, waypoints: Int, locationReminders: Int) {
            self.access = access
            self.waypoints = waypoints
            self.locationReminders = locationReminders
        }

        public var description: String {
            var parts: [String] = []
            if waypoints > 0 {
                parts.append("\(Self.count(waypoints, "waypoint")) not watched: region monitoring needs always")
            }
            if locationReminders > 0 {
                parts.append("\(Self.count(locationReminders, "location reminder")) not armed: location triggers need when in use")
            }
            return "location access \(access); " + parts.joined(separator: "; ")
        }

        private static func count(_ count: Int, _ noun: String) -> String {
            "\(count) \(noun)\(count == 1 ? "" : "s")"
        }
    }
}
