/// Why a group notification holds its members (``NotificationKind/group``): the quiet
/// hours deferred some of them to their end, or they are due together.
package enum GroupReason: String, Hashable, Sendable, Codable, CaseIterable {
    /// Some member was deferred by the quiet hours (``PlannerConfiguration/quietHours``).
    case quiet
    /// Its members are due within ``PlannerConfiguration/groupWithin`` of the first.
    case due
}
