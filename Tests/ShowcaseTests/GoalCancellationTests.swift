import Foundation
import Herald
import HeraldSimulator
import ShowcaseGoals
import Testing

/// Seed 000, problems 3 and 4: pausing a goal, deleting one or many, and an import that
/// replaces all goals each cancel the affected goals' pending and delivered
/// notifications, and nothing else.
@Suite struct GoalCancellationTests {
    /// One way the user takes goals away.
    enum Edit: String, CaseIterable, Sendable {
        case pauseOne, deleteOne, deleteMany, importReplacingAll

        /// The goals whose notifications must be gone afterwards.
        var affected: Set<String> {
            switch self {
            case .pauseOne, .deleteOne: ["b"]
            case .deleteMany: ["a", "b", "c"]
            case .importReplacingAll: ["a", "b"]
            }
        }

        func apply(to app: GoalTrackerApp) async throws {
            switch self {
            case .pauseOne: try await app.pause("b")
            case .deleteOne: try await app.delete(["b"])
            case .deleteMany: try await app.delete(["a", "b", "c"])
            case .importReplacingAll:
                try await app.importReplacingAll(with: [makeGoal("c", minute: 20), makeGoal("d", minute: 30),
                                                        makeGoal("e", "Imported", minute: 40)])
            }
        }
    }

    /// Goals a, b, c, d reminded at 09:00, 09:10, 09:20, 09:30, the app in the foreground at
    /// 09:15: a's and b's reminders delivered, everything else pending.
    func makeDeliveredAndPending() async throws -> (GoalTrackerFixture, GoalTrackerApp) {
        let goals = ["a", "b", "c", "d"].enumerated().map { makeGoal($1, minute: $0 * 10) }
        let fixture = await makeGoalTracker(goals)
        let app = try await fixture.launchAndWait()
        await fixture.device.advance(to: instant("2026-06-01T09:15"))
        #expect(await fixture.center.heraldDelivered().map(\.entity.id) == ["a", "b"])
        #expect(await fixture.goalsWithPendingReminders() == ["a", "b", "c", "d"])
        return (fixture, app)
    }

    @Test("Pausing, deleting one or many, and import-replace cancel pending and delivered", arguments: Edit.allCases)
    func editCancelsPendingAndDelivered(_ edit: Edit) async throws {
        // Given delivered and pending reminders of four goals
        let (fixture, app) = try await makeDeliveredAndPending()

        // When the user takes some goals away
        try await edit.apply(to: app)

        // Then nothing of the affected goals is pending or delivered, the others keep
        // theirs, and the badge counts what is left in the list
        let pending = await fixture.goalsWithPendingReminders()
        let delivered = Set(await fixture.center.heraldDelivered().map(\.entity.id))
        #expect(pending.isDisjoint(with: edit.affected))
        #expect(delivered.isDisjoint(with: edit.affected))
        #expect(delivered == Set(["a", "b"]).subtracting(edit.affected))
        #expect(await fixture.center.badgeCount == delivered.count)
        // And later days bring nothing of them either
        let later = await fixture.device.advance(to: instant("2026-06-03T23:00"))
        #expect(Set(later.compactMap(\.notification.request.heraldIdentifier?.entity.id)).isDisjoint(with: edit.affected))
        try await fixture.expectOnlyActiveGoalsPending()
    }

    @Test("A paused goal that is resumed is reminded again")
    func resumedGoalIsRemindedAgain() async throws {
        let (fixture, app) = try await makeDeliveredAndPending()
        try await app.pause("c")
        #expect(!(await fixture.goalsWithPendingReminders()).contains("c"))

        try await app.resume("c")

        let presented = await fixture.device.advance(to: instant("2026-06-01T09:25"))
        #expect(presented.compactMap(\.notification.request.heraldIdentifier?.entity.id) == ["c"])
        try await fixture.expectOnlyActiveGoalsPending()
    }
}
