/// Whether a crossing of a monitored region still relaunches an app the user
/// force-quit (swiped away in the app switcher).
///
/// Apple documents that a region crossing relaunches an app that is not running, but
/// not whether that holds after a force-quit: iOS 7.0 stopped such relaunches and 7.1
/// restored them, and field reports of no relaunch remain open. The simulator's default
/// is the stricter reading, ``never``; test an app under both.
///
/// ```swift
/// let device = await SimulatedDevice(center: center, forceQuitRelaunch: .regions) { MapApp() }
/// ```
public enum ForceQuitRelaunch: String, Hashable, Sendable, Codable, CaseIterable {
    /// After a force-quit nothing launches the app in the background until the user
    /// opens it again: region crossings are lost (the default).
    case never
    /// A region crossing relaunches a force-quit app into the background, as it does
    /// an app the system ended.
    case regions
}
