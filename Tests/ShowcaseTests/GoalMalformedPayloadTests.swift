import Foundation
import Herald
import HeraldSimulator
import ShowcaseGoals
import Testing

/// Seed 000, phase 5: a notification whose payload cannot be used (an old app
/// version's, a corrupted one) is classified, logged by Herald, opens nothing, and never
/// crashes the app, which goes on routing the next tap.
@Suite struct GoalMalformedPayloadTests {
    /// A payload and the reason it is refused.
    struct Malformed: Sendable, CustomTestStringConvertible {
        var name: String
        var userInfo: [String: JSONValue]
        var reason: String
        var testDescription: String { name }
    }

    /// A well-formed Herald entry for goal "workout", to break one field at a time.
    static func heraldEntry(_ change: (inout [String: JSONValue]) -> Void) -> [String: JSONValue] {
        var entry = HeraldPayload(identifier: NotificationIdentifier(
            entity: EntityReference(namespace: Goal.namespace, id: "workout"), rule: "daily",
            occurrence: OccurrenceKey(rawValue: "20260601T0900"), kind: .reminder)).dictionary
        change(&entry)
        return [HeraldPayload.userInfoKey: .object(entry), Goal.questionKey: "minutes"]
    }

    static let cases: [Malformed] = [
        Malformed(name: "missing key", userInfo: heraldEntry { $0["entity"] = nil }, reason: "missingKey(entity)"),
        Malformed(name: "wrong type", userInfo: heraldEntry { $0["entity"] = 42 }, reason: "wrongType(entity)"),
        Malformed(name: "unknown schema version", userInfo: heraldEntry { $0["v"] = 99 },
                  reason: "unsupportedSchemaVersion(99)"),
        Malformed(name: "unknown kind", userInfo: heraldEntry { $0["kind"] = "carrier-pigeon" },
                  reason: "unknownKind(carrier-pigeon)"),
        Malformed(name: "malformed id", userInfo: heraldEntry { $0["entity"] = "" }, reason: "malformedValue(entity)"),
        Malformed(name: "oversized", userInfo: heraldEntry { _ in }.merging(["note": .string(String(repeating: "x", count: 5_000))]) { $1 },
                  reason: "oversized"),
        Malformed(name: "herald entry not an object", userInfo: [HeraldPayload.userInfoKey: "goal/workout"],
                  reason: "wrongType(herald)"),
        Malformed(name: "legacy goalId-only payload", userInfo: ["goalId": "7F3A", "questionId": "Q1"],
                  reason: "notHerald"),
    ]

    /// The goal tracker running in the background, ready, with a foreign request carrying
    /// `userInfo` delivered at 08:01.
    func makeDelivered(_ userInfo: [String: JSONValue]) async throws -> (GoalTrackerFixture, String) {
        let fixture = await makeGoalTracker([makeGoal("workout")])
        try await fixture.launchAndWait(into: .background)
        let identifier = "legacy-goal-reminder"
        try await fixture.center.add(NotificationRequest(
            identifier: identifier,
            content: NotificationContent(title: "Workout", categoryIdentifier: GoalTrackerApp.reminderCategory.identifier,
                                         userInfo: userInfo),
            trigger: .timeInterval(60, repeats: false)))
        await fixture.device.advance(to: instant("2026-06-01T08:01"))
        return (fixture, identifier)
    }

    @Test("An unusable payload is classified and opens nothing", arguments: cases)
    func malformedPayloadIsClassified(_ malformed: Malformed) async throws {
        // Given a delivered notification with an unusable payload
        let (fixture, identifier) = try await makeDelivered(malformed.userInfo)

        // When the user taps it
        let outcome = try await fixture.device.tap(identifier)

        // Then the app is in the foreground, shows nothing new, and the route says why
        #expect(outcome.stateAfter == .foreground)
        let shown = try await fixture.shownScreens()
        #expect(shown.count == 1)
        guard case .unchanged(let reason) = shown.first else {
            Issue.record("expected an unusable-payload route, got \(shown)")
            return
        }
        #expect(reason.caseName == malformed.reason)

        // And the next tap of a real reminder is routed as usual
        await fixture.device.advance(to: instant("2026-06-01T09:00"))
        try await fixture.tapReminder(of: "workout")
        #expect(try await fixture.shownScreens().last == .dataEntry(goalID: "workout", questionID: "minutes"))
        try await fixture.expectOnlyActiveGoalsPending()
    }

    @Test("An unusable payload arriving at cold launch is classified once the app is ready")
    func malformedPayloadAtColdLaunch() async throws {
        let (fixture, identifier) = try await makeDelivered(["goalId": "7F3A"])
        await fixture.device.terminate()
        await fixture.database.holdReads()

        try await fixture.device.tap(identifier)
        await fixture.database.releaseReads()
        try await fixture.app().untilReady()

        #expect(try await fixture.shownScreens() == [.unchanged(.notHerald)])
        try await fixture.expectOnlyActiveGoalsPending()
    }
}
