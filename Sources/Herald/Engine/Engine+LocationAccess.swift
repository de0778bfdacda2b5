import Foundation

extension Engine {
    /// The user's location access changed, or the app read it (at launch): the engine
    /// plans only what it allows (``LocationAccess``) and re-plans when it differs from
    /// the access it knew. The same access again changes nothing, so an app may report
    /// it at every launch; the first report of ``LocationAccess/always`` is recorded
    /// without a run, since the engine planned as if it were so.
    ///
    /// ```swift
    /// func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
    ///     Task { try await engine.locationAccessChanged(.init(manager.authorizationStatus)) }
    /// }
    /// ```
    ///
    /// - Returns: the run's report; `nil` when the access is the one the engine knew.
    @discardableResult
    public func locationAccessChanged(_ access: LocationAccess) async throws -> ReconcileReport? {
        let known = try locationAccess()
        guard known != access else { return nil }
        guard known != nil || access != .always else {
            _ = try await record(.locationAccessChanged(access))
            return nil
        }
        return try await handle(.locationAccessChanged(access))
    }

    /// The location access last reported; `nil` before the first report (the engine
    /// then plans as if it were ``LocationAccess/always``).
    public func locationAccess() throws -> LocationAccess? {
        try recentState().locationAccess
    }
}
