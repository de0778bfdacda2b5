import Foundation
import Herald

extension SimulatedNotificationCenter {
    /// Calls `handler` at each delivery, in order, with the clock standing at the
    /// delivery's instant; the time-moving call waits for it before firing the next
    /// request. `nil` removes it.
    ///
    /// The handler may call back into the center (a re-plan adding requests, say):
    /// what it adds and is due before the end of the current move is delivered in the
    /// same move. Suppressed firings (app not authorized) are not reported; deliveries a
    /// ``SimulatedDevice`` silenced in the foreground are (they reached the app).
    ///
    /// ```swift
    /// await center.setDeliveryHandler { notification in
    ///     await engine.notificationDelivered(notification)
    /// }
    /// ```
    public func setDeliveryHandler(_ handler: (@Sendable (DeliveredNotification) async -> Void)?) {
        deliveryHandler = handler
    }

    /// Moves virtual time forward by `interval` seconds, delivering everything due on
    /// the way, and returns what was delivered (suppressed firings excluded).
    ///
    /// `advance(by: 0)` delivers what is due now, such as requests with a `nil` trigger.
    /// Do not move time from two tasks at once.
    @discardableResult
    public func advance(by interval: TimeInterval) async -> [DeliveredNotification] {
        await advance(to: clock.now.addingTimeInterval(max(0, interval)))
    }

    /// Moves virtual time forward to `date`, delivering every request due at or before
    /// it in order of fire date, then of addition; the clock stands at each fire date
    /// while that request is delivered, and at `date` at the end. Region entries and
    /// exits due on the way are reported to the region handler at their instants. Repeating requests
    /// fire at each of their dates on the way and stay pending.
    ///
    /// A `date` before the clock's time does not move the clock back (use
    /// ``jumpClock(to:)``); it only delivers what is due now.
    @discardableResult
    public func advance(to date: Date) async -> [DeliveredNotification] {
        var delivered: [DeliveredNotification] = []
        while true {
            let due = soonestDue(notAfter: date)
            let event = soonestRegionEvent(notAfter: date)
            // A held notification is shown at its release, before what falls due later.
            if let release = soonestRelease(notAfter: date), due?.nextFireDate.map({ release.date < $0 }) ?? true,
               event.map({ release.date <= $0.date }) ?? true {
                clock.set(now: max(release.date, clock.now))
                delivered.append(await showHeld(at: release.index))
                continue
            }
            // A region crossing is reported at its instant, before a request due later
            // (and before one due at the same instant, crossings first).
            // (`Date.distantFuture` is 4001-01-01: a date may be later.)
            let crossingsFirst = sameInstantOrder == .crossingsFirst
            if let event, due?.nextFireDate.map({ crossingsFirst ? event.date <= $0 : event.date < $0 }) ?? true {
                clock.set(now: max(event.date, clock.now))
                await report(event)
                continue
            }
            guard let due else { break }
            // A request that fell due while the app was dead (restored snapshot) fires now.
            let instant = max(due.nextFireDate ?? date, clock.now)
            clock.set(now: instant)
            if let notification = await fire(due, at: instant) { delivered.append(notification) }
        }
        if date > clock.now { clock.set(now: date) }
        return delivered
    }

    /// Delivers everything that will fire, up to `deadline`: time moves to the last
    /// one-shot request's fire date (repeating requests firing on the way) and, when a
    /// deadline is given, on to it.
    ///
    /// Without a deadline, the run ends when no one-shot request waits for a time and
    /// nothing held waits for the summary or a Focus; pass
    /// one when something keeps adding requests as they fire (an engine re-planning at
    /// each delivery), or the run never ends.
    @discardableResult
    public func run(until deadline: Date? = nil) async -> [DeliveredNotification] {
        var delivered: [DeliveredNotification] = []
        while let last = (pending.values.filter({ !$0.request.repeatsByTime }).compactMap(\.nextFireDate)
            + held.map { release(of: $0).date }).filter({ date in deadline.map { date <= $0 } ?? true }).max()
        {
            delivered += await advance(to: last)
        }
        if let deadline { delivered += await advance(to: deadline) }
        return delivered
    }

    /// The user (or the network) sets the device clock to `date`, as in Settings:
    /// nothing in between is delivered at its own time.
    ///
    /// - **Forward:** every request due by `date` fires once, at `date`, in order of fire
    ///   date then addition (what iOS does with notifications that became overdue); a
    ///   repeating one fires once however many repeats it missed and then waits for its
    ///   next date after `date`.
    /// - **Back:** only requests with a `nil` trigger still waiting fire (at `date`).
    ///   One-shot and time-interval requests keep the instant they were due at and fire
    ///   when the clock reaches it again; repeating calendar requests are matched again
    ///   from `date` (their next match may now be sooner).
    ///
    /// - Returns: what was delivered.
    @discardableResult
    public func jumpClock(to date: Date) async -> [DeliveredNotification] {
        let wentBack = date < clock.now
        clock.set(now: date)
        if wentBack {
            for entry in pending.values {
                switch entry.request.trigger {
                case nil:
                    // Due "at once": still due at the earlier time.
                    pending[entry.identifier]?.nextFireDate = date
                case .calendar(let trigger) where trigger.repeats:
                    pending[entry.identifier]?.nextFireDate =
                        TriggerSchedule.nextMatch(of: trigger, after: date, deviceZone: clock.timeZone)
                default:
                    break
                }
            }
        }
        return await advance(to: date)
    }

