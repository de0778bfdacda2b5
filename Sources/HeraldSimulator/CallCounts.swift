/// How many times the app called the simulated center, so tests can assert that a
/// reconcile touched exactly the requests it had to.
///
/// ```swift
/// await center.resetCallCounts()
/// try await engine.reconcile()
/// let counts = await center.callCounts
/// #expect(counts.adds == 1 && counts.pendingRemovalBatches == 1)
/// ```
public struct CallCounts: Hashable, Sendable {
    /// Successful `add` calls (each stores or replaces one request).
    public var adds = 0
    /// `add` calls that threw (invalid trigger or injected failure).
    public var failedAdds = 0
    /// Calls that remove pending requests: one per `removePendingNotificationRequests`
    /// or `removeAllPendingNotificationRequests`, whatever their size.
    public var pendingRemovalBatches = 0
    /// Pending requests those calls actually removed (unknown identifiers do not count).
    public var pendingRequestsRemoved = 0
    /// Calls that remove delivered notifications, whatever their size.
    public var deliveredRemovalBatches = 0
    /// Calls of `setBadgeCount`.
    public var badgeUpdates = 0
    /// Calls of `setNotificationCategories`.
    public var categoryUpdates = 0
    /// Times the user was shown the permission prompt.
    public var authorizationPrompts = 0
    /// `add` and pending-removal calls the system ignored because notifications were
    /// turned off (``DeniedCenter/empty``); counted here only.
    public var ignoredWhileDenied = 0

    public init() {}
}
