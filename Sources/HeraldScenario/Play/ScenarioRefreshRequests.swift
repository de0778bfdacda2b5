import Foundation
import Herald

/// The system's side of background refresh in a scenario, like `BGTaskScheduler`: the
/// one refresh request the app has pending (a new one replaces it), and when the system
/// runs it (``ScenarioBackgroundRefresh``). It outlives the app's process.
actor ScenarioRefreshRequests {
    let mode: ScenarioBackgroundRefresh
    let policy: RefreshPolicy
    /// The pending request's earliest begin date.
    private(set) var requested: Date?

    init(mode: ScenarioBackgroundRefresh, policy: RefreshPolicy = RefreshPolicy(), requested: Date? = nil) {
        self.mode = mode
        self.policy = policy
        self.requested = requested
    }

    /// The app submits its next request after a run that made `plan` (`nil`: it failed),
    /// at `now`. Nothing is kept when the system never runs requests.
    func submit(after plan: Plan?, now: Date) {
        guard mode != .never else { return }
        requested = policy.earliestBeginDate(after: plan, now: now)
    }

    /// When the system runs the pending request, if it ever does.
    var runDate: Date? {
        requested.flatMap(mode.runDate(forEarliest:))
    }

    /// The system takes the pending request to run it.
    func take() -> Date? {
        defer { requested = nil }
        return requested
    }

    /// The user quit the app: iOS runs no background task for it until it is opened again.
    func cancel() {
        requested = nil
    }
}
