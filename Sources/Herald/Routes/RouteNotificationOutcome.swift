extension RouteSessionState {
    /// What became of a route notification Herald was due to send: sent, or why not.
    /// The app reads it from ``RouteSessionState`` to say why nothing arrived.
    ///
    /// ```swift
    /// if case .suppressed(.notificationsOff) = try await engine.routeSession()?.completion?.outcome {
    ///     showHint("Route notifications are off in Settings")
    /// }
    /// ```
    public enum NotificationOutcome: Hashable, Sendable, Codable {
        /// Handed to the run that schedules it.
        case sent
        /// Not sent, and never sent later for this session.
        case suppressed(RouteSessionState.Suppression)
    }
}

/// `RouteSessionState.NotificationOutcome` by its former name, inside the package.
package typealias RouteNotificationOutcome = RouteSessionState.NotificationOutcome

extension RouteSessionState {
    /// Why a route notification was not sent.
    public enum Suppression: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The app's own setting for route notifications was off
        /// (``Engine/setRouteNotificationsEnabled(_:)``).
        case notificationsOff
        /// The system does not let Herald deliver notifications (the status it had).
        case notAuthorized(AuthorizationStatus)

        public var description: String {
            switch self {
            case .notificationsOff: "route notifications are off in the app's settings"
            case .notAuthorized(let status): "notifications are not authorized (\(status.rawValue))"
            }
        }
    }
}

/// `RouteSessionState.Suppression` by its former name, inside the package.
package typealias RouteSuppression = RouteSessionState.Suppression
