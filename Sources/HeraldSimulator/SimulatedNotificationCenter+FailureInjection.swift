import Herald

extension SimulatedNotificationCenter {
    /// Makes the next `count` calls of `add` throw `NotificationCenterError` with code
    /// `addFailed`, changing nothing: for testing that a failed add is retried.
    ///
    /// ```swift
    /// await center.failNextAdds(count: 1)
    /// try await engine.reconcile()   // the first add fails
    /// try await engine.reconcile()   // and is retried
    /// ```
    public func failNextAdds(count: Int = 1) {
        failingAddCount = count
    }

    /// Makes every `add` whose request matches `predicate` throw `addFailed`, until
    /// called again with `nil`.
    public func failAdds(where predicate: (@Sendable (NotificationRequest) -> Bool)?) {
        addFailurePredicate = predicate
    }

    /// Makes the next `count` calls of `setBadgeCount` throw `badgeFailed`.
    public func failNextBadgeUpdates(count: Int = 1) {
        failingBadgeUpdateCount = count
    }

    /// Sets every counter of ``callCounts`` back to zero.
    public func resetCallCounts() {
        callCounts = CallCounts()
    }

    func checkInjectedAddFailure(for request: NotificationRequest) throws(NotificationCenterError) {
        if failingAddCount > 0 {
            failingAddCount -= 1
            throw NotificationCenterError(code: .addFailed, message: "Injected failure: add(\(request.identifier)) failed (failNextAdds).")
        }
        if let addFailurePredicate, addFailurePredicate(request) {
            throw NotificationCenterError(code: .addFailed, message: "Injected failure: add(\(request.identifier)) failed (failAdds(where:)).")
        }
    }
}
