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
    /// At each local midnight on the way (the first instant of each local day, also when
    /// midnight itself does not exist), a running app is told ``TimeChange/dayChanged``
    /// at that instant, after what fell due before it.
    @discardableResult
    public func advance(to date: Date) async -> [PresentedNotification] {
        await presenting {
            var delivered: [DeliveredNotification] = []
            var boundary = DayBoundary.next(after: clock.now, in: clock.timeZone)
            while boundary <= date {
                delivered += await center.advance(to: boundary)
                await tellTimeChanged(.dayChanged)
                boundary = DayBoundary.next(after: boundary, in: clock.timeZone)
            }
            delivered += await center.advance(to: date)
            return delivered
        }
    }

    /// Delivers everything that will fire, up to `deadline`; see
    /// ``SimulatedNotificationCenter/run(until:)``.
    @discardableResult
    public func run(until deadline: Date? = nil) async -> [PresentedNotification] {
        await presenting { await center.run(until: deadline) }
    }

    /// The user sets the device clock; see ``SimulatedNotificationCenter/jumpClock(to:)``.
    /// A running app is told ``TimeChange/clockChanged`` at the new time.
    @discardableResult
    public func jumpClock(to date: Date) async -> [PresentedNotification] {
        await presenting {
            let delivered = await center.jumpClock(to: date)
            await tellTimeChanged(.clockChanged)
            return delivered
        }
    }

    /// The device moves to another zone; see ``SimulatedNotificationCenter/setTimeZone(_:)``.
    /// A running app is told ``TimeChange/timeZoneChanged``.
    @discardableResult
    public func setTimeZone(_ zone: TimeZone) async -> [PresentedNotification] {
        await presenting {
            let delivered = await center.setTimeZone(zone)
            await tellTimeChanged(.timeZoneChanged)
            return delivered
        }
    }

    /// Tells the running app that time moved, and records it.
    private func tellTimeChanged(_ change: TimeChange) async {
        guard appState != .notRunning, let app else { return }
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
