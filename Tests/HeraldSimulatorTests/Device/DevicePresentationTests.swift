import Foundation
import Herald
import HeraldSimulator
import Testing

struct DevicePresentationTests {
    @Test(arguments: [
        (PresentationOptions.all, true, 3),
        ([.banner, .sound], true, 0),
        ([.list], true, 0),
        ([.badge], false, 3),
        ([.sound], false, 0),
    ] as [(PresentationOptions, Bool, Int)])
    func inTheForegroundTheAppsOptionsDecideListAndBadge(options: PresentationOptions, keptInList: Bool, badge: Int) async throws {
        // Given the app in the foreground answering `options`, and a reminder with badge 3
        let fixture = await makeDevice(presenting: options)
        try await fixture.center.add(makeReminder("water", badge: 3))
        try await fixture.device.launch()

        // When it is delivered
        let presented = await fixture.device.advance(by: 3_600)

        // Then the app was asked, and the options were applied
        #expect(await fixture.journal.entries == ["#1 12:00 launched foreground", "#1 13:00 will present water"])
        #expect(presented.map(\.presentation) == [NotificationPresentation(options: options)])
        #expect(presented.map(\.appState) == [.foreground])
        #expect(await fixture.center.deliveredIdentifiers() == (keptInList ? ["water"] : []))
        #expect(await fixture.center.badgeCount == badge)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func emptyOptionsSilenceTheNotification() async throws {
        // Given the badge at 5, the app in the foreground answering no options
        let fixture = await makeDevice(presenting: [])
        try await fixture.center.setBadgeCount(5)
        try await fixture.center.add(makeReminder("water", badge: 6))
        try await fixture.device.launch()

        // When the reminder fires
        let presented = await fixture.device.advance(by: 3_600)

        // Then it is silenced: not in the list, badge untouched, and the user cannot tap it
        #expect(presented.map(\.presentation) == [.silenced])
        #expect(presented.first?.presentation.description == "silenced")
        #expect(await fixture.center.deliveredIdentifiers().isEmpty)
        #expect(await fixture.center.badgeCount == 5)
        #expect(await fixture.center.deliveryLog.map(\.outcome) == [.delivered])
        let error = await #expect(throws: DeviceError.self) { try await fixture.device.tap("water") }
        #expect(error?.code == .notDelivered)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test(arguments: [AppState.notRunning, .background])
    func outsideTheForegroundTheSystemShowsEverythingWithoutAskingTheApp(state: AppState) async throws {
        // Given the app not in the foreground
        let fixture = await makeDevice()
        try await fixture.center.add(makeReminder("water", badge: 2))
        if state == .background { try await fixture.device.launch(into: .background) }
        let callsBefore = await fixture.journal.entries

        // When the reminder fires (time moved through the center directly)
        await fixture.center.advance(by: 3_600)

        // Then the system showed it in full; the app was neither asked nor launched
        let presented = await fixture.device.presentedNotifications
        #expect(presented.map(\.presentation) == [.system])
        #expect(presented.map(\.appState) == [state])
        #expect(presented.first?.presentation.description == "banner, list, sound, badge")
        #expect(await fixture.journal.entries == callsBefore)
        #expect(await fixture.device.appState == state)
        #expect(await fixture.center.deliveredIdentifiers() == ["water"])
        #expect(await fixture.center.badgeCount == 2)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func provisionalAuthorizationDeliversQuietly() async throws {
        // Given provisional authorization, a reminder while the app is not running and
        // one while it is in the foreground asking for everything
        let fixture = await makeDevice(authorization: .provisional)
        try await fixture.center.add(makeReminder("night", inMinutes: 30, badge: 1))
        try await fixture.center.add(makeReminder("day", inMinutes: 90, badge: 2))

        // When both fire
        await fixture.device.advance(by: 3_600)
        try await fixture.device.launch()
        let inForeground = await fixture.device.advance(by: 3_600)

        // Then both are quiet: list and badge, no banner or sound
        #expect(await fixture.device.presentedNotifications.map(\.presentation) == [.quiet, .quiet])
        #expect(inForeground.map(\.appState) == [.foreground])
        #expect(inForeground.first?.presentation.description == "quiet (list, badge)")
        #expect(await fixture.center.deliveryLog.map(\.outcome) == [.deliveredQuietly, .deliveredQuietly])
        #expect(await fixture.center.deliveredIdentifiers() == ["night", "day"])
        #expect(await fixture.center.badgeCount == 2)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func whileDeniedNothingIsPresented() async throws {
        // Scheduled, then notifications turned off (a denied app's own adds are ignored)
        let fixture = await makeDevice(authorization: .authorized)
        try await fixture.center.add(makeReminder("water"))
        await fixture.center.setAuthorizationStatus(.denied)
        try await fixture.device.launch()

        let presented = await fixture.device.advance(by: 3_600)

        #expect(presented.isEmpty)
        #expect(await fixture.journal.entries == ["#1 12:00 launched foreground"])
        #expect(await fixture.center.deliveryLog.map(\.outcome) == [.suppressed])
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func eachDeliveryKeepsTheCategoryRegisteredAtThatInstant() async throws {
        // Given a category with Log and Snooze, and two reminders of it an hour apart
        let fixture = await makeDevice(categories: [makeExerciseCategory(actions: ["log", "snooze"])])
        try await fixture.center.add(makeReminder("early", inMinutes: 60, category: "exercise"))
        try await fixture.center.add(makeReminder("late", inMinutes: 120, category: "exercise"))

        // When the first fires, the category is re-registered with other actions, the second fires
        await fixture.device.advance(by: 3_600)
        await fixture.center.setNotificationCategories([makeExerciseCategory(actions: ["details"])])
        await fixture.device.advance(by: 3_600)

        // Then each offers the actions of its own delivery
        let offered = await fixture.device.presentedNotifications.map { $0.offeredActions.map(\.identifier) }
        #expect(offered == [["log", "snooze"], ["details"]])
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func theTimelineShowsLifecycleAndPresentationInOrder() async throws {
        // Given two reminders, at 13:00 and 14:00
        let fixture = await makeDevice(presenting: [.banner, .list])
        try await fixture.center.add(makeReminder("one", inMinutes: 60))
        try await fixture.center.add(makeReminder("two", inMinutes: 120))

        // When the user opens the app, leaves it after the first and taps the second
        try await fixture.device.launch()
        await fixture.device.advance(by: 3_600)
        try await fixture.device.moveToBackground()
        await fixture.device.advance(by: 3_600)
        try await fixture.device.tap("two")

        // Then the timeline tells the story
        #expect(await fixture.device.timeline() == [
            "12:00 launched foreground",
            "13:00 delivered one: banner, list (foreground)",
            "13:00 entered background",
            "14:00 delivered two: banner, list, sound, badge (background)",
            "14:00 became active",
            "14:00 responded two: tap",
        ])
        let events = await fixture.device.events
        let decoded = try JSONDecoder().decode([DeviceEvent].self, from: JSONEncoder().encode(events))
        #expect(decoded == events)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }
}
