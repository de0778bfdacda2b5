import Foundation
import Herald

extension SimulatedNotificationCenter {
    /// The user puts the app in the scheduled summary, at these times of day in the
    /// device's zone, or takes it out (`nil`). From now on, as iOS documents it, a
    /// passive or active notification that falls due waits for the summary's next time
    /// and is shown then (listed, its badge applied, the app's delivery handler called);
    /// time-sensitive and critical ones are shown at once. The settings' summary switch
    /// follows (`NotificationSettings.scheduledSummary`). Taking the app out shows
    /// what the summary held, now.
    ///
    /// ```swift
    /// await center.setScheduledSummary([LocalTime(hour: 8), LocalTime(hour: 18)])
    /// await center.advance(to: nine)        // a 09:00 active reminder waits
    /// await center.advance(to: sixPM)       // and is shown at 18:00
    /// ```
    public func setScheduledSummary(_ times: [LocalTime]?) {
        summaryTimes = times.map { Array(Set($0)).sorted() }
        settings.scheduledSummary = times != nil
        if times == nil {
            for index in held.indices { held[index].summaryRelease = nil }
        }
    }

    /// A Focus that does not allow the app is on until `end` (`nil`: it ends now). While
    /// it is on, a passive or active notification that falls due is held and shown when
    /// the Focus ends (or at the summary's time, when the summary holds it too, if that
    /// is later); time-sensitive ones (unless the user turned them off) and critical ones
    /// break through.
    ///
    /// ```swift
    /// await center.setFocus(until: tenPM)   // a sleep Focus
    /// ```
    public func setFocus(until end: Date?) {
        focusUntil = end.flatMap { $0 > clock.now ? $0 : nil }
        if focusUntil == nil {
            for index in held.indices { held[index].heldByFocus = false }
        }
    }

    /// Whether the Focus is on at `instant`.
    func focusIsOn(at instant: Date) -> Bool {
        focusUntil.map { instant < $0 } ?? false
    }

    /// Holds `request`, due at `instant`, when the summary or the Focus holds its level:
    /// `true` when it is held.
    func holds(_ request: NotificationRequest, dueAt instant: Date, outcome: DeliveryRecord.Outcome) -> Bool {
        let level = settings.shownLevel(of: request.content.interruptionLevel)
        guard level == .passive || level == .active else { return false }
        let summary = summaryTimes.flatMap { nextSummary(of: $0, atOrAfter: instant) }
        let focus = focusIsOn(at: instant)
        guard summary != nil || focus else { return false }
        held.append(HeldDelivery(request: request, dueDate: instant, outcome: outcome, summaryRelease: summary,
                                 heldByFocus: focus))
        return true
    }

    /// When a held notification is shown, and what held it last.
    func release(of item: HeldDelivery) -> (date: Date, reason: DeliveryHold.Reason) {
        let summary = item.summaryRelease ?? .distantPast
        let focus = item.heldByFocus ? (focusUntil ?? clock.now) : .distantPast
        let date = max(summary, focus, item.dueDate)
        return (date, item.heldByFocus && focus > summary ? .focus : .summary)
    }

    /// The held notification shown first, if it is shown by `date`.
    func soonestRelease(notAfter date: Date) -> (index: Int, date: Date)? {
        var soonest: (index: Int, date: Date)?
        for (index, item) in held.enumerated() {
            let release = release(of: item).date
            if release <= date, soonest.map({ release < $0.date }) ?? true { soonest = (index, release) }
        }
        return soonest
    }

    /// Shows the held notification at `index` now: dated now, recorded with its hold.
    func showHeld(at index: Int) async -> DeliveredNotification {
        let item = held.remove(at: index)
        let reason = release(of: item).reason
        let notification = DeliveredNotification(request: item.request, date: clock.now)
        deliveryLog.append(DeliveryRecord(notification: notification, outcome: item.outcome,
                                          hold: DeliveryHold(reason: reason, dueDate: item.dueDate)))
        return await present(notification, outcome: item.outcome)
    }

    /// The first summary time at or after `instant`, in the device's zone.
    private func nextSummary(of times: [LocalTime], atOrAfter instant: Date) -> Date? {
        guard !times.isEmpty else { return nil }
        let converter = ZoneConverter.for(clock.timeZone)
        let today = converter.local(for: instant).date
        for day in [today, today.adding(days: 1)] {
            for time in times {
                let date = converter.instant(for: LocalDateTime(date: day, time: time)).date
                if date >= instant { return date }
            }
        }
        return nil
    }
}
