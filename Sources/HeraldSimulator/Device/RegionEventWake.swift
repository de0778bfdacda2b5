/// How a crossing of a monitored region reached the app, as ``SimulatedDevice`` hands
/// it to its region handler (``SimulatedDevice/setRegionHandler(_:)``).
///
/// ```swift
/// await device.setRegionHandler { event, wake in
///     guard wake != .notRelaunched, let app = await device.app as? MapApp else { return }
///     await app.entered(event.region)
/// }
/// ```
public enum RegionEventWake: String, Hashable, Sendable, Codable, CaseIterable {
    /// The app was running: in the foreground, or in the background (a suspended app
    /// is woken for the event and is told the time changes it missed first).
    case running
    /// The app was not running (ended by the system, crashed, or force-quit under
    /// ``ForceQuitRelaunch/regions``): the system launched it into the background for
    /// the event, which reaches it right after `didFinishLaunching(in: .background)`.
    case relaunched
    /// The user had force-quit the app and the device does not relaunch it
    /// (``ForceQuitRelaunch/never``): the event is lost, the app never hears of it.
    case notRelaunched
}
