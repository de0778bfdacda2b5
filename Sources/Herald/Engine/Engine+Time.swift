import Foundation

extension Engine {
    /// The one entry point for time moving under the app: re-plans, always, so the next
    /// day's reminders reflect the new day, floating reminders follow the new zone and
    /// nothing that already fired fires again after the clock is set back. A day change
    /// also trims old history.
    @discardableResult
    public func timeChanged(_ change: TimeChange) async -> ReconcileReport {
        await recordLoggingFailure(.timeChanged(change))
        return await reconcile(reason: .timeChanged(change))
    }

    /// The next instant at which the local day changes, in the device's current zone.
    public nonisolated func nextDayChange(after instant: Date) -> Date {
        DayBoundary.next(after: instant, in: clock.timeZone)
    }

    /// The device-local day of an instant.
    func day(of date: Date) -> LocalDate {
        ZoneConverter.for(clock.timeZone).local(for: date).date
    }
}
