import Foundation
import Herald
import HeraldSimulator
import ShowcaseGoals
import Testing

/// Seed 000's five test cases, driven through the simulated device in virtual time.
@Suite struct GoalTrackerRoutingTests {
    /// Where the app stands when the user taps.
    enum TapFrom: String, CaseIterable, Sendable { case notRunning, background, foreground }

    /// Launches once (so reminders are planned), leaves the app in `state`, and lets
    /// the 09:00 reminders fire.
    func makeDeliveredReminders(_ goals: [Goal], appIn state: TapFrom = .notRunning,
                                until time: String = "2026-06-01T09:05") async throws -> GoalTrackerFixture {
        let fixture = await makeGoalTracker(goals)
        try await fixture.launchAndWait()
        switch state {
        case .notRunning: await fixture.device.terminate()
        case .background: try await fixture.device.moveToBackground()
        case .foreground: break
        }
        await fixture.device.advance(to: instant(time))
        return fixture
    }

    @Test("Case 1: an active goal opens data entry at the payload's question", arguments: TapFrom.allCases)
    func activeGoalOpensDataEntry(from state: TapFrom) async throws {
        // Given an active goal whose reminder was delivered
        let fixture = try await makeDeliveredReminders([makeGoal("workout", "Morning Workout")], appIn: state)

        // When the user taps it
        let outcome = try await fixture.tapReminder(of: "workout")
        let app = try await fixture.app()
        await app.untilReady()

        // Then the app shows data entry for the goal, at the question the payload named
        #expect(outcome.launched == (state == .notRunning))
        #expect(outcome.stateAfter == .foreground)
        #expect(app.router.shown.map(\.screen) == [.dataEntry(goalID: "workout", questionID: "minutes")])
        try await fixture.expectOnlyActiveGoalsPending()
    }

    @Test("Case 2: a goal paused while its notification is in the list shows the paused placeholder")
    func pausedGoalShowsPausedPlaceholder() async throws {
        // Given a delivered reminder, and the goal paused on another device meanwhile
        let fixture = try await makeDeliveredReminders([makeGoal("reading", "Reading Goal"), makeGoal("walk", at: 9, minute: 1)])
        await fixture.database.save(makeGoal("reading", "Reading Goal", isActive: false))

        // When the user taps it
        try await fixture.tapReminder(of: "reading")
        try await fixture.app().untilReady()

        // Then the paused placeholder shows the goal's title, and once the goals are
        // loaded nothing of the paused goal is left, pending or delivered
        #expect(try await fixture.shownScreens() == [.pausedPlaceholder(title: "Reading Goal")])
        #expect(await fixture.center.heraldDelivered().map(\.entity.id) == ["walk"])
        try await fixture.expectOnlyActiveGoalsPending()
    }

    @Test("Case 3: a deleted goal with a lingering notification shows the missing placeholder")
    func deletedGoalShowsMissingPlaceholder() async throws {
        // Given a delivered reminder of a goal then deleted on another device
        let fixture = try await makeDeliveredReminders([makeGoal("test", "Test Goal"), makeGoal("walk", at: 9, minute: 1)])
        await fixture.database.delete(["test"])

        // When the user taps it
        try await fixture.tapReminder(of: "test")
        try await fixture.app().untilReady()

        // Then the app shows the missing placeholder and does not crash; the deleted
        // goal's remaining reminders are gone
        #expect(try await fixture.shownScreens() == [.missingPlaceholder])
        #expect(await fixture.center.heraldDelivered().map(\.entity.id) == ["walk"])
        try await fixture.expectOnlyActiveGoalsPending()
    }

