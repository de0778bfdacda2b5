import Foundation
import Herald
import HeraldSimulator
import ShowcaseHabits
import Testing

/// Seed 004, the habit app: one planner for every path, badges in fire order from the
/// outstanding count, a budget of 54, habits done today skipped, rich or tailored
/// content per habit.
@Suite struct Seed004HabitTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    struct Fixture {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let app: HabitApp
    }

    static func date(_ text: String) -> Date {
        let local = LocalDateTime(parsing: text)!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlin
        return calendar.date(from: DateComponents(year: local.date.year, month: local.date.month, day: local.date.day,
                                                  hour: local.time.hour, minute: local.time.minute))!
    }

    func makeFixture(at start: String = "2026-11-21T08:00") -> Fixture {
        let clock = VirtualClock(now: Self.date(start), timeZone: Self.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let habits = HabitReminderSource(clock: clock)
        let engine = Engine(center: center, source: habits, clock: clock)
        return Fixture(clock: clock, center: center, app: HabitApp(habits: habits, host: AppHost(engine: engine)))
    }

    func makeHabit(_ id: String, at times: [String], category: String = "Health") -> Habit {
        Habit(id: id, name: id.capitalized, category: category, reminderTimes: times.map { LocalTime(parsing: $0)! })
    }

    /// Two notifications from yesterday still in the list, as in the seed's report.
    func addStaleDelivered(to center: SimulatedNotificationCenter) async throws {
        for minute in [0, 1] {
            let identifier = NotificationIdentifier(
                entity: EntityReference(namespace: "habit", id: "yesterday-\(minute)"), rule: "daily",
                occurrence: OccurrenceKey(rawValue: "20261120T090\(minute)"), kind: .reminder)
            try await center.add(NotificationRequest(
                identifier: identifier.description, content: NotificationContent(title: "stale", badge: minute + 1),
                trigger: .timeInterval(60 + Double(minute), repeats: false)))
        }
    }

    @Test func threeRemindersOneMinuteApartBadgeOneTwoThree() async throws {
        // Given two stale notifications delivered yesterday evening
        let fixture = makeFixture(at: "2026-11-20T21:00")
        try await addStaleDelivered(to: fixture.center)
        await fixture.center.advance(to: Self.date("2026-11-21T08:00"))
        #expect(await fixture.center.deliveredNotifications().count == 2)
        // When a habit with three reminders one minute apart is created, and the app
        // goes to the background until they fire
        await fixture.app.save(makeHabit("stretch", at: ["09:00", "09:01", "09:02"]))
        let delivered = await fixture.center.advance(to: Self.date("2026-11-21T09:05"))
        // Then they show 1, 2, 3, not 3, 4, 5
        #expect(delivered.map(\.request.content.badge) == [1, 2, 3])
        #expect(await fixture.center.badgeCount == 3)
        // And the content is rich: category and streak context
        #expect(delivered.allSatisfy { $0.request.content.subtitle == "Health" && $0.request.content.userInfo["style"] == "rich" })
    }

    @Test func creatingAndEditingReplanThroughTheOnePlanner() async throws {
        let fixture = makeFixture()
        await fixture.app.save(makeHabit("water", at: ["09:00", "15:00"]))
        // Creating a second habit renumbers by position among all habits
        await fixture.app.save(makeHabit("walk", at: ["10:00"]))
        let pending = await fixture.center.pendingNotificationRequests()
            .filter { $0.identifier.contains("20261121") }
            .sorted { $0.identifier < $1.identifier }
        #expect(pending.map(\.content.badge) == [2, 1, 3]) // walk 10:00, water 09:00, water 15:00
        // Editing water's times replaces exactly what changed
        let edit = await fixture.app.save(makeHabit("water", at: ["09:00", "16:00"]))
        #expect(edit.outcome.removed == 14)  // the 15:00 occurrences
        #expect(edit.outcome.added == 14)    // the 16:00 occurrences
        let delivered = await fixture.center.advance(to: Self.date("2026-11-21T17:00"))
        #expect(delivered.map(\.request.content.badge) == [1, 2, 3])
        #expect(delivered.map(\.request.content.title) == ["Water", "Walk", "Water"])
    }

    @Test func budgetOf54HoldsWith30HabitsOfTwoReminders() async throws {
        let fixture = makeFixture()
        for index in 0..<30 {
            await fixture.app.save(makeHabit("h\(index)", at: [String(format: "09:%02d", index), String(format: "20:%02d", index)]))
        }
        #expect(await fixture.center.pendingNotificationRequests().count == 54)
        #expect(await fixture.center.droppedRequests.isEmpty)
        let report = await fixture.app.launch()
        #expect(report.outcome.touched == 0)
        #expect(report.plan?.cuts().count == 30 * 2 * 14 - 54)
    }

    @Test func aHabitDoneTodayGetsNoMoreRemindersToday() async throws {
        let fixture = makeFixture()
        await fixture.app.save(makeHabit("water", at: ["09:00", "13:00", "18:00"]))
        await fixture.center.advance(to: Self.date("2026-11-21T10:00"))
        try await fixture.app.complete("water")
        let delivered = await fixture.center.advance(to: Self.date("2026-11-21T23:59"))
        #expect(delivered.isEmpty)
        #expect(await fixture.center.badgeCount == 0)
        let tomorrow = await fixture.center.advance(to: Self.date("2026-11-22T09:01"))
        #expect(tomorrow.map(\.request.content.badge) == [1])
    }

    @Test func contentIsRichOrTailoredPerProfile() async throws {
        let fixture = makeFixture()
        fixture.app.habits.setStreak(12, for: "read")
        await fixture.app.save(makeHabit("read", at: ["09:00"], category: "Mind"))
        var delivered = await fixture.center.advance(to: Self.date("2026-11-21T09:00"))
        #expect(delivered.first?.request.content.body == "Keep your 12-day streak going")
        #expect(delivered.first?.request.content.subtitle == "Mind")

        fixture.app.habits.setProfile(PersonalityProfile(dominantTrait: .explorer, analyzedAt: Self.date("2026-11-20T12:00")))
        await fixture.app.launch()
        delivered = await fixture.center.advance(to: Self.date("2026-11-22T09:00"))
        #expect(delivered.first?.request.content.body == "Try something new with read today")
        #expect(delivered.first?.request.content.userInfo["style"] == "tailored")

        // A stale analysis falls back to rich content.
        fixture.app.habits.setProfile(PersonalityProfile(dominantTrait: .explorer, analyzedAt: Self.date("2026-09-01T12:00")))
        await fixture.app.launch()
        delivered = await fixture.center.advance(to: Self.date("2026-11-23T09:00"))
        #expect(delivered.first?.request.content.userInfo["style"] == "rich")
    }

    @Test func deletingHabitsLeavesNothingPendingOrDelivered() async throws {
        let fixture = makeFixture()
        await fixture.app.save(makeHabit("water", at: ["09:00"]))
        await fixture.app.save(makeHabit("walk", at: ["09:30"]))
        await fixture.center.advance(to: Self.date("2026-11-21T10:00"))
        try await fixture.app.delete(["water", "walk"])
        #expect(await fixture.center.pendingNotificationRequests().isEmpty)
        #expect(await fixture.center.deliveredNotifications().isEmpty)
    }
}
