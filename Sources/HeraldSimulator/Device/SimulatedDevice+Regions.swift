import Foundation
import Herald

extension SimulatedDevice {
    /// The user swipes the app away in the app switcher. An app in the foreground first
    /// leaves it (`didEnterBackground()`), then the process is killed without
    /// `willTerminate()`. Until the user opens the app again (``launch(into:)``, a tap
    /// or an action on one of its notifications) the system does not launch it in the
    /// background: no background refresh, and region crossings only under
    /// ``ForceQuitRelaunch/regions``. Does nothing when not running.
    ///
    /// ```swift
    /// try await device.launch()
    /// await device.forceQuit()              // entered background, force-quit
    /// try await device.backgroundRefresh()  // background refresh withheld (force-quit)
    /// ```
    @discardableResult
    public func forceQuit() async -> UserActionOutcome {
        await outcome {
            guard app != nil else { return }
            if appState == .foreground { await enterBackground() }
            record(.forceQuit)
            endProcess()
            isForceQuit = true
        }
    }

    /// A device resumed from a saved state in which the user had force-quit the app and
    /// not opened it since: it stays so until the user does. Ignored while running.
    ///
    /// ```swift
    /// if checkpoint.appForceQuit { await device.restoreForceQuit() }
    /// ```
    public func restoreForceQuit() {
        guard app == nil else { return }
        isForceQuit = true
    }

    /// Installs the app's Core Location delegate for region crossings: called with each
    /// crossing of a monitored region when the system reports it, and with how it
    /// reached the app (``RegionEventWake``). The device has already done what iOS does
    /// before the delegate hears it: a suspended app is woken and told the time changes
    /// it missed; an app that is not running is launched into the background
    /// (`didFinishLaunching(in: .background)`), which Apple documents for an app the
    /// system ended and which holds after a force-quit only under
    /// ``ForceQuitRelaunch/regions``. When the app is not relaunched the handler still
    /// hears the event with ``RegionEventWake/notRelaunched``, for the record: no app
    /// process hears it. The app runs while the handler runs (iOS gives it about 10 s)
    /// and is suspended again after.
    ///
    /// Without a handler here, the center's own handler
    /// (``SimulatedNotificationCenter/setRegionHandler(_:)``) hears the crossings that
    /// reached a running app.
    ///
    /// ```swift
    /// await device.setRegionHandler { event, wake in
    ///     guard wake != .notRelaunched, let app = await device.app as? MapApp else { return }
    ///     await app.entered(event.region)
    /// }
    /// await device.crash()
    /// await device.advance(by: 600)   // a crossing: launched background, then the handler
    /// ```
    public func setRegionHandler(_ handler: (@Sendable (RegionEvent, RegionEventWake) async -> Void)?) {
        regionHandler = handler
    }

    /// The system reports a crossing: wakes or relaunches the app as iOS does, records
    /// it, then hands it to the region handler.
    func regionCrossed(_ event: RegionEvent) async {
        let wake: RegionEventWake
        switch appState {
        case .notRunning where isForceQuit && forceQuitRelaunch == .never:
            wake = .notRelaunched
        case .notRunning:
            wake = .relaunched
            await coldLaunch(into: .background)
        case .background:
            wake = .running
            await tellPendingTimeChanges()
        case .foreground:
            wake = .running
        }
        record(.region(event, wake))
        if let regionHandler {
            await regionHandler(event, wake)
        } else if wake != .notRelaunched {
            await center.reportToRegionHandler(event)
        }
    }
}
