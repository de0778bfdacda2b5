/// How a scenario's app hears where the device is (the `location_updates` key).
///
/// ```yaml
/// location_updates: regions   # the app hears only entries into the waypoints it monitors
/// ```
package enum ScenarioLocationUpdates: String, Hashable, Sendable, CaseIterable {
    /// The app hears every position (standard location updates, as a route app that
    /// shows the walk on screen has them): waypoints are reached at the first position
    /// within their threshold. The default, which scenarios written before region
    /// monitoring was simulated rely on.
    case positions
    /// The app hears only Core Location's region entries, as in the background: the
    /// runner monitors the waypoints the engine's region plan watches (within the 20
    /// regions, with the pending location reminders) as `RegionMonitor` does, and an
    /// entry reaches the app 20 s after the boundary was crossed, as the waypoint's
    /// centre; a waypoint the plan cuts is not heard until it is watched.
    case regions
}
