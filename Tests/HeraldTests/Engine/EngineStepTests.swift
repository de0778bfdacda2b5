import Foundation
import Testing
@testable import Herald

/// The pure step of each app event, against hand-worked expectations: what it records,
/// and how its run is filed.
@Suite struct EngineStepTests {
    let now = Fixtures.date("2026-11-21T10:00")

    func inputs(_ state: EngineState = EngineState(), delivered: [DeliveredNotification] = [],
                pending: [NotificationRequest] = [], authorization: AuthorizationStatus = .authorized,
                reserve: Int = 2, categories: CategoryRegistry = .empty) -> EngineStep.Inputs {
        EngineStep.Inputs(now: now, deviceZone: Fixtures.berlin, state: state, delivered: delivered, pending: pending,
                          authorization: authorization, reserve: reserve, categories: categories)
    }

    func identifier(_ entity: String, at text: String) -> NotificationIdentifier {
        Fixtures.delivered(entity, at: text).request.heraldIdentifier!
    }

    // MARK: Deletions

    @Test func aDeletionCoversWhatWasDeliveredPostedOrFiredAfterTheClockWasSetBack() throws {
        // Given the clock set back to 10:00 after a delivery of `a` at 11:00, a post of
        // `b` at 10:30 and a delivery of `c` logged at 12:00
        var state = EngineState()
        let posted = identifier("b", at: "2026-11-21T10:30")
        state.postedEvents[posted] = PostedEvent(identifier: posted, content: NotificationContent(title: "b"),
                                                 fireDate: Fixtures.date("2026-11-21T10:30"),
                                                 postedAt: Fixtures.date("2026-11-21T10:30"))
        let fired = FiredRecord(identifier: identifier("c", at: "2026-11-21T12:00"), date: Fixtures.date("2026-11-21T12:00"))
        state.fired[fired.key] = fired
        let delivered = [Fixtures.delivered("a", at: "2026-11-21T11:00")]

        // When `a`, `b`, `c` and `d` are deleted
        let outcome = try EngineStep.outcome(
            of: .deleted([Fixtures.habit("a"), Fixtures.habit("b"), Fixtures.habit("c"), Fixtures.habit("d")]),
            given: inputs(state, delivered: delivered))

        // Then each is forgotten, deleted at the latest of now and what it has: a 11:00,
        // b 10:30, c 12:00, d now (10:00)
        #expect(outcome.changes == [
            .forget(Fixtures.habit("a")), .recordDeletion(Fixtures.habit("a"), at: Fixtures.date("2026-11-21T11:00")),
            .forget(Fixtures.habit("b")), .recordDeletion(Fixtures.habit("b"), at: Fixtures.date("2026-11-21T10:30")),
            .forget(Fixtures.habit("c")), .recordDeletion(Fixtures.habit("c"), at: Fixtures.date("2026-11-21T12:00")),
            .forget(Fixtures.habit("d")), .recordDeletion(Fixtures.habit("d"), at: now),
        ])
        #expect(EngineStep.needs(of: .deleted([])) == [.delivered, .wholeState])
    }

    @Test func aReplaceAllForgetsWhatHeraldHasOfTheNamespaceThatWasNotKept() throws {
        // Given Herald knows habit/run (pending), habit/read (delivered), habit/old
        // (paused), habit/water (completed) and goal/x (paused, another namespace)
        var state = EngineState(paused: [Fixtures.habit("old"), EntityReference(namespace: "goal", id: "x")])
        let water = Completion(entity: Fixtures.habit("water"), day: LocalDate(year: 2026, month: 11, day: 21), date: now)
        state.completions[EntityDay(water.entity, water.day)] = water
        let pending = [Fixtures.delivered("run", at: "2026-11-21T18:00").request]
        let delivered = [Fixtures.delivered("read", at: "2026-11-21T09:00")]

        // When an import keeps only water, paused
        let outcome = try EngineStep.outcome(
            of: .replacedAll(namespace: "habit", remaining: [Fixtures.habit("water")], paused: [Fixtures.habit("water")]),
            given: inputs(state, delivered: delivered, pending: pending))

        // Then old, read and run go (read at its delivery, the others now), goal/x stays,
        // and water is paused
        #expect(outcome.changes == [
            .forget(Fixtures.habit("old")), .recordDeletion(Fixtures.habit("old"), at: now),
            .forget(Fixtures.habit("read")), .recordDeletion(Fixtures.habit("read"), at: now),
            .forget(Fixtures.habit("run")), .recordDeletion(Fixtures.habit("run"), at: now),
            .pause(Fixtures.habit("water")),
        ])
    }

    // MARK: Posted events

    @Test func aPostTakesAReserveSlotOnlyWhileOneIsFree() throws {
        // Given a reserve of 2, one posted event waiting to fire and one snooze running
        var state = EngineState()
        let waiting = identifier("news", at: "2026-11-21T10:05")
        state.postedEvents[waiting] = PostedEvent(identifier: waiting, content: NotificationContent(title: "news"),
                                                  fireDate: Fixtures.date("2026-11-21T10:05"), postedAt: now)
        let snoozed = identifier("water", at: "2026-11-21T09:00")
        state.snoozes[snoozed] = SnoozeRecord(original: snoozed, until: Fixtures.date("2026-11-21T10:10"))
        let event = try ImmediateEvent(entity: Fixtures.habit("streak"), name: "kept", token: "1",
                                       content: NotificationContent(title: "Streak kept"), delay: 2.3)

        // Then a new post finds the reserve full
        #expect(throws: EngineError.reserveFull(2, event: event.identifier)) {
            try EngineStep.outcome(of: .posted(event), given: inputs(state))
        }

        // And once the snooze has fired (10:10 passed), it is kept, due 3 s from now
        // (2.3 s rounded up to a whole second)
        state.snoozes[snoozed] = SnoozeRecord(original: snoozed, until: Fixtures.date("2026-11-21T09:55"))
        let outcome = try EngineStep.outcome(of: .posted(event), given: inputs(state))
        #expect(outcome.changes == [.postEvent(PostedEvent(
            identifier: event.identifier, content: event.content, fireDate: now.addingTimeInterval(3), postedAt: now))])
        #expect(outcome.reason == .posted(event))
    }

    @Test func postingTheSameIdentifierAgainDoesNotCountItself() throws {
        // Given a reserve of 1 held by the very event posted again
        let event = try ImmediateEvent(entity: Fixtures.habit("streak"), name: "kept", token: "1",
                                       content: NotificationContent(title: "Streak kept"))
        var state = EngineState()
        state.postedEvents[event.identifier] = PostedEvent(identifier: event.identifier, content: event.content,
                                                           fireDate: now.addingTimeInterval(60), postedAt: now)
        // Then it replaces itself
        let outcome = try EngineStep.outcome(of: .posted(event), given: inputs(state, reserve: 1))
        #expect(outcome.changes.count == 1)
    }

    // MARK: Positions

    func routeState(routeNotificationsEnabled: Bool = true) throws -> EngineState {
        let gate = Coordinate(latitude: 52.52, longitude: 13.405)
        let session = try RouteSession(id: "walk", name: "Walk", waypoints: [Waypoint(id: "gate", name: "Gate", coordinate: gate)],
                                       proximityThreshold: 50)
        return EngineState(routeSession: RouteSessionState(session: session, startedAt: now.addingTimeInterval(-600)),
                           routeNotificationsEnabled: routeNotificationsEnabled)
    }

    func visitOutcomes(_ outcome: EngineStep.Outcome) -> [RouteNotificationOutcome] {
        outcome.routeChanges.compactMap {
            if case .recordRouteVisit(_, let visit) = $0 { visit.outcome } else { nil }
        }
    }

    @Test func aPositionAtAWaypointIsFiledAsReachedAndSuppressedWhenNotificationsAreOff() throws {
        let gate = Coordinate(latitude: 52.52, longitude: 13.405)
        let away = Coordinate(latitude: 52.53, longitude: 13.405)   // about 1.1 km north

        // Away from the only waypoint: the position is kept, nothing is reached
        let idle = try EngineStep.outcome(of: .position(away), given: inputs(try routeState()))
        #expect(idle.reason == .position(away))
        #expect(idle.changes == [.setPosition(away)])
        // ... which is what the engine records without reading the state when it knows
        // the position reaches no waypoint; an invalid position records nothing
        #expect(EngineStep.recording(away) == [.setPosition(away)])
        #expect(EngineStep.recording(Coordinate(latitude: 91, longitude: 0)).isEmpty)

        // At it, authorized and on: reached and sent
        let sent = try EngineStep.outcome(of: .position(gate), given: inputs(try routeState()))
        #expect(sent.reason == .waypointReached(gate))
        #expect(visitOutcomes(sent) == [.sent])

        // With the app's switch off, or without authorization: recorded, suppressed, and why
        let off = try EngineStep.outcome(of: .position(gate), given: inputs(
            try routeState(routeNotificationsEnabled: false)))
        #expect(visitOutcomes(off) == [.suppressed(.notificationsOff)])
        let denied = try EngineStep.outcome(of: .position(gate), given: inputs(try routeState(), authorization: .denied))
        #expect(visitOutcomes(denied) == [.suppressed(.notAuthorized(.denied))])
    }

    // MARK: Presentation

    @Test func aPromptCategoryBuildsAnInAppPromptWithItsActionsAndADismiss() throws {
        let categories = try CategoryRegistry([ReminderCategory(
            identifier: "break", actions: [ReminderCategory.Action(identifier: "done", title: "Done", kind: .complete)],
            foreground: .inAppPrompt)])
        let plain = Fixtures.delivered("water", at: "2026-11-21T09:00")
        var prompted = plain
        prompted.request.content.categoryIdentifier = "break"

        let outcome = try EngineStep.outcome(of: .presented(prompted), given: inputs(categories: categories))
        #expect(outcome.changes == [.recordFired(FiredRecord(identifier: plain.request.heraldIdentifier!, date: plain.date))])
        #expect(outcome.presentation == .prompt(InAppPrompt(
            notification: prompted, title: "water", body: "", actions: [
                InAppPrompt.Action(identifier: "done", title: "Done", kind: .complete),
                InAppPrompt.Action(identifier: NotificationResponse.dismissActionIdentifier, title: "Dismiss", kind: .dismiss),
            ])))
        // A notification of no known category is shown as the system shows it
        #expect(EngineStep.presentation(of: plain, categories: categories) == .system(.all))
        #expect(EngineEvent.presented(plain).asksForRun == false)
    }

    // MARK: Planning input

    @Test func thePlanningInputKeepsTwoDaysOfFiredHistoryAndTheRoutesPendingCompletion() throws {
        // Given fired records 47 and 49 hours old
        var state = EngineState(paused: [Fixtures.habit("old")])
        for hours in [47.0, 49.0] {
            let record = FiredRecord(identifier: identifier("water", at: "2026-11-19T09:00"),
                                     date: now.addingTimeInterval(-hours * 3600))
            state.fired[record.key + "\(hours)"] = record
        }
        let input = PlanningInput(now: now, deviceZone: Fixtures.berlin, rules: [], state: state, route: nil,
                                  capacity: 64, foreignRequests: 3, historyWindow: 2 * 86_400) { _ in true }
        // Then only the one within 48 hours is planned from, and the rest is carried over
        #expect(input.fired.map(\.date) == [now.addingTimeInterval(-47 * 3600)])
        #expect(input.paused == [Fixtures.habit("old")])
        #expect(input.foreignRequests == 3)
        #expect(input.routeCompletion == nil && input.routeCompletionIsPending == false)
    }
}
