import Foundation
import Herald
import HeraldSimulator
import Testing

struct ClockJumpTests {
    @Test func settingTheClockForwardFiresWhatIsOverdueOnceAtTheNewTime() async throws {
        // Given two one-shots and a daily reminder
        let center = makeCenter(at: "2026-03-27T12:00:00+01:00")
        try await center.add(makeRequest("daily", trigger: daily(hour: 9, minute: 0)))
        try await center.add(makeRequest("b", trigger: once(2026, 3, 28, 18, 0)))
        try await center.add(makeRequest("a", trigger: once(2026, 3, 28, 10, 0)))

        // When the user sets the clock three days forward
        let delivered = await center.jumpClock(to: instant("2026-03-30T12:00:00+02:00"))

        // Then each overdue request fires once, at the new time, in order of its date
        #expect(delivered.map(\.request.identifier) == ["daily", "a", "b"])
        #expect(Set(delivered.map(\.date)) == [instant("2026-03-30T12:00:00+02:00")])
        #expect(await center.pendingSchedule().map { "\($0.identifier) \($0.nextFireDate.map { wallTime($0) } ?? "-")" } == [
            "daily 2026-03-31T09:00+02:00",
        ])
    }

    @Test func settingTheClockBackFiresOneShotsWhenTheirDateComesAgain() async throws {
        // Given a one-shot tomorrow and a daily reminder, at noon
        let center = makeCenter(at: "2026-03-27T12:00:00+01:00")
        try await center.add(makeRequest("daily", trigger: daily(hour: 9, minute: 0)))
        try await center.add(makeRequest("tomorrow", trigger: .timeInterval(86_400, repeats: false)))

        // When the user sets the clock back two days, then a day passes
        let atJump = await center.jumpClock(to: instant("2026-03-25T12:00:00+01:00"))
        let nextDay = await center.advance(by: 86_400)

        // Then nothing fires at the jump, the daily one is matched again from the new time,
        // and the one-shot still waits for its own instant
        #expect(atJump.isEmpty)
        #expect(nextDay.map { "\($0.request.identifier) \(wallTime($0.date))" } == ["daily 2026-03-26T09:00+01:00"])
        #expect(await center.pendingSchedule().map(\.identifier) == ["daily", "tomorrow"])
        let rest = await center.advance(to: instant("2026-03-28T12:00:00+01:00"))
        #expect(rest.map(\.request.identifier) == ["daily", "daily", "tomorrow"])
        #expect(await center.pendingIdentifiers() == ["daily"])
    }

    @Test func advancingToAnEarlierDateDoesNotMoveTheClockBack() async throws {
        let center = makeCenter(at: "2026-03-27T12:00:00+01:00")

        await center.advance(to: instant("2026-03-26T12:00:00+01:00"))

        #expect(center.clock.now == instant("2026-03-27T12:00:00+01:00"))
        #expect(await center.pendingIdentifiers().isEmpty)
    }
}
