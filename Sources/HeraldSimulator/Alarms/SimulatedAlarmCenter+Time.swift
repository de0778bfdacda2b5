import Foundation
import Herald

extension SimulatedAlarmCenter {
    /// Moves virtual time forward by `interval` seconds, sounding every alarm due on the
    /// way; returns the firings.
    @discardableResult
    public func advance(by interval: TimeInterval) -> [AlarmFiring] {
        advance(to: clock.now.addingTimeInterval(max(0, interval)))
    }

    /// Moves virtual time forward to `date`, sounding every alarm due at or before it in
    /// order of time, then of first scheduling; the clock stands at each alarm's time
    /// as it sounds, and at `date` at the end. A `date` before the clock's time does not
    /// move it back.
    @discardableResult
    public func advance(to date: Date) -> [AlarmFiring] {
        var fired: [AlarmFiring] = []
        while let (alarm, due) = soonestDue(notAfter: date) {
            let instant = max(due, clock.now)
            clock.set(now: instant)
            fired.append(sound(alarm, at: instant))
        }
        if date > clock.now { clock.set(now: date) }
        return fired
    }

    /// Sounds every alarm due by the clock's time, each at its own time (the clock
    /// does not move): for a clock another center moves.
    @discardableResult
    public func fireDue() -> [AlarmFiring] {
        var fired: [AlarmFiring] = []
        while let (alarm, due) = soonestDue(notAfter: clock.now) {
            fired.append(sound(alarm, at: due))
        }
        return fired
    }

    /// The device moves to another time zone: what was due before sounds first, then
    /// relative alarms are read in the new zone (fixed ones keep their instant).
    @discardableResult
    public func setTimeZone(_ zone: TimeZone) -> [AlarmFiring] {
        let fired = fireDue()
        clock.set(timeZone: zone)
        return fired
    }

    /// The alarm that sounds first, if it is due by `date`, with its time.
    private func soonestDue(notAfter date: Date) -> (HeldAlarm, Date)? {
        let zone = clock.timeZone
        var soonest: (HeldAlarm, Date)?
        for alarm in held.values {
            guard let due = alarm.nextAlert(in: zone), due <= date else { continue }
            if let current = soonest, (current.1, current.0.sequence) <= (due, alarm.sequence) { continue }
            soonest = (alarm, due)
        }
        return soonest
    }

    private func sound(_ alarm: HeldAlarm, at instant: Date) -> AlarmFiring {
        let firing = AlarmFiring(id: alarm.request.id, identifier: alarm.request.identifier, at: instant,
                                 alertedThroughFocus: focusActive, afterSnooze: alarm.state == .countdown)
        held[alarm.request.id]?.state = .alerting
        held[alarm.request.id]?.countdownEnds = nil
        firings.append(firing)
        return firing
    }
}

extension SimulatedAlarmCenter {
    /// When the next alarm sounds with the device in its current zone (a scheduled time
    /// or the end of a snooze); `nil` when none waits. A device that moves the clock
    /// itself stops there and calls ``fireDue()``.
    ///
    /// ```swift
    /// if let due = await alarms.nextAlertDate(), due <= date { /* move to due, then fireDue() */ }
    /// ```
    public func nextAlertDate() -> Date? {
        let zone = clock.timeZone
        return held.values.compactMap { $0.nextAlert(in: zone) }.min()
    }
}
