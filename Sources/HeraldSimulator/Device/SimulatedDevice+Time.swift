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
        await presenting { await center.advance(by: interval) }
    }

    /// Moves virtual time forward to `date`; see ``SimulatedNotificationCenter/advance(to:)``.
    @discardableResult
    public func advance(to date: Date) async -> [PresentedNotification] {
        await presenting { await center.advance(to: date) }
    }

    /// Delivers everything that will fire, up to `deadline`; see
    /// ``SimulatedNotificationCenter/run(until:)``.
    @discardableResult
    public func run(until deadline: Date? = nil) async -> [PresentedNotification] {
        await presenting { await center.run(until: deadline) }
    }

    /// The user sets the device clock; see ``SimulatedNotificationCenter/jumpClock(to:)``.
    @discardableResult
    public func jumpClock(to date: Date) async -> [PresentedNotification] {
        await presenting { await center.jumpClock(to: date) }
    }

    /// The device moves to another zone; see ``SimulatedNotificationCenter/setTimeZone(_:)``.
    @discardableResult
    public func setTimeZone(_ zone: TimeZone) async -> [PresentedNotification] {
        await presenting { await center.setTimeZone(zone) }
    }

    /// Runs a time-moving call of the center and returns what was presented meanwhile.
    private func presenting(_ move: () async -> [DeliveredNotification]) async -> [PresentedNotification] {
        let first = presentedNotifications.count
        _ = await move()
        return Array(presentedNotifications[first...])
    }
}
