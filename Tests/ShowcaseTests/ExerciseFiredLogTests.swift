import Foundation
import Herald
import HeraldSimulator
import ShowcaseExercise
import Testing

/// Seed 002: Herald's fired log counts every delivery once, whether the app was
/// running or not, of every kind.
@Suite struct ExerciseFiredLogTests {
    /// A delivery as `identifier|instant`, the fired log's unit.
    func key(_ identifier: NotificationIdentifier?, _ date: Date) -> String {
        "\(identifier.map(String.init(describing:)) ?? "?")|\(date.timeIntervalSince1970)"
    }

    func firedKeys(_ fixture: ExerciseFixture) -> [String] {
        fixture.engineStore.load().fired.values.map { key($0.identifier, $0.date) }.sorted()
    }

    func presentedKeys(_ fixture: ExerciseFixture) async -> [String] {
        await fixture.device.presentedNotifications.map {
            key($0.notification.request.heraldIdentifier, $0.notification.date)
        }.sorted()
    }

    @Test("Reminders, follow-ups, snoozes and events are logged once each, delivered running or not")
    func firedLogCountsEveryDelivery() async throws {
        // Given the app installed and launched once, then not running
        let fixture = await makeExerciseApp()
        try await fixture.device.launch()
        await fixture.device.terminate()

        // When the 09:00 break and its follow-up arrive while it is not running
        await fixture.device.advance(to: instant("2026-06-01T09:15"))
        #expect(firedKeys(fixture).isEmpty)
        // Then they are logged at the next launch
        try await fixture.device.launch()
        #expect(firedKeys(fixture).count == 2)

        // When the 09:30 break arrives in the background, it is logged on return
        try await fixture.device.moveToBackground()
        let half = try #require(await fixture.device.advance(to: instant("2026-06-01T09:31")).last)
        try await fixture.device.moveToForeground()
        #expect(firedKeys(fixture).count == 3)

        // When the user snoozes it and the snooze arrives in the foreground, and an
        // achievement and the week's report arrive too
        try await fixture.device.choose(action: ExerciseCategories.snoozeActionID, on: half.identifier)
        await fixture.device.advance(to: instant("2026-06-01T09:36"))
        try await fixture.app().unlockAchievement("first-week", title: "First week done")
        try await fixture.app().postProgressReport(week: "2026-W23", summary: "12 breaks")
        await fixture.device.advance(to: instant("2026-06-01T09:37"))

        // Then every delivery is in the log, once, of every kind
        let kinds = fixture.engineStore.load().fired.values.map(\.identifier.kind)
        #expect(Dictionary(grouping: kinds, by: \.self).mapValues(\.count)
            == [.reminder: 2, .followUp: 1, .snooze: 1, .event: 2])
        #expect(firedKeys(fixture) == (await presentedKeys(fixture)))

        // And relaunching logs nothing twice
        await fixture.device.terminate()
        try await fixture.device.launch()
        #expect(firedKeys(fixture) == (await presentedKeys(fixture)))
        await fixture.expectNothingUnexpectedPending()
    }

    /// A notification the user acts on before the app syncs (a cold-launch tap, an
    /// action while not running or in the background) leaves the list first; Herald
    /// records it from the response.
    @Test("A notification delivered while the app was not running, then acted on, is logged")
    func actedOnWhileNotRunningIsLogged() async throws {
        // Given the 09:00 break delivered while the app was not running
        let fixture = await makeExerciseApp(plan: makeExercisePlan(followUpAfter: nil))
        try await fixture.device.launch()
        await fixture.device.terminate()
        let nine = try #require(await fixture.device.advance(to: instant("2026-06-01T09:00")).last)

        // When the user taps it, which takes it off the list and launches the app
        try await fixture.device.tap(nine.identifier)

        // Then it is in the fired log all the same
        #expect(firedKeys(fixture) == (await presentedKeys(fixture)))
        await fixture.expectNothingUnexpectedPending()
    }
}
