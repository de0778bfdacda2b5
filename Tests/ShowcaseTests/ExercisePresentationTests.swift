import Foundation
import Herald
import HeraldSimulator
import ShowcaseExercise
import Testing

/// Seed 002: the actions are in reach whether the app is in the foreground or not, and
/// an action chosen in the in-app prompt does what the system action does.
@Suite struct ExercisePresentationTests {
    /// One of the app's three kinds of notification, with the titles of its actions.
    enum Kind: String, CaseIterable, Sendable {
        case breakReminder, progressReport, achievement

        var actionTitles: [String] {
            switch self {
            case .breakReminder: ["Log Exercise", "Snooze 5 min"]
            case .progressReport: ["View Details"]
            case .achievement: ["View All"]
            }
        }
    }

    /// Makes one notification of `kind` arrive: the 09:00 break, or an event posted now.
    func deliver(_ kind: Kind, in fixture: ExerciseFixture) async throws -> PresentedNotification {
        switch kind {
        case .breakReminder:
            await fixture.device.advance(to: instant("2026-06-01T09:00"))
        case .progressReport:
            try await fixture.app().postProgressReport(week: "2026-W23", summary: "12 breaks this week")
            await fixture.device.advance(by: 1)
        case .achievement:
            try await fixture.app().unlockAchievement("first-week", title: "First week done")
            await fixture.device.advance(by: 1)
        }
        return try #require(await fixture.device.presentedNotifications.last)
    }

    @Test("In the foreground the user sees a prompt with the actions and Dismiss, not a bare banner",
          arguments: Kind.allCases)
    func foregroundShowsPromptWithActions(_ kind: Kind) async throws {
        // Given the app in the foreground
        let fixture = await makeExerciseApp()
        try await fixture.device.launch()

        // When a notification arrives
        let presented = try await deliver(kind, in: fixture)

        // Then the system banner is silenced and the app shows a prompt with its actions
        #expect(presented.appState == .foreground)
        #expect(presented.presentation == .silenced)
        let prompt = try #require(await fixture.app().prompt)
        #expect(prompt.notification == presented.notification)
        #expect(prompt.actions.map(\.title) == kind.actionTitles + ["Dismiss"])
        #expect(prompt.actions.last?.identifier == NotificationResponse.dismissActionIdentifier)
        await fixture.expectNothingUnexpectedPending()
    }

    @Test("In the background the system notification offers the category's actions", arguments: Kind.allCases)
    func backgroundSystemNotificationOffersActions(_ kind: Kind) async throws {
        // Given the app in the background (events are posted while it runs there)
        let fixture = await makeExerciseApp()
        try await fixture.device.launch(into: .background)

        // When a notification arrives
        let presented = try await deliver(kind, in: fixture)

        // Then the system shows it with its actions
        #expect(presented.appState == .background)
        #expect(presented.presentation == .system)
        #expect(presented.offeredActions.map(\.title) == kind.actionTitles)
        #expect(await fixture.center.deliveredNotifications().contains(presented.notification))
        await fixture.expectNothingUnexpectedPending()
        // A break is time-sensitive (through a Focus and the summary); the posted events
        // keep their content's level
        #expect(presented.notification.request.content.interruptionLevel
            == (kind == .breakReminder ? .timeSensitive : .active))
    }

    /// Where the user chooses the action.
    enum ChosenIn: String, CaseIterable, Sendable { case inAppPrompt, systemNotification }

    /// What the app and Herald end up with after an action on the 09:00 break.
    struct Result: Equatable {
        var action: HeraldAction?
        var effect: ActionEffect?
        var loggedBreaks: [Date]
        var screens: [ExerciseScreen]
        var snoozesAt: [Date]
        var followUpsAt: [Date]
    }

    func chooseOnTheNineOClockBreak(_ action: String, in place: ChosenIn) async throws -> (ExerciseFixture, Result) {
        let fixture = await makeExerciseApp()
        try await fixture.device.launch(into: place == .inAppPrompt ? .foreground : .background)
        let presented = try await deliver(.breakReminder, in: fixture)
        switch place {
        case .inAppPrompt: try await fixture.app().choose(action)
        case .systemNotification: try await fixture.device.choose(action: action, on: presented.identifier)
        }
        let app = try await fixture.app()
        return (fixture, Result(
            action: app.responder.routes.last?.action, effect: app.responder.routes.last?.effect,
            loggedBreaks: app.responder.loggedBreaks, screens: app.responder.screens,
            snoozesAt: await fixture.pendingDates(.snooze),
            followUpsAt: await fixture.pendingDates(.followUp).filter { $0 < instant("2026-06-01T09:30") }))
    }

    @Test("Log Exercise in the prompt does what Log Exercise on the notification does", arguments: ChosenIn.allCases)
    func logExercise(in place: ChosenIn) async throws {
        let (fixture, result) = try await chooseOnTheNineOClockBreak(ExerciseCategories.logActionID, in: place)

        // The break is logged, the picker opens, and its follow-up is withdrawn
        #expect(result == Result(
            action: .custom(ExerciseCategories.logActionID), effect: ActionEffect.none,
            loggedBreaks: [instant("2026-06-01T09:00")], screens: [.exercisePicker], snoozesAt: [], followUpsAt: []))
        #expect(await fixture.device.appState == .foreground)
        await fixture.expectNothingUnexpectedPending()
    }

    @Test("Snooze 5 min in the prompt does what Snooze on the notification does", arguments: ChosenIn.allCases)
    func snooze(in place: ChosenIn) async throws {
        let (fixture, result) = try await chooseOnTheNineOClockBreak(ExerciseCategories.snoozeActionID, in: place)

        // One snooze at 09:05, no follow-up, nothing opened
        let fiveLater = instant("2026-06-01T09:05")
        #expect(result == Result(
            action: .snooze(300), effect: .snoozed(until: fiveLater),
            loggedBreaks: [], screens: [], snoozesAt: [fiveLater], followUpsAt: []))
        await fixture.expectNothingUnexpectedPending(allowing: [.reminder, .followUp, .snooze])
    }

    @Test("View Details and View All in the prompt open the report and the achievements")
    func eventActionsInThePromptOpenTheirScreens() async throws {
        let fixture = await makeExerciseApp()
        try await fixture.device.launch()
        _ = try await deliver(.progressReport, in: fixture)
        try await fixture.app().choose(ExerciseCategories.viewDetailsActionID)
        _ = try await deliver(.achievement, in: fixture)
        try await fixture.app().choose(ExerciseCategories.viewAllActionID)

        #expect(try await fixture.app().responder.screens == [
            .progressReport(week: "2026-W23"), .achievements(highlighting: "first-week"),
        ])
        await fixture.expectNothingUnexpectedPending()
    }
}
