import Foundation
import Herald
import HeraldSimulator
import Testing

/// The simulator reproduces the bugs the seed apps reported, played on the center alone
/// without Herald: the proof that a test of Herald's fix would catch them.
struct SeedBugReplayTests {
    @Test func badgesNumberedFromTheDeliveredCountShowThreeFourFive() async throws {
        // Given two of yesterday evening's notifications still in the list (seed 004)
        let center = makeCenter(at: "2026-11-20T21:00:00+01:00")
        for minute in [0, 1] {
            try await center.add(makeRequest("yesterday-\(minute)", trigger: .timeInterval(60 + Double(minute), repeats: false)))
        }
        await center.advance(to: instant("2026-11-21T08:00:00+01:00"))
        let deliveredCount = await center.deliveredNotifications().count
        #expect(deliveredCount == 2)

        // When the seed's `ScheduleHabitReminders` gives each of three new reminders one
        // minute apart the badge `deliveredCount + 1`, counting on from there
        for index in 0..<3 {
            try await center.add(NotificationRequest(
                identifier: "today_stretch_\(index)",
                content: NotificationContent(title: "Stretch", badge: deliveredCount + 1 + index),
                trigger: .calendar(CalendarTrigger(year: 2026, month: 11, day: 21, hour: 9, minute: index))))
        }
        let delivered = await center.advance(to: instant("2026-11-21T09:05:00+01:00"))

        // Then they show 3, 4, 5 where the user has three things to do today
        #expect(delivered.map(\.request.identifier) == ["today_stretch_0", "today_stretch_1", "today_stretch_2"])
        #expect(delivered.map(\.request.content.badge) == [3, 4, 5])
        #expect(await center.badgeCount == 5)
    }
}
