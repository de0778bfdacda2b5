import Foundation
import Herald
import Synchronization

/// The system's side of background refresh in a scenario, like `BGTaskScheduler`: the
/// one refresh request the app has pending (a new one replaces it), and when the system
/// runs it (``ScenarioBackgroundRefresh``). It outlives the app's process.
///
/// Its state is behind a lock, not an actor: the app submits after every run it hears
/// (every position of a walk among them), and a submission is a store, not a hop.
final class ScenarioRefreshRequests: Sendable {
    let mode: ScenarioBackgroundRefresh
    let policy: PlannerConfiguration.RefreshPolicy
    /// The pending request's earliest begin date.
    private let pending: Mutex<Date?>

    init(mode: ScenarioBackgroundRefresh, policy: PlannerConfiguration.RefreshPolicy = PlannerConfiguration.RefreshPolicy(), requested: Date? = nil) {
        self.mode = mode
        self.policy = policy
        pending = Mutex(requested)
    }

    /// The pending request's earliest begin date.
    var requested: Date? { pending.withLock { $0 } }

    /// The app submits its next request after a run that made `plan` (`nil`: it failed),
    /// at `now`. Nothing is kept when the system never runs requests.
    func submit(after plan: Plan?, now: Date) {
        guard mode != .never else { return }
        let earliest = policy.earliestBeginDate(after: plan, now: now)
        pending.withLock { $0 = earliest }
    }

    /// When the system runs the pending request, if it ever does.
    var runDate: Date? {
        requested.flatMap(mode.runDate(forEarliest:))
    }

    /// The system takes the pending request to run it.
    func take() -> Date? {
        pending.withLock { requested in
            defer { requested = nil }
            return requested
        }
    }

    /// The user quit the app: iOS runs no background task for it until it is opened again.
    func cancel() {
        pending.withLock { $0 = nil }
    }
}
