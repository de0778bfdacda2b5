/// What a reconcile did to the center.
package struct ReconcileOutcome: Hashable, Sendable {
    /// Pending requests removed.
    public var removed: Int
    /// Pending requests added (new, or replaced because their content or trigger changed).
    public var added: Int
    public var unchanged: Int
    /// Identifiers whose add failed; the next reconcile adds them again.
    public var failedAdds: [String]
    /// Delivered notifications removed because they no longer ask anything of the user.
    public var removedDelivered: Int

    public init(removed: Int = 0, added: Int = 0, unchanged: Int = 0, failedAdds: [String] = [], removedDelivered: Int = 0) {
        self.removed = removed
        self.added = added
        self.unchanged = unchanged
        self.failedAdds = failedAdds
        self.removedDelivered = removedDelivered
    }

    /// Pending requests touched: removed plus added.
    public var touched: Int { removed + added }
}
