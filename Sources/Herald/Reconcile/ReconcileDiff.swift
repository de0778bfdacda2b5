/// The difference between what should be pending and what is: the fewest calls that
/// make the center match the plan.
package struct ReconcileDiff: Hashable, Sendable {
    /// Identifiers to remove, in one batch: Herald's managed requests no longer planned.
    public var removals: [String]
    /// Delivered notifications to remove, in one batch: those that no longer ask
    /// anything of the user (see ``OutstandingNotifications``).
    public var deliveredRemovals: [String] = []
    /// Requests to add: new, or changed in content or trigger (adding replaces).
    public var additions: [NotificationRequest]
    /// How many planned requests are pending already, unchanged.
    public var unchanged: Int

    /// The number of pending requests touched: the size of the difference.
    public var touched: Int { removals.count + additions.count }
    public var isEmpty: Bool { touched == 0 && deliveredRemovals.isEmpty }
}
