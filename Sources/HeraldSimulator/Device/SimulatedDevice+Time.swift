import Foundation
import Herald

extension SimulatedDevice {
    /// Moves virtual time forward by `interval` seconds through the center: everything
    /// due on the way is delivered at its instant and presented according to the app's
    /// state then.
    ///
    /// ```swift
    /// try await device.launch()
    /// let presented = await device.advance(by: 3_600)
    /// #expect(presented.map(\.appState) == [.foreground])
    /// ```
    ///
    /// - Returns: what the device presented during the move, in order.
    @discardableResult
    public func advance(by interval: TimeInterval) async -> [PresentedNotification] {
        await advance(to: clock.now.addingTimeInterval(interval))
    }

    /// Moves virtual time forward to `date`; see ``SimulatedNotificationCenter/advance(to:)``.
    /// With an alarm service (``alarms``), time stops at each alarm's time and it
    /// sounds there, after the notifications due at that instant (``setAlarmHandler(_:)``).
    /// At each local midnight on the way (the first instant of each local day, also when
    /// midnight itself does not exist), an app in the foreground is told
    /// `TimeChange.dayChanged` at that instant, after what fell due before it; a
    /// suspended one when it next runs (see ``pendingTimeChanges``).
    @discardableResult
    public func advance(to date: Date) async -> [PresentedNotification] {
        await presenting {
            var delivered: [DeliveredNotification] = []
            var boundary = DayBoundary.next(after: clock.now, in: clock.timeZone)
            while boundary <= date {
                delivered += await advanceSoundingAlarms(to: boundary)
                await tellTimeChanged(.dayChanged)
                boundary = DayBoundary.next(after: boundary, in: clock.timeZone)
            }
            delivered += await advanceSoundingAlarms(to: date)
            return delivered
        }
    }

    /// Delivers everything that will fire, up to `deadline`; see
    /// ``SimulatedNotificationCenter/run(until:)``.
    @discardableResult
    public func run(until deadline: Date? = nil) async -> [PresentedNotification] {
        await presenting {
            let delivered = await center.run(until: deadline)
            await soundDueAlarms()
            return delivered
        }
    }

    /// The user sets the device clock; see ``SimulatedNotificationCenter/jumpClock(to:)``.
    /// An app in the foreground is told `TimeChange.clockChanged` at the new time; a
    /// suspended one when it next runs.
    @discardableResult
    public func jumpClock(to date: Date) async -> [PresentedNotification] {
        await presenting {
            let delivered = await center.jumpClock(to: date)
            await soundDueAlarms()
            await tellTimeChanged(.clockChanged)
            return delivered
        }
    }

    /// The device moves to another zone; see ``SimulatedNotificationCenter/setTimeZone(_:)``.
    /// An app in the foreground is told `TimeChange.timeZoneChanged` at once; a
    /// suspended one when it next runs.
    @discardableResult
    public func setTimeZone(_ zone: TimeZone) async -> [PresentedNotification] {
        await presenting {
            await soundDueAlarms()
            let delivered = await center.setTimeZone(zone)
            await tellTimeChanged(.timeZoneChanged)
            return delivered
        }
    }

    /// Keeps time changes a suspended app had not been told, for a process carried
    /// over from a saved run (a paused scenario going on in another process): they are
    /// told when it next runs, as if they had happened on this device. Ignored unless
    /// the app is suspended in the background.
    ///
    /// ```swift
    /// try await device.launch(into: .background)               // the carried-over process
    /// await device.restorePendingTimeChanges(checkpoint.pendingTimeChanges)
    /// ```
    public func restorePendingTimeChanges(_ changes: [TimeChange]) {
        guard isSuspended, app != nil else { return }
        for change in changes where !pendingTimeChanges.contains(change) { pendingTimeChanges.append(change) }
    }

    /// Tells the running app that time moved, and records it; a suspended app keeps
    /// it for when it next runs (one of each kind, in the order they first happened).
    private func tellTimeChanged(_ change: TimeChange) async {
        guard appState != .notRunning, let app else { return }
        if isSuspended {
            if !pendingTimeChanges.contains(change) { pendingTimeChanges.append(change) }
            return
        }
        record(.timeChanged(change))
        await app.timeChanged(change)
    }

    /// Runs a time-moving call of the center and returns what was presented meanwhile.
    private func presenting(_ move: () async -> [DeliveredNotification]) async -> [PresentedNotification] {
        let first = presentedNotifications.count
        _ = await move()
        return Array(presentedNotifications[first...])
    }
}
