import Foundation

extension Engine {
    /// The one entry point for time moving under the app: re-plans, always, so the next
    /// day's reminders reflect the new day, floating reminders follow the new zone and
    /// nothing that already fired fires again after the clock is set back.
    @discardableResult
    public func timeChanged(_ change: TimeChange) async -> ReconcileReport {
        if change == .dayChanged { applyRetention() }
        return await reconcile(reason: change.reason)
    }

    /// The next instant at which the local day changes, in the device's current zone.
    public nonisolated func nextDayChange(after instant: Date) -> Date {
        DayBoundary.next(after: instant, in: clock.timeZone)
    }
}
