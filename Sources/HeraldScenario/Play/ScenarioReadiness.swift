import Foundation

/// When the scenario's app says it is ready (its data loaded), after each launch:
/// responses wait in Herald's queue until then, so a tap that cold-launches the app is
/// routed at that instant.
///
/// ```yaml
/// ready_after: 2        # seconds after each launch (default 0: at once)
/// ready_after: never    # only at `ready` events
/// ```
package enum ScenarioReadiness: Hashable, Sendable, CustomStringConvertible {
    /// This many seconds after each launch.
    case after(TimeInterval)
    /// Only when a `ready` event says so.
    case onEvent

    package var description: String {
        switch self {
        case .after(let seconds): "\(Int(seconds)) s after launch"
        case .onEvent: "at ready events"
        }
    }
}
