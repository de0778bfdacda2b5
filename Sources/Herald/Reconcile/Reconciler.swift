import Logging

/// Makes the center's pending requests match a plan with the fewest calls.
///
/// It compares Herald's own pending requests (identifiers that parse, of the kinds it
/// manages) with the desired ones by identifier and by content and trigger. Stale ones
/// are removed in one batch, then only new or changed ones are added. Requests that
/// are not Herald's, and Herald's of kinds it does not manage, are never touched.
/// Running it twice in a row touches nothing; an add that failed is simply missing
/// next time and is added again, so there are never duplicates.
///
/// ```swift
/// let reconciler = Reconciler()
/// let outcome = await reconciler.reconcile(desired: requests, with: center)
/// outcome.touched // == the size of the difference
/// ```
package struct Reconciler: Sendable {
    /// The kinds of request whose pending set this reconciler owns.
    public var managedKinds: Set<NotificationKind>
    var logger: Logger

    public init(managedKinds: Set<NotificationKind> = [.reminder], logger: Logger = Logger(label: "herald.reconciler")) {
        self.managedKinds = managedKinds
        self.logger = logger
    }

    /// The difference between desired and pending requests, and the delivered
    /// notifications to remove; pure.
    public func diff(desired: [NotificationRequest], pending: [NotificationRequest],
                     staleDelivered: [String] = []) -> ReconcileDiff {
        diff(desired: desired, managedPending: partition(pending).managed, staleDelivered: staleDelivered)
    }

    /// Herald's pending requests of the managed kinds, by identifier, and how many
    /// pending requests are not (another SDK's, or kinds this reconciler leaves alone):
    /// those take slots of the center's capacity. Each identifier is parsed once.
    public func partition(_ pending: [NotificationRequest]) -> (managed: [String: NotificationRequest], others: Int) {
        partition(pending) { NotificationIdentifier(parsing: $0) }
    }

    /// ``partition(_:)`` with each identifier's text read by `identify`, which answers
    /// as ``NotificationIdentifier/init(parsing:)`` does (the engine reads back the
    /// identifiers it built rather than parsing them again).
    func partition(_ pending: [NotificationRequest], identify: (String) -> NotificationIdentifier?)
        -> (managed: [String: NotificationRequest], others: Int) {
        // An empty center needs no table (reserving room for none still allocates one).
        var managed: [String: NotificationRequest] = pending.isEmpty ? [:] : Dictionary(minimumCapacity: pending.count)
        var others = 0
        for request in pending {
            if let identifier = identify(request.identifier), managedKinds.contains(identifier.kind) {
                managed[request.identifier] = request
            } else {
                others += 1
            }
        }
        return (managed, others)
    }

    /// The difference between desired requests and the managed ones pending (see
    /// ``partition(_:)``); pure.
    public func diff(desired: [NotificationRequest], managedPending: [String: NotificationRequest],
                     staleDelivered: [String] = []) -> ReconcileDiff {
        var additions: [NotificationRequest] = []
        var unchanged = 0
        // Each pending request is taken out when a desired one has its identifier: what
        // is left is removed. One look-up per desired request; a repeated identifier
        // (the first one wins) is caught by the pending one already taken, or by the
        // additions so far.
        var remaining = managedPending
        var added: Set<String> = []
        for request in desired {
            if let pending = remaining.removeValue(forKey: request.identifier) {
                if pending == request { unchanged += 1 } else { additions.append(request) }
            } else if managedPending[request.identifier] == nil, added.insert(request.identifier).inserted {
                additions.append(request)
            }
        }
        let removals = remaining.keys.sorted()
        return ReconcileDiff(removals: removals, deliveredRemovals: staleDelivered, additions: additions,
                             unchanged: unchanged)
    }

    /// Reads the center's pending requests, and removes and adds what differs.
    func reconcile(desired: [NotificationRequest], with center: any NotificationCenter) async -> ReconcileOutcome {
        let diff = diff(desired: desired, pending: await center.pendingNotificationRequests())
        return await apply(diff, to: center)
    }

    /// Applies a difference: removals first, in one batch, so the center never holds
    /// more than the budget; then delivered notifications that no longer ask anything,
    /// in one batch; then each addition.
    public func apply(_ diff: ReconcileDiff, to center: any NotificationCenter) async -> ReconcileOutcome {
        if !diff.removals.isEmpty {
            await center.removePendingNotificationRequests(withIdentifiers: diff.removals)
        }
        if !diff.deliveredRemovals.isEmpty {
            await center.removeDeliveredNotifications(withIdentifiers: diff.deliveredRemovals)
        }
        var failed: [String] = []
        for request in diff.additions {
            do {
                try await center.add(request)
            } catch {
                failed.append(request.identifier)
                logger.warning("adding a request failed; the next reconcile retries it", metadata: [
                    "identifier": "\(request.identifier)", "error": "\(error)",
                ])
            }
        }
        return ReconcileOutcome(
            removed: diff.removals.count, added: diff.additions.count - failed.count,
            unchanged: diff.unchanged, failedAdds: failed, removedDelivered: diff.deliveredRemovals.count)
    }
}
