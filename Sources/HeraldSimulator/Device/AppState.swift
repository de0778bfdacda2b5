/// Where the simulated app's process stands, as ``SimulatedDevice`` drives it: the
/// three states that decide how a notification reaches the user and the app.
///
/// ```swift
/// try await device.launch()                 // .foreground
/// try await device.moveToBackground()       // .background
/// await device.terminate()                  // .notRunning
/// #expect(await device.appState == .notRunning)
/// ```
public enum AppState: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// No process: notifications are shown by the system; a tap or an action launches
    /// the app first.
    case notRunning
    /// Not on screen: notifications are shown by the system; the app is not asked how.
    /// The process is suspended, running only while it handles a call (a response it
    /// was woken for, a background refresh); see ``SimulatedDevice``.
    case background
    /// On screen: the app chooses how each notification is presented (`willPresent`).
    case foreground

    public var description: String { rawValue }
}