    @Test("Case 4: a cold-launch tap waits for the data and is routed the instant the app is ready")
    func coldLaunchTapIsRoutedWhenDataLoads() async throws {
        // Given a delivered reminder, the app not running, and a slow disk
        let fixture = try await makeDeliveredReminders([makeGoal("workout", "Morning Workout")])
        await fixture.database.holdReads()

        // When the user taps it: the app launches and gets the tap before its data
        let outcome = try await fixture.tapReminder(of: "workout")
        let app = try await fixture.app()
        #expect(outcome.launched && outcome.stateAfter == .foreground)
        #expect(outcome.events.map(\.date) == [instant("2026-06-01T09:05"), instant("2026-06-01T09:05")])
        #expect(!app.library.isLoaded)
        #expect(app.router.shown.isEmpty)
        #expect(fixture.engineStore.load().queuedResponses.count == 1)

        // And the goals load three virtual seconds later
        await fixture.device.advance(by: 3)
        await fixture.database.releaseReads()
        await app.untilReady()

        // Then data entry opens, at the very instant the app became ready, once
        let readyAt = try #require(await app.readyAt)
        #expect(readyAt == instant("2026-06-01T09:05:03"))
        #expect(app.router.shown == [GoalRouter.Shown(
            screen: .dataEntry(goalID: "workout", questionID: "minutes"), date: readyAt)])
        try await fixture.expectOnlyActiveGoalsPending()
    }

    @Test("Case 5: five goals, two deactivated and one deleted elsewhere, each tap routed right and in order")
    func fiveGoalsEachRouteRight() async throws {
        // Given five goals reminded at 09:00 ... 09:04, delivered while the app was not
        // running, two of them then paused and one deleted on another device
        let goals = (0..<5).map { makeGoal("g\($0)", "Goal \($0)", minute: $0) }
        let fixture = try await makeDeliveredReminders(goals)
        await fixture.database.save(makeGoal("g1", "Goal 1", minute: 1, isActive: false))
        await fixture.database.save(makeGoal("g3", "Goal 3", minute: 3, isActive: false))
        await fixture.database.delete(["g4"])
        await fixture.database.holdReads()

        // When the user taps all five, the first one launching the app
        for goal in goals { try await fixture.tapReminder(of: goal.id) }
        #expect(try await fixture.shownScreens().isEmpty)
        await fixture.database.releaseReads()
        try await fixture.app().untilReady()

        // Then each gets its screen, in the order tapped, once
        #expect(try await fixture.shownScreens() == [
            .dataEntry(goalID: "g0", questionID: "minutes"),
            .pausedPlaceholder(title: "Goal 1"),
            .dataEntry(goalID: "g2", questionID: "minutes"),
            .pausedPlaceholder(title: "Goal 3"),
            .missingPlaceholder,
        ])
        #expect(await fixture.device.launchCount == 2)
        try await fixture.expectOnlyActiveGoalsPending()
    }

    @Test("Case 5, edited in the app: only the three active goals' reminders fire")
    func fiveGoalsEditedInTheAppOnlyActiveOnesFire() async throws {
        // Given five goals, two paused and one deleted in the app
        let goals = (0..<5).map { makeGoal("g\($0)", "Goal \($0)", minute: $0) }
        let fixture = await makeGoalTracker(goals)
        let app = try await fixture.launchAndWait()
        try await app.pause("g1")
        try await app.pause("g3")
        try await app.delete(["g4"])
        try await fixture.device.moveToBackground()

        // When the reminders come due
        let delivered = await fixture.device.advance(to: instant("2026-06-01T09:10"))

        // Then only the active goals' fire, and each tap opens data entry
        #expect(delivered.compactMap(\.notification.request.heraldIdentifier?.entity.id) == ["g0", "g2"])
        try await fixture.tapReminder(of: "g0")
        try await fixture.tapReminder(of: "g2")
        #expect(try await fixture.shownScreens() == [
            .dataEntry(goalID: "g0", questionID: "minutes"), .dataEntry(goalID: "g2", questionID: "minutes"),
        ])
        try await fixture.expectOnlyActiveGoalsPending()
    }

    @Test("A payload naming a question the goal no longer has opens the goal's data entry")
    func removedQuestionOpensGoalDataEntry() async throws {
        let fixture = try await makeDeliveredReminders([makeGoal("workout")])
        var edited = makeGoal("workout")
        edited.questions.removeFirst()
        await fixture.database.save(edited)

        try await fixture.tapReminder(of: "workout")
        try await fixture.app().untilReady()

        #expect(try await fixture.shownScreens() == [.dataEntry(goalID: "workout", questionID: nil)])
        try await fixture.expectOnlyActiveGoalsPending()
    }
}
