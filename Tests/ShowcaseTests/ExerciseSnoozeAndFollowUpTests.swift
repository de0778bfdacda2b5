import Foundation
import Herald
import HeraldSimulator
import ShowcaseExercise
import Testing

/// Seed 002: snoozing replaces instead of duplicating, and an unanswered break gets
/// exactly one follow-up.
@Suite struct ExerciseSnoozeAndFollowUpTests {
    /// The exercise app running in the background with the 09:00 break delivered.
    func makeBreakDelivered(followUpAfter: Double? = 600) async throws -> (ExerciseFixture, String) {
        let fixture = await makeExerciseApp(plan: makeExercisePlan(followUpAfter: followUpAfter))
        try await fixture.device.launch(into: .background)
        let presented = await fixture.device.advance(to: instant("2026-06-01T09:00"))
        return (fixture, try #require(presented.last).identifier)
    }

    @Test("Snoozing replaces the reminder; snoozing the snooze replaces it again; one snooze pending")
    func snoozeReplacesInsteadOfDuplicating() async throws {
        // Given the 09:00 break in the list
        let (fixture, nine) = try await makeBreakDelivered()

        // When the user snoozes it
        try await fixture.device.choose(action: ExerciseCategories.snoozeActionID, on: nine)

        // Then one snooze is pending, for 09:05, and the break left the list
        #expect(await fixture.pendingDates(.snooze) == [instant("2026-06-01T09:05")])
        #expect(await fixture.center.deliveredNotifications().isEmpty)

        // When the snooze comes back and the user snoozes it again
        let back = await fixture.device.advance(to: instant("2026-06-01T09:05"))
        let snoozed = try #require(back.last)
        #expect(snoozed.notification.request.heraldIdentifier?.kind == .snooze)
        #expect(snoozed.offeredActions.map(\.title) == ["Log Exercise", "Snooze 5 min"])
        try await fixture.device.choose(action: ExerciseCategories.snoozeActionID, on: snoozed.identifier)

        // Then there is still exactly one snooze, now for 09:10
        #expect(await fixture.pending(.snooze).count == 1)
        #expect(await fixture.pendingDates(.snooze) == [instant("2026-06-01T09:10")])

        // And it fires once, and nothing of the 09:00 break comes back besides
        let later = await fixture.device.advance(to: instant("2026-06-01T09:29"))
        #expect(later.compactMap(\.notification.request.heraldIdentifier?.kind) == [.snooze])
        await fixture.expectNothingUnexpectedPending()
    }

    @Test("An unanswered break gets one follow-up")
    func followUpFiresOnceWhenTheUserDoesNotAct() async throws {
        // Given the app not running
        let fixture = await makeExerciseApp()
        try await fixture.device.launch()
        await fixture.device.terminate()

        // When the 09:00 break goes unanswered until just before the next one
        let presented = await fixture.device.advance(to: instant("2026-06-01T09:29"))

        // Then its one follow-up came ten minutes later, with the gentler words
        #expect(presented.map(\.notification.date) == [instant("2026-06-01T09:00"), instant("2026-06-01T09:10")])
        #expect(presented.compactMap(\.notification.request.heraldIdentifier?.kind) == [.reminder, .followUp])
        #expect(presented.last?.notification.request.content.body.hasPrefix("Still sitting?") == true)
        await fixture.expectNothingUnexpectedPending()
    }

    /// What the user does with the 09:00 break a minute after it arrives.
    enum Answer: String, CaseIterable, Sendable { case tap, logExercise, snooze }

    @Test("A break the user answers gets no follow-up", arguments: Answer.allCases)
    func noFollowUpWhenTheUserActs(_ answer: Answer) async throws {
        // Given the 09:00 break in the list
        let (fixture, nine) = try await makeBreakDelivered()
        await fixture.device.advance(to: instant("2026-06-01T09:01"))

        // When the user answers it
        switch answer {
        case .tap: try await fixture.device.tap(nine)
        case .logExercise: try await fixture.device.choose(action: ExerciseCategories.logActionID, on: nine)
        case .snooze: try await fixture.device.choose(action: ExerciseCategories.snoozeActionID, on: nine)
        }

        // Then no follow-up of it comes (a snooze still does, once)
        let rest = await fixture.device.advance(to: instant("2026-06-01T09:29"))
        #expect(!rest.contains { $0.notification.request.heraldIdentifier?.kind == .followUp })
        #expect(rest.count == (answer == .snooze ? 1 : 0))
        await fixture.expectNothingUnexpectedPending()
    }
}
