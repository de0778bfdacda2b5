import Herald

/// Seed 001's `ProximityService`, rebuilt on Herald: it starts and stops monitoring a
/// route and forwards the device's positions. Herald decides the spot notifications,
/// the completion (exactly once per session, also across a kill), and whether
/// anything may be sent (the app's setting, the system's authorization); the service
/// keeps no flag of its own.
///
/// ```swift
/// let proximity = ProximityService(engine: engine, proximityThreshold: 30)
/// try await proximity.startProximityMonitoring(for: route)
/// try await proximity.locationUpdated(here)          // spot and completion notifications
/// try await proximity.stopProximityMonitoring()
/// ```
public struct ProximityService: Sendable {
    public let engine: Engine
    /// Metres within which a spot counts as visited.
    public let proximityThreshold: Double

    public init(engine: Engine, proximityThreshold: Double = 30) {
        self.engine = engine
        self.proximityThreshold = proximityThreshold
    }

    /// Starts a route: visits and the completion start from nothing.
    public func startProximityMonitoring(for route: GeneratedRoute) async throws {
        try await engine.startRoute(try route.session(proximityThreshold: proximityThreshold))
    }

    /// Stops the route: its visits and completion are forgotten.
    public func stopProximityMonitoring() async throws {
        try await engine.stopRoute()
    }

    /// The device moved (a location update or a region entry).
    public func locationUpdated(_ position: Coordinate) async throws {
        try await engine.positionChanged(position)
    }

    /// The app's "POI notifications" switch, which the completion respects too.
    public func setNotificationsEnabled(_ enabled: Bool) async throws {
        try await engine.setRouteNotificationsEnabled(enabled)
    }

    /// Visited spots and the completion, each with why it was not notified, if so.
    public func progress() async throws -> RouteSessionState? {
        try await engine.routeSession()
    }
}
