import Foundation
import Herald
import HeraldSimulator
import Testing

/// When simulated alarms sound. Expected instants are worked out by hand: Berlin is
/// +01:00 until Sunday 2026-03-29 02:00, +02:00 after; New York is -04:00 from March 8.
struct SimulatedAlarmCenterTimeTests {
    @Test func aFixedAlarmSoundsExactlyAtItsDate() async throws {
        let center = makeAlarmCenter()
        let request = makeAlarm("a", .fixed(instant("2026-03-25T13:00:00+01:00")))
        try await center.schedule(request)

        // One second early: nothing
        #expect(await center.advance(to: instant("2026-03-25T12:59:59+01:00")).isEmpty)
        #expect(try await center.alarms().map(\.state) == [.scheduled])

        let fired = await center.advance(to: instant("2026-03-25T14:00:00+01:00"))
        #expect(fired.map(\.at) == [instant("2026-03-25T12:00:00Z")])
        #expect(fired.map(\.identifier) == [request.identifier])
        #expect(try await center.alarms() == [SystemAlarm(id: request.id, schedule: request.schedule, state: .alerting)])
    }

    @Test func aWeeklyAlarmSoundsOnItsDaysAtItsWallTimeAcrossSummerTime() async throws {
        // Wednesday noon; Monday and Thursday at 08:00
        let center = makeAlarmCenter()
        let request = makeAlarm("w", .weekly(LocalTime(hour: 8), on: [.monday, .thursday]))
        try await center.schedule(request)

        let first = await center.advance(to: instant("2026-03-26T08:05:00+01:00"))
        #expect(first.map(\.at) == [instant("2026-03-26T07:00:00Z")]) // Thursday 08:00 +01:00

        // Stopped at 08:05 Thursday: next Monday 08:00, now summer time
        try await center.press(.stop, on: request.id)
        #expect(try await center.alarms().map(\.state) == [.scheduled])
        let second = await center.advance(to: instant("2026-03-31T00:00:00+02:00"))
        #expect(second.map(\.at) == [instant("2026-03-30T06:00:00Z")]) // Monday 08:00 +02:00
    }

    @Test func aRelativeAlarmFollowsTheZoneAndAFixedOneKeepsItsInstant() async throws {
        let center = makeAlarmCenter()
        let relative = makeAlarm("r", .weekly(LocalTime(hour: 8), on: []))
        let fixed = makeAlarm("f", .fixed(instant("2026-03-26T08:00:00+01:00")))
        try await center.schedule(relative)
        try await center.schedule(fixed)
        #expect(await center.nextAlert(of: relative.id) == instant("2026-03-26T07:00:00Z")) // Thursday 08:00 Berlin

        // Wednesday 12:00 Berlin is 07:00 in New York: 08:00 comes the same day
        await center.setTimeZone(newYork)
        let fired = await center.advance(to: instant("2026-03-27T00:00:00Z"))

        #expect(fired.map(\.identifier) == [relative.identifier, fixed.identifier])
        #expect(fired.first { $0.identifier == relative.identifier }?.at == instant("2026-03-25T08:00:00-04:00"))
        #expect(fired.first { $0.identifier == fixed.identifier }?.at == instant("2026-03-26T07:00:00Z"))
    }

    @Test func snoozeSoundsAgainItsMinutesAfterThePress() async throws {
        let center = makeAlarmCenter()
        let request = makeAlarm("s", .fixed(instant("2026-03-25T13:00:00+01:00")),
                                secondary: .snooze(title: "Later", minutes: 10))
        try await center.schedule(request)
        await center.advance(to: instant("2026-03-25T13:05:00+01:00"))

        try await center.press(.snooze, on: request.id)
        #expect(try await center.alarms().map(\.state) == [.countdown])
        #expect(await center.advance(to: instant("2026-03-25T13:14:59+01:00")).isEmpty)
        let again = await center.advance(by: 60)

        #expect(again.map(\.at) == [instant("2026-03-25T13:15:00+01:00")])
        #expect(again.map(\.afterSnooze) == [true])
        #expect(await center.takePresses().map(\.press) == [.snooze])
    }

    @Test func anAlarmSoundsThroughFocusAndSaysSo() async throws {
        let center = makeAlarmCenter()
        try await center.schedule(makeAlarm("a", .fixed(instant("2026-03-25T13:00:00+01:00"))))
        await center.setFocusActive(true)

        let fired = await center.advance(by: 3_600)

        #expect(fired.map(\.alertedThroughFocus) == [true])
        #expect(await center.firings == fired)
    }

    @Test func fireDueSoundsAtEachAlarmsOwnTimeWithoutMovingTheClock() async throws {
        // The notification center moves the clock both share
        let center = makeAlarmCenter()
        let notifications = SimulatedNotificationCenter(clock: center.clock, authorization: .authorized)
        try await center.schedule(makeAlarm("b", .fixed(instant("2026-03-25T13:30:00+01:00"))))
        try await center.schedule(makeAlarm("a", .fixed(instant("2026-03-25T13:00:00+01:00"))))
        await notifications.advance(to: instant("2026-03-25T14:00:00+01:00"))

        let fired = await center.fireDue()

        #expect(fired.map(\.at) == [instant("2026-03-25T12:00:00Z"), instant("2026-03-25T12:30:00Z")])
        #expect(center.clock.now == instant("2026-03-25T14:00:00+01:00"))
    }

    @Test func aWallTimeTheSpringGapSkipsSoundsTheGapLater() async throws {
        // 02:30 does not exist on Sunday 2026-03-29 in Berlin: 02:00 +01:00 becomes 03:00 +02:00
        let center = makeAlarmCenter()
        try await center.schedule(makeAlarm("g", .weekly(LocalTime(hour: 2, minute: 30), on: [.sunday])))

        let fired = await center.advance(to: instant("2026-03-30T00:00:00+02:00"))

        #expect(fired.map(\.at) == [instant("2026-03-29T03:30:00+02:00")])
    }

    @Test func anAlarmNobodyStopsKeepsSoundingAndDoesNotSoundTwice() async throws {
        let center = makeAlarmCenter()
        let daily = makeAlarm("d", .weekly(LocalTime(hour: 8), on: Weekday.everyDay))
        try await center.schedule(daily)

        // Thursday 08:00 sounds; Friday and Saturday 08:00 find it still sounding
        let fired = await center.advance(to: instant("2026-03-28T12:00:00+01:00"))
        #expect(fired.map(\.at) == [instant("2026-03-26T08:00:00+01:00")])

        // Stopped on Saturday at noon: Sunday 08:00, summer time
        try await center.press(.stop, on: daily.id)
        #expect(await center.nextAlert(of: daily.id) == instant("2026-03-29T08:00:00+02:00"))
    }

    @Test func aWallTimeTheAutumnFallBackRepeatsSoundsOnce() async throws {
        // 02:30 happens twice on Sunday 2026-10-25 in Berlin: at +02:00, then at +01:00
        let center = makeAlarmCenter(at: "2026-10-24T12:00:00+02:00")
        let daily = makeAlarm("d", .weekly(LocalTime(hour: 2, minute: 30), on: Weekday.everyDay))
        try await center.schedule(daily)

        let first = await center.advance(to: instant("2026-10-25T02:30:00+02:00"))
        try await center.press(.stop, on: daily.id)
        let next = await center.advance(to: instant("2026-10-27T00:00:00+01:00"))

        #expect(first.map(\.at) == [instant("2026-10-25T02:30:00+02:00")])
        #expect(next.map(\.at) == [instant("2026-10-26T02:30:00+01:00")])
    }
}
