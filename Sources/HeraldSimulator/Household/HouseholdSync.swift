import Foundation

/// How the app's instances in a ``SimulatedHousehold`` hear of each other, and how the
/// system treats a Watch and an iPhone that schedule the same notification.
///
/// The defaults are the stricter readings of what the platform promises: records take
/// ten seconds, a suspended app is woken by at most two background pushes an hour and
/// never after the user force-quit it, and a Watch does not merge its copy with the
/// iPhone's.
///
/// ```swift
/// let household = SimulatedHousehold(start: start, timeZone: berlin,
///                                    sync: HouseholdSync(latency: 30, pushWakesPerHour: 3))
/// ```
public struct HouseholdSync: Hashable, Sendable, Codable {
    /// The app's channel between its instances.
    public enum Channel: String, Hashable, Sendable, Codable, CaseIterable {
        /// CloudKit (`CKSyncEngine`): every device hears every other; a suspended or
        /// stopped app is woken by a background push while the hour's budget lasts.
        case cloudKit = "cloudkit"
        /// WatchConnectivity (`transferUserInfo`): only a Watch and its iPhone hear each
        /// other, and only while the receiving app runs: nothing is woken for it.
        case watchConnectivity = "watch_connectivity"
    }

    /// Whether a Watch merges its own copy of a notification with the iPhone's copy of
    /// the same identifier. Apple says it waits up to 13 seconds for the iPhone's copy
    /// and shows one; a developer forum report says both stay.
    public enum WatchDedupe: String, Hashable, Sendable, Codable, CaseIterable {
        /// Both copies alert (the default, the stricter reading).
        case fails
        /// The Watch's copy is merged into the iPhone's, which alerts where forwarding
        /// says.
        case works
    }

    /// Seconds from a record's send to its arrival at another device.
    public var latency: TimeInterval
    /// How many background pushes may wake each device's app in any hour (CloudKit only).
    public var pushWakesPerHour: Int
    public var channel: Channel
    public var watchDedupe: WatchDedupe

    public init(latency: TimeInterval = 10, pushWakesPerHour: Int = 2, channel: Channel = .cloudKit,
                watchDedupe: WatchDedupe = .fails) {
        self.latency = latency
        self.pushWakesPerHour = pushWakesPerHour
        self.channel = channel
        self.watchDedupe = watchDedupe
    }
}
