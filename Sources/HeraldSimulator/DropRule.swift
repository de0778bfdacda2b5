/// Which requests the simulated system keeps when more than its capacity are pending.
///
/// Apple says only that the number of pending requests is limited by the system. Its old
/// guide said the system keeps the soonest-firing 64; reports since iOS 11 (a radar with
/// 100 interval triggers, a notification library's test of 70 requests in 2024) say it
/// keeps the last 64 added, so that is the default. Neither is documented, which is why
/// Herald never asks for more than its budget and adds each run's requests latest first
/// (its soonest last). Run tests under both rules to prove a behaviour does not depend
/// on either.
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
    /// Keep the requests added last; the oldest additions go first (the default).
    case keepMostRecentlyAdded
}
