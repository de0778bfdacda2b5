import Foundation
import Herald

/// The device's alarm service (``SimulatedDevice/alarms``): alarms sound as time moves
/// through the device, whether or not the app runs, and the user presses their buttons.
///
/// ```swift
/// let alarms = SimulatedAlarmCenter(clock: center.clock, authorization: .authorized)
/// let device = await SimulatedDevice(center: center, alarms: alarms) { GoalApp(engine: makeEngine(center, alarms)) }
/// await device.setAlarmHandler { firing in print(firing.identifier, firing.at) }
/// await device.advance(to: eight)                      // the 08:00 alarm sounds
/// try await device.pressAlarm(.stop, on: alarmID)      // the app's intent gets the press
/// ```
extension SimulatedDevice {
    /// Sets who hears each alarm that starts sounding, at its instant; `nil` stops.
    public func setAlarmHandler(_ handler: (@Sendable (AlarmFiring) async -> Void)?) {
        alarmHandler = handler
    }

    /// The user presses a button on a sounding alarm. The system runs the button's
    /// intent in the app's process: a stopped app is launched into the background (an
    /// app the user force-quit too: the press is the user acting on it), a suspended
    /// one is woken and told the time changes it missed, and the app is handed the
    /// press (``SimulatedApp/alarmButtonPressed(_:)``).
    ///
    /// - Throws: ``AlarmPressError`` when the device has no alarm service
    ///   (``AlarmPressError/unknownAlarm(_:)``), or the alarm is not sounding or has no
    ///   such button.
    @discardableResult
    public func pressAlarm(_ press: SystemAlarm.ButtonPress, on id: UUID) async throws(AlarmPressError) -> UserActionOutcome {
        guard let alarms else { throw .unknownAlarm(id) }
        try await alarms.press(press, on: id)
        return await outcome {
            switch appState {
            case .notRunning:
                isForceQuit = false
                await coldLaunch(into: .background)
            case .background: await tellPendingTimeChanges()
            case .foreground: break
            }
            for record in await alarms.takePresses() { await app?.alarmButtonPressed(record) }
        }
    }

    /// Moves the center to `date`, stopping at each alarm's time on the way to sound it.
    func advanceSoundingAlarms(to date: Date) async -> [DeliveredNotification] {
        var delivered: [DeliveredNotification] = []
        while let alarms, let due = await alarms.nextAlertDate(), due <= date {
            delivered += await center.advance(to: max(due, clock.now))
            await soundDueAlarms()
        }
        delivered += await center.advance(to: date)
        return delivered
    }

    /// Sounds the alarms due by the clock's time, each at its own, and tells the handler.
    func soundDueAlarms() async {
        guard let alarms else { return }
        let focus = await center.focusUntil.map { clock.now < $0 } ?? false
        if await alarms.focusActive != focus { await alarms.setFocusActive(focus) }
        for firing in await alarms.fireDue() { await alarmHandler?(firing) }
    }
}
