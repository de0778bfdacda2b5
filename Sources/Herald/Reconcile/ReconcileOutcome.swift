/// What a reconcile did to the center.
public struct ReconcileOutcome: Hashable, Sendable {
    public var removed: Int
    public var added: Int
    public var unchanged: Int
    /// Identifiers whose add failed; the next reconcile adds them again.
    public var failedAdds: [String]

    public init(removed: Int = 0, added: Int = 0, unchanged: Int = 0, failedAdds: [String] = []) {
        self.removed = removed
        self.added = added
        self.unchanged = unchanged
        self.failedAdds = failedAdds
    }

    public var touched: Int { removed + added }
}
