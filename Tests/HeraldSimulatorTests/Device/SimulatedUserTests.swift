import Foundation
import Herald
import HeraldSimulator
import Testing

struct SimulatedUserTests {
    /// A device whose reminder `water` (category `exercise`, badge 1) was delivered at
    /// 13:00, with the app in `state`.
    func makeDeviceWithDeliveredReminder(
        appIn state: AppState = .notRunning,
        category: NotificationCategory = makeExerciseCategory()
    ) async throws -> DeviceFixture {
        let fixture = await makeDevice(categories: [category])
        try await fixture.center.add(makeReminder("water", category: category.identifier, badge: 1))
        if state != .notRunning { try await fixture.device.launch(into: state) }
        if state == .foreground { await fixture.journal.setPresentationOptions([.banner, .list]) }
        await fixture.device.advance(by: 3_600)
        return fixture
    }

    // MARK: Tap

    @Test func aTapWhileNotRunningColdLaunchesAndHandsTheResponseOverAtOnce() async throws {
        // Given a reminder delivered while the app was not running
        let fixture = try await makeDeviceWithDeliveredReminder()
        await fixture.device.advance(by: 1_800)

        // When the user taps it at 13:30
        let outcome = try await fixture.device.tap("water")

        // Then a cold launch into the foreground, and the response at the same instant,
        // before the app has loaded its data
        #expect(await fixture.journal.entries == [
            "#1 13:30 launched foreground", "#1 13:30 received water tap before data",
        ])
        #expect(outcome.launched && outcome.stateBefore == .notRunning && outcome.stateAfter == .foreground)
        #expect(outcome.response?.actionIdentifier == NotificationResponse.defaultActionIdentifier)
        #expect(outcome.response?.notification.date == instant("2026-03-27T13:00:00+01:00"))
        #expect(Set(outcome.events.map(\.date)) == [instant("2026-03-27T13:30:00+01:00")])
        #expect(await fixture.center.deliveredIdentifiers().isEmpty)
        #expect(await fixture.center.callCounts.deliveredRemovalBatches == 0)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func aTapInTheBackgroundMakesTheAppActiveThenHandsTheResponseOver() async throws {
        let fixture = try await makeDeviceWithDeliveredReminder(appIn: .background)
        let app = try #require(await fixture.app())
        await app.loadData()

        let outcome = try await fixture.device.tap("water")

        #expect(await fixture.journal.entries == [
            "#1 12:00 launched background", "#1 13:00 became active", "#1 13:00 received water tap",
        ])
        #expect(!outcome.launched && outcome.stateAfter == .foreground)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func aTapInTheForegroundOnlyHandsTheResponseOver() async throws {
        let fixture = try await makeDeviceWithDeliveredReminder(appIn: .foreground)

        let outcome = try await fixture.device.tap("water")

        #expect(await fixture.journal.entries == [
            "#1 12:00 launched foreground", "#1 13:00 will present water", "#1 13:00 received water tap before data",
        ])
        #expect(outcome.events.map(\.description) == ["responded water: tap"])
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test(arguments: ["unknown", "water"])
    func onlyANotificationInTheListCanBeTouched(identifier: String) async throws {
        // Given "water" delivered and already tapped once
        let fixture = try await makeDeviceWithDeliveredReminder()
        try await fixture.device.tap("water")
        let callsBefore = await fixture.journal.entries

        // When the user taps something that is not in the list
        let error = await #expect(throws: DeviceError.self) { try await fixture.device.tap(identifier) }

        // Then it is refused and the app hears nothing
        #expect(error?.code == .notDelivered)
        #expect(error?.message == "No notification \"\(identifier)\" is in the delivered list: it was never delivered, was silenced or shown without .list/.banner in the foreground, or was already removed. Check device.presentedNotifications or advance time first.")
        #expect(await fixture.journal.entries == callsBefore)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    // MARK: Actions

    @Test func aBackgroundActionLaunchesAStoppedAppIntoTheBackground() async throws {
        let fixture = try await makeDeviceWithDeliveredReminder()

        let outcome = try await fixture.device.choose(action: "snooze", on: "water")

        #expect(await fixture.journal.entries == [
            "#1 13:00 launched background", "#1 13:00 received water snooze before data",
        ])
        #expect(outcome.launched && outcome.stateAfter == .background)
        #expect(outcome.response?.actionIdentifier == "snooze")
        #expect(await fixture.center.deliveredIdentifiers().isEmpty)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func aForegroundActionBringsTheAppToTheForeground() async throws {
        let fixture = try await makeDeviceWithDeliveredReminder(appIn: .background)

        let outcome = try await fixture.device.choose(action: "log", on: "water")

        #expect(await fixture.journal.entries == [
            "#1 12:00 launched background", "#1 13:00 became active", "#1 13:00 received water log before data",
        ])
        #expect(outcome.stateAfter == .foreground)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func aBackgroundActionLeavesARunningAppWhereItIs() async throws {
        let fixture = try await makeDeviceWithDeliveredReminder(appIn: .background)

        let outcome = try await fixture.device.choose(action: "snooze", on: "water")

        #expect(outcome.stateBefore == .background && outcome.stateAfter == .background && !outcome.launched)
        #expect(await fixture.journal.entries.last == "#1 13:00 received water snooze before data")
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func onlyTheActionsRegisteredAtDeliveryAreOffered() async throws {
        // Given "water" delivered when its category had Snooze only
        let fixture = try await makeDeviceWithDeliveredReminder(category: makeExerciseCategory(actions: ["snooze"]))

        // When the app re-registers the category with Log only
        await fixture.center.setNotificationCategories([makeExerciseCategory(actions: ["log"])])

        // Then Log was never offered by this notification, and Snooze still is
        let error = await #expect(throws: DeviceError.self) { try await fixture.device.choose(action: "log", on: "water") }
        #expect(error?.code == .actionNotOffered)
        #expect(error?.message == "Notification \"water\" did not offer action \"log\": its category \"exercise\" had actions [\"snooze\"] when it was delivered. Register the category before the delivery.")
        #expect(await fixture.center.deliveredIdentifiers() == ["water"])
        try await fixture.device.choose(action: "snooze", on: "water")
        #expect(await fixture.journal.entries == ["#1 13:00 launched background", "#1 13:00 received water snooze before data"])
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func aCategoryRegisteredAfterTheDeliveryOffersNothing() async throws {
        // Given "water" delivered before any category was registered
        let fixture = await makeDevice()
        try await fixture.center.add(makeReminder("water", category: "exercise"))
        await fixture.device.advance(by: 3_600)

        // When the category is registered afterwards
        await fixture.center.setNotificationCategories([makeExerciseCategory()])

        // Then the notification still offers no action
        let error = await #expect(throws: DeviceError.self) { try await fixture.device.choose(action: "snooze", on: "water") }
        #expect(error?.code == .actionNotOffered)
        #expect(await fixture.journal.entries.isEmpty)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    // MARK: Text input

    @Test func typedTextReachesTheAppWithTheResponse() async throws {
        let fixture = try await makeDeviceWithDeliveredReminder(appIn: .background)

        let outcome = try await fixture.device.type("20 push-ups", action: "note", on: "water")

        #expect(outcome.response?.userText == "20 push-ups")
        #expect(outcome.response?.actionIdentifier == "note")
        #expect(await fixture.journal.entries.last == "#1 13:00 received water note \"20 push-ups\" before data")
        #expect(await fixture.center.deliveredIdentifiers().isEmpty)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func textGoesOnlyToATextInputActionAndATextInputActionNeedsText() async throws {
        let fixture = try await makeDeviceWithDeliveredReminder()

        let typedOnButton = await #expect(throws: DeviceError.self) {
            try await fixture.device.type("hello", action: "snooze", on: "water")
        }
        let choseTextField = await #expect(throws: DeviceError.self) {
            try await fixture.device.choose(action: "note", on: "water")
        }

        #expect(typedOnButton?.code == .notTextInput)
        #expect(choseTextField?.code == .textRequired)
        #expect(await fixture.center.deliveredIdentifiers() == ["water"])
        #expect(await fixture.journal.entries.isEmpty)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    // MARK: Dismiss and clear

    @Test(arguments: [true, false])
    func aDismissalIsReportedOnlyWithCustomDismiss(customDismiss: Bool) async throws {
        // Given "water" delivered with or without custom dismiss in its category
        let fixture = try await makeDeviceWithDeliveredReminder(
            category: makeExerciseCategory(options: customDismiss ? [.customDismissAction] : [])
        )

        // When the user swipes it away
        let outcome = try await fixture.device.dismiss("water")

        // Then it leaves the list, and the app hears of it only with custom dismiss
        #expect(await fixture.center.deliveredIdentifiers().isEmpty)
        if customDismiss {
            #expect(await fixture.journal.entries == ["#1 13:00 launched background", "#1 13:00 received water dismiss before data"])
            #expect(outcome.response?.actionIdentifier == NotificationResponse.dismissActionIdentifier)
            #expect(outcome.events.map(\.description) == [
                "dismissed water (reported)", "launched background", "responded water: dismiss",
            ])
        } else {
            #expect(await fixture.journal.entries.isEmpty)
            #expect(outcome.response == nil && !outcome.launched)
            #expect(outcome.events.map(\.description) == ["dismissed water"])
        }
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }

    @Test func clearingIsSilent() async throws {
        // Given three notifications in the list, custom dismiss on, the app not running
        let fixture = await makeDevice(categories: [makeExerciseCategory(options: [.customDismissAction])])
        for (index, identifier) in ["a", "b", "c"].enumerated() {
            try await fixture.center.add(makeReminder(identifier, inMinutes: Double(index + 1), category: "exercise"))
        }
        await fixture.device.advance(by: 3_600)

        // When the user clears one, then all
        try await fixture.device.clear("b")
        let all = await fixture.device.clearAll()

        // Then the list is empty and the app was never launched nor told
        #expect(await fixture.center.deliveredIdentifiers().isEmpty)
        #expect(await fixture.journal.entries.isEmpty)
        #expect(await fixture.device.launchCount == 0)
        #expect(all.events.map(\.description) == ["cleared a, c"])
        #expect(await fixture.center.callCounts.deliveredRemovalBatches == 0)
        #expect(await fixture.center.pendingIdentifiers().isEmpty)
    }
}
