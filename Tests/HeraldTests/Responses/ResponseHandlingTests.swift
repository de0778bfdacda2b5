import Foundation
import HeraldSimulator
import Testing
@testable import Herald

@Suite struct ResponseHandlingTests {
    struct Fixture {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let source: TestReminderSource
        let engine: Engine
        let responder = RecordingResponder()
    }

    static let reminderCategory = ReminderCategory(
        identifier: "habit.reminder",
        actions: [
            .complete("done", title: "Done"),
            .snooze("snooze-5", title: "Snooze 5 min", for: 300),
            .remindTomorrow("tomorrow", title: "Remind Tomorrow"),
            .textInput("note", title: "Note", button: "Save"),
            .custom("share", title: "Share"),
        ],
        reportsDismissal: true,
        foreground: .inAppPrompt)

    func makeFixture(_ rules: [ReminderRule], configuration: PlannerConfiguration = PlannerConfiguration()) -> Fixture {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let source = TestReminderSource(rules, categoryIdentifier: "habit.reminder")
        let engine = Engine(center: center, source: source, clock: clock, configuration: configuration,
                            categories: try! CategoryRegistry([Self.reminderCategory]))
        return Fixture(clock: clock, center: center, source: source, engine: engine)
    }

    func delivered(_ fixture: Fixture, _ entity: String) async -> DeliveredNotification {
        await fixture.center.deliveredNotifications().last { $0.request.heraldIdentifier?.entity.id == entity }!
    }

    func respond(_ fixture: Fixture, to notification: DeliveredNotification, with action: String = NotificationResponse.defaultActionIdentifier,
                 text: String? = nil) async {
        await fixture.engine.received(NotificationResponse(notification: notification, actionIdentifier: action, userText: text))
    }

    @Test func responsesWaitForTheAppAndAreHandedOverOnceInOrder() async throws {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"]), Fixtures.dailyRule("walk", at: ["09:05"])])
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:10"))
        let water = await delivered(fixture, "water"), walk = await delivered(fixture, "walk")

        // Given two taps (one arriving twice) before the app is ready
        await respond(fixture, to: water)
        await respond(fixture, to: water)
        await respond(fixture, to: walk)
        #expect(fixture.responder.routes.isEmpty)

        // When the app says it is ready
        await fixture.engine.ready(fixture.responder)

        // Then each is handed over once, in order, at that instant
        #expect(fixture.responder.routes.map(\.notification.request.identifier) == [water.request.identifier, walk.request.identifier])
        #expect(fixture.responder.routes.allSatisfy { $0.action == .open })
        // And the same response arriving again later is not handed over again
        await respond(fixture, to: water)
        #expect(fixture.responder.routes.count == 2)
        #expect(try fixture.engine.store.load().queuedResponses.isEmpty)
    }

