import Foundation
import Herald
import HeraldSimulator

/// Events of the app's lifecycle and of the system around it, as ``ScenarioRun`` plays
/// them (the user's gestures are in `ScenarioRun+User.swift`, location in
/// `ScenarioRun+Location.swift`).
extension ScenarioRun {
    /// An event of the app's lifecycle: launched, moved between background and
    /// foreground, terminated, crashed, ready, refreshed in the background.
    func applyLifecycle(_ event: ScenarioEvent) async throws {
        let action = event.action
        switch action {
        case .launch(let state):
            let now = await device.appState
            if now == .background, state == .foreground {
                // The user opens an app the system had launched in the background (for a
                // region crossing, a refresh): the process comes to the foreground.
                await recorder.event(action, note: "the app was running in the background: it comes to the foreground")
                try await device.moveToForeground()
                return
            }
            guard now == .notRunning else {
                throw impossible(event, "the app is already running in the \(now) (bring it back with a foreground event, or terminate it first)")
            }
            try await device.launch(into: state)
        case .background:
            let now = await device.appState
            guard now == .foreground else {
                throw impossible(event, now == .notRunning
                    ? "the app is not running, so it cannot move to the background (launch it first)"
                    : "the app is in the background already")
            }
            try await device.moveToBackground()
        case .foreground:
            let now = await device.appState
            guard now == .background else {
                throw impossible(event, now == .notRunning
                    ? "the app is not running, so it cannot come back to the foreground (use a launch event)"
                    : "the app is in the foreground already")
            }
            try await device.moveToForeground()
        case .terminate:
            _ = try await runningApp(event, "terminate")
            await device.terminate()
        case .crash:
            _ = try await runningApp(event, "crash")
            await device.crash()
            await recorder.lifecycle(.crashed)
        case .forceQuit:
            _ = try await runningApp(event, "force-quit")
            await device.forceQuit()
            await recorder.lifecycle(.forceQuit)
        case .ready:
            let app = try await runningApp(event, "say it is ready")
            if await app.isReady {
                await recorder.event(action, note: "already ready")
            } else {
                await app.becomeReady()
            }
        case .refresh:
            let state = await device.appState
            guard state != .foreground else {
                throw impossible(event, "the app is in the foreground, and the system refreshes only an app in the background or not running (add a background event before it)")
            }
            let forceQuit = await device.isForceQuit
            await recorder.event(action, note: forceQuit
                ? "the user force-quit the app: the system does not launch it for a refresh"
                : state == .notRunning ? "the app is not running: launched into the background" : nil)
            try await device.backgroundRefresh()
        default:
            break
        }
    }

    /// A change of the system around the app: foreign requests, the permission, the
    /// device's zone or clock.
    /// The instant a Focus ends: a local date-time as given, or a time of day's next
    /// occurrence after now in the device's zone.
    private func focusEnd(_ end: LocalDateTime, timeOnly: Bool) -> Date {
        let converter = ZoneConverter.for(clock.timeZone)
        guard timeOnly else { return converter.instant(for: end).date }
        let today = converter.local(for: clock.now).date
        let first = converter.instant(for: LocalDateTime(date: today, time: end.time)).date
        return first > clock.now ? first
            : converter.instant(for: LocalDateTime(date: today.adding(days: 1), time: end.time)).date
    }

    func applySystemChange(_ event: ScenarioEvent) async throws {
        let action = event.action
        switch action {
        case .foreign(let count):
            await recorder.event(action)
            let stamp = converter.local(for: clock.now).compactDescription
            for index in 1...count {
                // Requests a push SDK would add: not Herald's, so Herald never touches them.
                try? await center.add(NotificationRequest(
                    identifier: "other-sdk:\(stamp):\(index)", content: NotificationContent(title: Scenario.foreignRequestTitle),
                    trigger: .timeInterval(3_600, repeats: false)))
            }
        case .authorize(let granted):
            let app = try await runningApp(event, "ask for permission")
            let before = await center.authorizationStatus()
            await recorder.event(action, note: [.notDetermined, .provisional].contains(before)
                ? nil : "not asked: the permission is already \(before.rawValue)")
            await center.setUserAuthorizationAnswer(granted ? .allow : .deny)
            // The run a granted permission causes is not on the timeline: its line is the
            // authorization that follows.
            recorder.holdReports()
            _ = try? await app.engine.requestAuthorization()
            recorder.discardHeldReports()
            await recorder.lifecycle(.authorization(await center.authorizationStatus()))
        case .settings(let status):
            await recorder.event(action)
            await device.setAuthorization(status)
            await recorder.lifecycle(.authorization(status))
        case .notificationSettings(let settings):
            await recorder.event(action)
            await device.setNotificationSettings(settings)
            await recorder.lifecycle(.notificationSettings(settings))
        case .summary(let times):
            await recorder.event(action)
            await device.setScheduledSummary(times)
            await recorder.lifecycle(.notificationSettings(await center.notificationSettings()))
        case .focus(let until, let timeOnly):
            await recorder.event(action)
            await center.setFocus(until: until.map { focusEnd($0, timeOnly: timeOnly) })
        case .locationAccess(let access):
            await recorder.event(action)
            await device.setLocationAccess(access)
            await recorder.lifecycle(.locationAccess(access))
        case .zone(let zone):
            await recorder.event(action, note: zone == clock.timeZone ? "already there" : nil)
            await device.setTimeZone(zone)
        case .clock(let time):
            let date = converter.instant(for: time).date
            await recorder.event(action, note: Self.jump(from: clock.now, to: date))
            // The walker walks on: the rest of the walk moves with the clock.
            await walking.shift(by: date.timeIntervalSince(clock.now))
            await device.jumpClock(to: date)
        default:
            break
        }
    }
}
