/// Which requests the simulated system keeps when more than its capacity are pending.
///
/// Apple's old documentation says the system keeps the soonest-firing 64; field reports
/// say it keeps the last 64 added. Neither is reliable across OS versions, which is why
/// Herald never asks for more than its budget. Run tests under both rules to prove a
/// behaviour does not depend on either.
///
/// ```swift
/// for rule in DropRule.allCases {
///     let center = SimulatedNotificationCenter(clock: clock, dropRule: rule)
///     // ...
/// }
/// ```
public enum DropRule: String, Hashable, Sendable, Codable, CaseIterable {
    /// Keep the requests with the soonest next fire date. Location requests, which have
    /// no fire date, are dropped first; among equal dates the earliest added stays.
    case keepSoonest
    /// Keep the requests added last; the oldest additions go first.
    case keepMostRecentlyAdded
}
