import Foundation
import Herald
import HeraldSimulator
import ShowcaseStreaks
import Testing

/// Seed 003, issue 2: the categories are registered whenever permission exists, not
/// only after the permission prompt.
@Suite struct StreakCategoryTests {
    @Test("At launch the categories are registered when permission already exists, with no prompt",
          arguments: AuthorizationStatus.allCases)
    func registeredAtLaunchWhenPermitted(_ status: AuthorizationStatus) async throws {
        // Given permission decided before this launch
        let fixture = await makeStreakApp(authorization: status)

        // When the app launches
        try await fixture.device.launch()

        // Then the categories are registered exactly when notifications are allowed, and
        // nobody was asked
        let expected = status.allowsDelivery ? StreakCategories.registry.notificationCategories : []
        #expect(await fixture.center.notificationCategories() == expected)
        #expect(await fixture.center.callCounts.authorizationPrompts == 0)
        await fixture.expectNothingUnexpectedPending()
    }

    @Test("The streak reminder offers Play Now, Remind Tomorrow and Already Played; dismissals are reported")
    func streakReminderOffersItsActions() async throws {
        let fixture = await makeStreakApp()
        try await fixture.device.launch()
        await fixture.device.terminate()

        let presented = try #require(await fixture.device.advance(to: instant("2026-06-01T12:00")).last)

        #expect(presented.offeredActions.map(\.title) == ["Play Now", "Remind Tomorrow", "Already Played"])
        #expect(presented.reportsDismissal)
        #expect(presented.notification.request.content.body == "Wordle and Connections are at risk.")
        await fixture.expectNothingUnexpectedPending()
    }

    @Test("The categories are registered the moment permission is granted in the app")
    func registeredWhenGrantedInTheApp() async throws {
        // Given a first launch, permission not asked yet: nothing registered
        let fixture = await makeStreakApp(authorization: .notDetermined)
        try await fixture.device.launch()
        #expect(await fixture.center.notificationCategories().isEmpty)

        // When the permission flow asks and the user allows
        let granted = try await fixture.app().requestPermission()

        // Then the categories are registered at once, and the reminder planned
        #expect(granted)
        #expect(await fixture.center.notificationCategories() == StreakCategories.registry.notificationCategories)
        #expect(await fixture.center.callCounts.authorizationPrompts == 1)
        #expect(await fixture.center.heraldPending().isEmpty == false)
        await fixture.expectNothingUnexpectedPending()
    }

    @Test("The categories are registered when permission is granted in Settings and the user returns")
    func registeredWhenGrantedInSettings() async throws {
        // Given the user had said no
        let fixture = await makeStreakApp(authorization: .denied)
        try await fixture.device.launch()
        #expect(await fixture.center.notificationCategories().isEmpty)

        // When they allow notifications in Settings and come back to the app
        await fixture.device.setAuthorization(.authorized)

        // Then the categories are registered, without a prompt
        #expect(await fixture.center.notificationCategories() == StreakCategories.registry.notificationCategories)
        #expect(await fixture.center.callCounts.authorizationPrompts == 0)
        await fixture.expectNothingUnexpectedPending()
    }
}
