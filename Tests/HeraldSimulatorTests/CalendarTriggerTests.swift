import Foundation
import Herald
import HeraldSimulator
import Testing

struct CalendarTriggerTests {
    @Test func aDailyTimeInTheSpringGapFiresTheGapLater() async throws {
        // Given a daily 02:30 reminder in Berlin before the 2026-03-29 DST gap
        let center = makeCenter(at: "2026-03-27T12:00:00+01:00")
        try await center.add(makeRequest("daily", trigger: daily(hour: 2, minute: 30)))

        // When four days pass
        let delivered = await center.advance(to: instant("2026-03-31T12:00:00+02:00"))

        // Then 02:30, which does not exist on the 29th, fires at 03:30 that day
        #expect(delivered.map { wallTime($0.date) } == [
            "2026-03-28T02:30+01:00", "2026-03-29T03:30+02:00", "2026-03-30T02:30+02:00", "2026-03-31T02:30+02:00",
        ])
        #expect(await center.pendingIdentifiers() == ["daily"])
    }

    @Test func aDailyTimeThatOccursTwiceAtFallBackFiresOnce() async throws {
        // Given a daily 02:30 reminder in Berlin before the 2026-10-25 fall-back
        let center = makeCenter(at: "2026-10-23T12:00:00+02:00")
        try await center.add(makeRequest("daily", trigger: daily(hour: 2, minute: 30)))

        // When three days pass
        let delivered = await center.advance(to: instant("2026-10-26T12:00:00+01:00"))

        // Then the 25th fires once, at the first 02:30
        #expect(delivered.map { wallTime($0.date) } == [
            "2026-10-24T02:30+02:00", "2026-10-25T02:30+02:00", "2026-10-26T02:30+01:00",
        ])
        #expect(await center.pendingIdentifiers() == ["daily"])
    }

    @Test func aFloatingTimeFollowsTheDeviceZoneAndAPinnedOneDoesNot() async throws {
        // Given 09:00 daily, floating and pinned to Berlin, on a device in Berlin
        let center = makeCenter(at: "2026-03-27T12:00:00+01:00")
        try await center.add(makeRequest("floating", trigger: daily(hour: 9, minute: 0)))
        try await center.add(makeRequest("pinned", trigger: daily(hour: 9, minute: 0, pinnedTo: berlin)))

        // When the device moves to New York (07:00 there) and a day passes
        let overdue = await center.setTimeZone(newYork)
        let delivered = await center.advance(by: 86_400)

        // Then the floating one fires at 09:00 New York time, the pinned one at 09:00 Berlin
        #expect(overdue.isEmpty)
        #expect(center.clock.timeZone == newYork)
        #expect(delivered.map { "\($0.request.identifier) \(wallTime($0.date, in: newYork))" } == [
            "floating 2026-03-27T09:00-04:00", "pinned 2026-03-28T04:00-04:00",
        ])
        #expect(await center.pendingIdentifiers() == ["floating", "pinned"])
    }

    @Test func aFullySpecifiedFloatingTimeThatHasPassedInTheNewZoneFiresAtOnce() async throws {
        // Given a one-shot at 13:00 floating and at 13:00 pinned to Berlin, at noon in Berlin
        let center = makeCenter(at: "2026-03-27T12:00:00+01:00")
        try await center.add(makeRequest("floating", trigger: once(2026, 3, 27, 13, 0)))
        try await center.add(makeRequest("pinned", trigger: once(2026, 3, 27, 13, 0, pinnedTo: berlin)))

        // When the device moves to Tokyo, where it is 20:00
        let delivered = await center.setTimeZone(tokyo)

        // Then the floating one is overdue and fires now; the pinned one waits
        #expect(delivered.map(\.request.identifier) == ["floating"])
        #expect(delivered.first?.date == instant("2026-03-27T12:00:00+01:00"))
        #expect(await center.pendingIdentifiers() == ["pinned"])
    }

    @Test(arguments: [
        (CalendarTrigger(hour: 9), "2026-03-28T09:00+01:00"),
        (CalendarTrigger(minute: 15), "2026-03-27T12:15+01:00"),
        (CalendarTrigger(hour: 8, minute: 0, weekday: 2), "2026-03-30T08:00+02:00"),
        (CalendarTrigger(month: 4, day: 1, hour: 7, minute: 45), "2026-04-01T07:45+02:00"),
        (CalendarTrigger(year: 2026, month: 3, day: 27, hour: 12, minute: 30), "2026-03-27T12:30+01:00"),
    ])
    func componentsMatchTheNextWallTime(trigger: CalendarTrigger, expected: String) async throws {
        let center = makeCenter(at: "2026-03-27T12:00:00+01:00")

        try await center.add(makeRequest("r", trigger: .calendar(trigger)))

        let schedule = await center.pendingSchedule()
        #expect(schedule.map { $0.nextFireDate.map { wallTime($0) } } == [expected])
    }

    @Test func aFebruaryThirtiethNeverFires() async throws {
        let center = makeCenter()

        try await center.add(makeRequest("r", trigger: once(2027, 2, 30, 9, 0)))

        #expect(await center.pendingIdentifiers().isEmpty)
    }
}
