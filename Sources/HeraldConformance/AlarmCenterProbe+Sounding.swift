import Foundation
import Herald

/// The checks that play the system's part (an alarm's time comes) and the user's (the
/// stop button): each runs only with the subject's hooks for them.
extension AlarmCenterProbe {
    func soundingAlarmIsAlerting() async throws {
        try await authorize()
        let due = request("due"), later = request("later", .fixed(Self.firstDate.addingTimeInterval(86_400)))
        try await center.schedule(due)
        try await center.schedule(later)
        try await subject.sound?(due.id)
        let held = try await held()
        try expect(try await heldAlarm(due.id, in: held, "due").state == .alerting, "the alarm that sounded is not alerting")
        try expect(try await heldAlarm(later.id, in: held, "later").state == .scheduled,
                   "an alarm whose time has not come is not scheduled")
    }

    func stoppedOneShotIsGone() async throws {
        try await authorize()
        for oneShot in [request("fixed"), request("once", .weekly(LocalTime(hour: 6, minute: 45), on: []))] {
            try await center.schedule(oneShot)
            try await subject.sound?(oneShot.id)
            try await subject.stop?(oneShot.id)
            let held = try await held()
            try expect(held[oneShot.id] == nil,
                       "the one-shot alarm \(oneShot.schedule) is still held after it was stopped (\(String(describing: held[oneShot.id]?.state)))")
        }
    }

    func stoppedWeeklyAlarmStays() async throws {
        try await authorize()
        let weekly = request("weekly", .weekly(LocalTime(hour: 7, minute: 15), on: [.tuesday, .saturday]))
        try await center.schedule(weekly)
        try await subject.sound?(weekly.id)
        try await subject.stop?(weekly.id)
        let alarm = try await heldAlarm(weekly.id, in: held(), "weekly")
        try expect(alarm.state == .scheduled, "the weekly alarm is \(alarm.state) after it was stopped, expected scheduled")
        try expect(alarm.schedule == weekly.schedule, "the weekly alarm's schedule changed: \(String(describing: alarm.schedule))")
    }

    func cancelRemovesASoundingAlarm() async throws {
        try await authorize()
        let due = request("due")
        try await center.schedule(due)
        try await subject.sound?(due.id)
        try await center.cancel(id: due.id)
        let held = try await held()
        try expect(held.isEmpty, "the sounding alarm is still held after it was cancelled")
    }
}