    @Test func routesTellReadyInactiveMissingAndInvalidApart() async {
        let fixture = makeFixture([Fixtures.dailyRule("a", at: ["09:00"]), Fixtures.dailyRule("b", at: ["09:01"]),
                                   Fixtures.dailyRule("c", at: ["09:02"])])
        await fixture.engine.launched()
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:05"))
        fixture.responder.set(Fixtures.habit("a"), .ready(title: "Read"))
        fixture.responder.set(Fixtures.habit("b"), .inactive(title: "Run"))
        fixture.responder.set(Fixtures.habit("c"), .missing)
        await fixture.engine.ready(fixture.responder)
        // (What the user answered asks nothing more and leaves the list: `a` is kept first.)
        let a = await delivered(fixture, "a")
        for entity in ["a", "b", "c"] { await respond(fixture, to: await delivered(fixture, entity)) }
        var future = a
        future.request.identifier = "herald-from-a-newer-version"
        future.request.content.userInfo["herald"] = ["v": 7]
        await respond(fixture, to: future)
        var legacy = a
        legacy.request.identifier = "legacy-goal-reminder"
        legacy.request.content.userInfo = ["goalId": "G-1"]
        await respond(fixture, to: legacy)

        #expect(fixture.responder.routes.map(\.destination) == [
            .ready(Fixtures.habit("a"), title: "Read"), .inactive(Fixtures.habit("b"), title: "Run"),
            .missing(Fixtures.habit("c")), .invalid(.unsupportedSchemaVersion(7)), .invalid(.notHerald),
        ])
    }

    @Test func completeRecordsRemovesTheDaysDeliveredAndRenumbers() async throws {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00", "12:00", "18:00"]),
                                   Fixtures.dailyRule("walk", at: ["13:00"])])
        await fixture.engine.launched()
        await fixture.engine.ready(fixture.responder)
        await fixture.center.advance(to: Fixtures.date("2026-11-21T12:30"))
        #expect(await fixture.center.badgeCount == 2)

        await respond(fixture, to: await delivered(fixture, "water"), with: "done")

        #expect(fixture.responder.routes.last?.effect == .completed(LocalDate(year: 2026, month: 11, day: 21)))
        #expect(try fixture.engine.store.load().isCompleted(Fixtures.habit("water"), on: LocalDate(year: 2026, month: 11, day: 21)))
        #expect(await fixture.center.deliveredNotifications().isEmpty)
        #expect(await fixture.center.badgeCount == 0)
        let rest = await fixture.center.advance(to: Fixtures.date("2026-11-21T23:00"))
        #expect(rest.map(\.request.content.title) == ["walk"])
        #expect(rest.map(\.request.content.badge) == [1])
    }

    @Test func snoozeReplacesAndUsesTheReserve() async throws {
        // Given a full budget of reminders
        let rules = (0..<30).map { Fixtures.dailyRule("h\($0)", at: [String(format: "09:%02d", $0), String(format: "20:%02d", $0)]) }
        let fixture = makeFixture(rules)
        await fixture.engine.launched()
        await fixture.engine.ready(fixture.responder)
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:00"))
        let first = await delivered(fixture, "h0")

        // When the user snoozes it, and snoozes the snooze when it comes back
        await respond(fixture, to: first, with: "snooze-5")
        #expect(await fixture.center.deliveredNotifications().allSatisfy { $0.request.identifier != first.request.identifier })
        let back = await fixture.center.advance(to: Fixtures.date("2026-11-21T09:05"))
        let snoozed = try #require(back.first { $0.request.heraldIdentifier?.kind == .snooze })
        #expect(snoozed.request.heraldIdentifier?.entity.id == "h0")
        await respond(fixture, to: snoozed, with: "snooze-5")

        // Then there is one snooze request, for 5 minutes after the second snooze, and
        // the 54 planned reminders are still pending beside it
        let pending = await fixture.center.pendingNotificationRequests().compactMap(\.heraldIdentifier)
        #expect(pending.filter { $0.kind == .snooze }.count == 1)
        #expect(pending.filter { $0.kind == .reminder }.count == 54)
        #expect(fixture.responder.routes.last?.effect == .snoozed(until: Fixtures.date("2026-11-21T09:10")))
        let fired = await fixture.center.advance(to: Fixtures.date("2026-11-21T09:11"))
        #expect(fired.compactMap(\.request.heraldIdentifier).filter { $0.kind == .snooze }.map(\.entity.id) == ["h0"])
        // Snoozing the same response twice (the platform repeating itself) changes nothing
        await respond(fixture, to: snoozed, with: "snooze-5")
        #expect(fixture.responder.routes.count == 2)
    }

    @Test func remindTomorrowSilencesTheRestOfTheDay() async {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00", "12:00", "18:00"])])
        await fixture.engine.launched()
        await fixture.engine.ready(fixture.responder)
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:01"))
        await respond(fixture, to: await delivered(fixture, "water"), with: "tomorrow")
        #expect(await fixture.center.advance(to: Fixtures.date("2026-11-21T23:59")).isEmpty)
        #expect(await fixture.center.advance(to: Fixtures.date("2026-11-22T09:01")).count == 1)
        #expect(try! fixture.engine.store.load().completions.isEmpty)
    }

    @Test func textDismissAndCustomActionsReachTheApp() async {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00"])])
        await fixture.engine.launched()
        await fixture.engine.ready(fixture.responder)
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:01"))
        let notification = await delivered(fixture, "water")
        await respond(fixture, to: notification, with: "note", text: "two glasses")
        await respond(fixture, to: notification, with: NotificationResponse.dismissActionIdentifier)
        await respond(fixture, to: notification, with: "share")
        let routes = fixture.responder.routes
        #expect(routes.map(\.action) == [.textInput, .dismiss, .custom("share")])
        #expect(routes.first?.text == "two glasses")
        #expect(routes.allSatisfy { $0.effect == .none })
    }

    @Test func followUpFiresOnceUnlessTheUserActs() async {
        var rule = Fixtures.dailyRule("stretch", at: ["10:00", "15:00"])
        rule.followUpAfter = 1800
        let fixture = makeFixture([rule])
        await fixture.engine.launched()
        await fixture.engine.ready(fixture.responder)

        // Nobody acts on 10:00: one follow-up at 10:30
        let morning = await fixture.center.advance(to: Fixtures.date("2026-11-21T11:00"))
        #expect(morning.compactMap(\.request.heraldIdentifier).map(\.kind) == [.reminder, .followUp])
        #expect(morning.last?.date == Fixtures.date("2026-11-21T10:30"))

        // The user taps 15:00 at once: its follow-up is withdrawn
        await fixture.center.advance(to: Fixtures.date("2026-11-21T15:00"))
        await respond(fixture, to: await delivered(fixture, "stretch"))
        let afternoon = await fixture.center.advance(to: Fixtures.date("2026-11-21T16:00"))
        #expect(afternoon.isEmpty)

        // Completing the entity withdraws tomorrow's follow-ups too
        await fixture.center.advance(to: Fixtures.date("2026-11-22T10:05"))
        _ = try? await fixture.engine.completed(Fixtures.habit("stretch"))
        #expect(await fixture.center.advance(to: Fixtures.date("2026-11-22T23:00")).isEmpty)
    }

    @Test func theFiredLogRecordsEveryDeliveryOnceOfEveryKind() async throws {
        var rule = Fixtures.dailyRule("water", at: ["09:00"])
        rule.followUpAfter = 600
        let fixture = makeFixture([rule])
        await fixture.engine.launched()
        try await fixture.engine.post(ImmediateEvent(
            entity: EntityReference(namespace: "achievement", id: "first"), name: "unlocked", token: "first",
            content: NotificationContent(title: "First!")))
        // Delivered while the app is not running: nobody calls willPresent
        await fixture.center.advance(to: Fixtures.date("2026-11-21T09:11"))
        await fixture.engine.becameActive()
        await fixture.engine.becameActive()
        let kinds = try fixture.engine.store.load().fired.values.map(\.identifier.kind).sorted { $0.rawValue < $1.rawValue }
        #expect(kinds == [.event, .followUp, .reminder])
    }

    @Test func foregroundPromptCarriesTheActionsAndRunsTheSameHandler() async throws {
        let fixture = makeFixture([Fixtures.dailyRule("water", at: ["09:00", "18:00"])])
        await fixture.engine.launched()
        await fixture.engine.ready(fixture.responder)
        let notification = try #require(await fixture.center.advance(to: Fixtures.date("2026-11-21T09:00")).first)

        let decision = await fixture.engine.willPresent(notification)
        guard case .prompt(let prompt) = decision else {
            Issue.record("expected an in-app prompt, got \(decision)")
            return
        }
        #expect(decision.systemOptions.isEmpty)
        #expect(prompt.actions.map(\.title) == ["Done", "Snooze 5 min", "Remind Tomorrow", "Note", "Share", "Dismiss"])

        await fixture.engine.chose("done", in: prompt)
        #expect(fixture.responder.routes.last?.effect == .completed(LocalDate(year: 2026, month: 11, day: 21)))
        #expect(await fixture.center.advance(to: Fixtures.date("2026-11-21T23:00")).isEmpty)
    }

    @Test func eventsUseTheReserveAndNeverPushRemindersOut() async throws {
        let rules = (0..<30).map { Fixtures.dailyRule("h\($0)", at: [String(format: "09:%02d", $0)]) }
        let fixture = makeFixture(rules, configuration: PlannerConfiguration(reserve: 3))
        await fixture.engine.launched()
        func event(_ token: String) -> ImmediateEvent {
            try! ImmediateEvent(entity: EntityReference(namespace: "game", id: "wordle"), name: "imported", token: token,
                           content: NotificationContent(title: "Result imported", badge: 9), delay: 3600)
        }
        for token in ["1", "2", "3"] { try await fixture.engine.post(event(token)) }
        await #expect(throws: EngineError.self) { try await fixture.engine.post(event("4")) }
        let pending = await fixture.center.pendingNotificationRequests()
        #expect(pending.count == 64)
        #expect(pending.filter { $0.heraldIdentifier?.kind == .reminder }.count == 61)
        #expect(pending.filter { $0.heraldIdentifier?.kind == .event }.allSatisfy { $0.content.badge == nil })
        #expect(await fixture.center.droppedRequests.isEmpty)
    }

    @Test func categoriesAreRegisteredOnLaunchWhileAuthorizedAndWhenGranted() async throws {
        let clock = VirtualClock(now: Fixtures.date("2026-11-21T08:00"), timeZone: Fixtures.berlin)
        let registry = try CategoryRegistry([Self.reminderCategory])
        // Already authorized: registered at launch, without any prompt
        let authorized = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        await Engine(center: authorized, source: TestReminderSource([]), clock: clock, categories: registry).launched()
        #expect(await authorized.notificationCategories() == registry.notificationCategories)
        #expect(await authorized.callCounts.authorizationPrompts == 0)

        // Not asked yet: nothing at launch, registered the moment the user says yes
        let fresh = SimulatedNotificationCenter(clock: clock, authorization: .notDetermined)
        let engine = Engine(center: fresh, source: TestReminderSource([]), clock: clock, categories: registry)
        await engine.launched()
        #expect(await fresh.notificationCategories().isEmpty)
        #expect(try await engine.requestAuthorization())
        #expect(await fresh.notificationCategories() == registry.notificationCategories)

        // Granted later in Settings: registered when the app comes back
        let denied = SimulatedNotificationCenter(clock: clock, authorization: .denied)
        let later = Engine(center: denied, source: TestReminderSource([]), clock: clock, categories: registry)
        await later.launched()
        await denied.setAuthorizationStatus(.authorized)
        await later.becameActive()
        #expect(await denied.notificationCategories() == registry.notificationCategories)
    }
}
