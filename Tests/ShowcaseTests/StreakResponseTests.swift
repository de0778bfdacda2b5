import Foundation
import Herald
import HeraldSimulator
import ShowcaseStreaks
import Testing

/// Seed 003, issue 3 and the streak reminder's actions: responses that arrive before the
/// app has wired its handlers are delivered once it has, in order, once each; Remind
/// Tomorrow and Already Played do what they say.
@Suite struct StreakResponseTests {
    /// The app not running, with an achievement and the 12:00 streak reminder in the list.
    func makeDeliveredWhileNotRunning(wiresHandlersAtLaunch: Bool = false) async throws -> StreakFixture {
        let fixture = await makeStreakApp(wiresHandlersAtLaunch: wiresHandlersAtLaunch)
        try await fixture.device.launch(into: .background)
        try await fixture.app().unlockAchievement("streak-30", title: "30-day streak")
        await fixture.device.terminate()
        await fixture.device.advance(to: instant("2026-06-01T12:01"))
        return fixture
    }

    let achievement = EntityReference(namespace: "achievement", id: "streak-30")

    @Test("Responses before the handlers are wired are handed over once they are, in order, once each")
    func responsesBeforeWiringAreDeliveredOnce() async throws {
        // Given two notifications in the list and the app not running
        let fixture = try await makeDeliveredWhileNotRunning()

        // When the user taps the streak reminder (a cold launch), the platform hands the
        // same tap over twice, and the user then chooses View Achievement, all before
        // the app's handlers are wired
        let tap = try await fixture.device.tap(try await fixture.delivered(StreakReminderSource.entity))
        try await fixture.app().didReceive(try #require(tap.response))
        try await fixture.device.choose(action: StreakCategories.viewAchievementActionID,
                                        on: try await fixture.delivered(achievement))
        let app = try await fixture.app()
        #expect(app.responder.routes.isEmpty)
        #expect(fixture.engineStore.load().queuedResponses.count == 2)

        // Then wiring the handlers hands both over, in order, once each
        await app.wireHandlers()
        #expect(app.responder.screens == [.gamePicker(["wordle", "connections"]), .achievement("streak-30")])
        #expect(app.responder.routes.map(\.actionIdentifier) == [
            NotificationResponse.defaultActionIdentifier, StreakCategories.viewAchievementActionID,
        ])
        // And a repeat of the same tap afterwards is not handed over again
        await app.didReceive(try #require(tap.response))
        #expect(app.responder.routes.count == 2)
        await fixture.expectNothingUnexpectedPending()
    }

    @Test("A response queued before a crash is handed over once after the next launch wires the handlers")
    func queuedResponseSurvivesACrash() async throws {
        // Given a tap that launched the app, which crashed before wiring its handlers
        let fixture = try await makeDeliveredWhileNotRunning()
        try await fixture.device.tap(try await fixture.delivered(StreakReminderSource.entity))
        await fixture.device.crash()

        // When the app is launched again and wires its handlers
        try await fixture.device.launch()
        let app = try await fixture.app()
        await app.wireHandlers()

        // Then the tap is handed over, once
        #expect(app.responder.screens == [.gamePicker(["wordle", "connections"])])
        await fixture.expectNothingUnexpectedPending()
    }

    @Test("Remind Tomorrow: nothing more today, the reminder back tomorrow")
    func remindTomorrowMeansNothingMoreToday() async throws {
        // Given the 12:00 streak reminder in the list
        let fixture = try await makeDeliveredWhileNotRunning(wiresHandlersAtLaunch: true)

        // When the user chooses Remind Tomorrow
        try await fixture.device.choose(action: StreakCategories.remindTomorrowActionID,
                                        on: try await fixture.delivered(StreakReminderSource.entity))

        // Then the app stays in the background, Herald deferred the day, and nothing
        // more of the streak comes today; tomorrow's 12:00 does
        let app = try await fixture.app()
        #expect(await fixture.device.appState == .background)
        #expect(app.responder.routes.last?.effect == .deferredToTomorrow(day("2026-06-01")))
        #expect(app.responder.screens.isEmpty)
        let today = await fixture.device.advance(to: instant("2026-06-01T23:00"))
        #expect(today.allSatisfy { $0.notification.request.heraldIdentifier?.entity != StreakReminderSource.entity })
        // The user plays Wordle late in the evening, so its streak is at risk again tomorrow
        await app.recordResult(wordle.id, at: instant("2026-06-01T23:00"))
        let tomorrow = await fixture.device.advance(to: instant("2026-06-02T12:01"))
        #expect(tomorrow.map(\.notification.date) == [instant("2026-06-02T12:00")])
        await fixture.expectNothingUnexpectedPending()
    }

    @Test("Already Played: the day is completed, its notifications and the badge cleared")
    func alreadyPlayedCompletesAndClearsTheBadge() async throws {
        // Given the 12:00 streak reminder in the list, badging the app
        let fixture = try await makeDeliveredWhileNotRunning(wiresHandlersAtLaunch: true)
        #expect(await fixture.center.badgeCount == 1)

        // When the user chooses Already Played
        try await fixture.device.choose(action: StreakCategories.alreadyPlayedActionID,
                                        on: try await fixture.delivered(StreakReminderSource.entity))

        // Then the completion is recorded, the badge cleared, and 20:00 does not come
        let app = try await fixture.app()
        #expect(app.responder.routes.last?.effect == .completed(day("2026-06-01")))
        #expect(fixture.engineStore.load().isCompleted(StreakReminderSource.entity, on: day("2026-06-01")))
        #expect(await fixture.center.badgeCount == 0)
        #expect(await fixture.center.heraldDelivered().allSatisfy { $0.entity != StreakReminderSource.entity })
        let today = await fixture.device.advance(to: instant("2026-06-01T23:59"))
        #expect(today.isEmpty)
        await fixture.expectNothingUnexpectedPending()
    }
}