    /// The device moves to another time zone (the user travels, or changes it in
    /// Settings). Calendar triggers without a pinned zone float: they are matched again
    /// in the new zone from now. A one-shot one naming a full date and time whose wall
    /// time has already passed in the new zone fires at once, like after a clock set
    /// forward; triggers pinned to a zone and time-interval triggers do not move.
    ///
    /// - Returns: what was delivered because it became overdue.
    @discardableResult
    public func setTimeZone(_ zone: TimeZone) async -> [DeliveredNotification] {
        clock.set(timeZone: zone)
        let now = clock.now
        for entry in pending.values {
            guard case .calendar(let trigger)? = entry.request.trigger, trigger.timeZone == nil else { continue }
            let fixed = trigger.repeats ? nil : TriggerSchedule.fixedDate(of: trigger, deviceZone: zone)
            guard let nextFireDate = fixed ?? TriggerSchedule.nextMatch(of: trigger, after: now, deviceZone: zone) else {
                pending[entry.identifier] = nil
                continue
            }
            pending[entry.identifier]?.nextFireDate = max(nextFireDate, now)
        }
        return await advance(to: now)
    }

    // MARK: Firing

    /// The pending request that fires first, if it is due by `date`.
    private func soonestDue(notAfter date: Date) -> ScheduledRequest? {
        var soonest: ScheduledRequest?
        for entry in pending.values where entry.nextFireDate.map({ $0 <= date }) ?? false {
            if soonest.map({ entry.firesBefore($0) }) ?? true { soonest = entry }
        }
        return soonest
    }

    /// Fires a pending request at `instant`: reschedules or removes it, delivers it (or
    /// suppresses it), asks the device's presenter how to show it, keeps it in the list
    /// and applies its badge as presented, and awaits the delivery handler. The one place
    /// a request fires, whatever made it fire (time now, region entry later).
    ///
    /// - Returns: the delivered notification, or `nil` when suppressed or held (the
    ///   summary or a Focus shows it later: ``setScheduledSummary(_:)``, ``setFocus(until:)``).
    func fire(_ entry: ScheduledRequest, at instant: Date) async -> DeliveredNotification? {
        let request = entry.request
        let next = entry.nextFireDate.flatMap { due in
            TriggerSchedule.nextFireDate(of: request.trigger, due: due, now: instant, deviceZone: clock.timeZone)
        }
        if let next {
            pending[entry.identifier]?.nextFireDate = next
        } else if request.repeatsByRegion {
            // Waits for the next crossing.
            pending[entry.identifier]?.nextFireDate = nil
        } else {
            pending[entry.identifier] = nil
        }

        let notification = DeliveredNotification(request: request, date: instant)
        guard authorization.allowsDelivery else {
            deliveryLog.append(DeliveryRecord(notification: notification, outcome: .suppressed))
            return nil
        }
        let outcome: DeliveryRecord.Outcome = authorization == .provisional ? .deliveredQuietly : .delivered
        // The scheduled summary or a Focus may hold it: shown (and recorded) later.
        if holds(request, dueAt: instant, outcome: outcome) { return nil }
        deliveryLog.append(DeliveryRecord(notification: notification, outcome: outcome))
        return await present(notification, outcome: outcome)
    }

    /// Shows a notification now: asks the device's presenter how, keeps it in the list
    /// and applies its badge as presented, and awaits the delivery handler.
    func present(_ notification: DeliveredNotification, outcome: DeliveryRecord.Outcome) async -> DeliveredNotification {
        let request = notification.request
        // Without a device every delivery is shown as in the background; a device asks
        // the app in the foreground, which may silence it or keep it out of the list.
        let options = allowedBySettings(await presenter?(notification, outcome) ?? .all)
        if !options.isDisjoint(with: [.list, .banner]) {
            delivered.append(notification)  // in place of any with its identifier
        }
        if options.contains(.badge), let badge = request.content.badge { badgeCount = badge }
        if let deliveryHandler { await deliveryHandler(notification) }
        return notification
    }
}

extension NotificationRequest {
    /// A repeating trigger that fires by time (calendar or interval).
    var repeatsByTime: Bool {
        switch trigger {
        case .calendar(let trigger): trigger.repeats
        case .timeInterval(_, let repeats): repeats
        case .location, nil: false
        }
    }

    /// A repeating location trigger, which stays pending after it fires.
    var repeatsByRegion: Bool {
        if case .location(_, true) = trigger { return true }
        return false
    }
}
