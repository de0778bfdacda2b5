// The Swift sample of Herald's "Badges" article, "When the user turns badges off"
// (Sources/Herald/Documentation.docc/Badges.md), in the context it needs; it runs and
// checks what its comments say.
import Foundation
import Herald
import HeraldSimulator
import Testing

@Test func theBadgesOffSampleSetsNoBadgeAndThenTheOutstandingCount() async throws {
    // Water at 09:00 and 20:00 in Berlin; 09:00 is delivered, undone, before badges come back.
    let clock = VirtualClock(now: try Date("2026-11-21T08:00:00+01:00", strategy: .iso8601),
                             timeZone: TimeZone(identifier: "Europe/Berlin")!)
    let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
    let engine = Engine(center: center, source: WaterTwiceADay(), clock: clock)
    await engine.launched()
    await center.advance(by: 3_600 + 600)   // 09:10: water 09:00 delivered with badge 1

    await center.setNotificationSettings(NotificationSettings(badge: false))   // in Settings
    let off = await engine.becameActive()     // off.badgesOff, off.badgeSet == nil, no request has a badge
    await center.setNotificationSettings(.allOn)
    let back = await engine.becameActive()    // back.badgeSet == the outstanding count

    #expect(off.badgesOff && off.badgeSet == nil)
    #expect(await center.pendingNotificationRequests().allSatisfy { $0.content.badge != nil })
    #expect(!back.badgesOff)
    #expect(back.badgeSet == 1)   // water 09:00, delivered and not done
}

/// Water at 09:00 and 20:00 every day, in the device's zone.
private struct WaterTwiceADay: ReminderSource {
    func reminderRules() async throws -> [ReminderRule] {
        let water = EntityReference(namespace: "habit", id: "water")
        return [try ReminderRule(entity: water, id: "daily",
                                 schedule: try .daily(at: [LocalTime(hour: 9), LocalTime(hour: 20)]))]
    }

    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        NotificationContent(title: "Water")
    }
}
