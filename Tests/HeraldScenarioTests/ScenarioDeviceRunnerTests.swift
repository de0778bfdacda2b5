import Foundation
import Herald
import HeraldScenario
import HeraldSimulator
import Testing

/// Runs with the simulated device and user: the two seed examples, then small inline
/// scenarios for permission, text, readiness, crashes and events that cannot happen.
struct ScenarioDeviceRunnerTests {
    func makeResult(_ name: String) async throws -> ScenarioResult {
        try await ScenarioRunner(scenario: makeExample(name)).run()
    }

    func makeResult(body: String) async throws -> ScenarioResult {
        try await ScenarioRunner(scenario: makeScenario(body: body)).run()
    }

    func at(_ text: String, zone: String = "Europe/Berlin") throws -> Date {
        let local = try #require(LocalDateTime(parsing: text))
        return ZoneConverter.for(TimeZone(identifier: zone)!).instant(for: local).date
    }

    // MARK: Seed 000: goal tracker, cold launch

    @Test func coldLaunchTapIsRoutedAtTheInstantTheAppIsReady() async throws {
        // Given the goal tracker, not running, with goals that load 2 s after launch
        let result = try await makeResult("goal-cold-launch.yaml")

        // Then the first tap launched the app into the foreground and was routed when it was ready
        let route = try #require(result.routes.first)
        #expect(route.destination == .ready)
        #expect(route.title == "Read 20 pages")
        #expect(route.receivedAt == (try at("2026-11-21T09:05")))
        #expect(route.date == (try at("2026-11-21T09:05:02")))
        let nine = try at("2026-11-21T09:00")
        let ready = try #require(result.lifecycle.first { $0.change == .ready && $0.date > nine })
        #expect(ready.date == route.date)
        let launch = try #require(result.lifecycle.first { $0.change == .launched(.foreground) })
        #expect(launch.date == route.receivedAt)
    }

    @Test func goalsDeletedOrPausedElsewhereRouteMissingAndInactive() async throws {
        let result = try await makeResult("goal-cold-launch.yaml")

        // Then each tap has its own destination, once, with the app badge after it
        #expect(result.routes.map(\.destination) == [.ready, .missing, .inactive])
        #expect(result.routes[1].entity == EntityReference(namespace: "goal", id: "journal"))
        #expect(result.routes[2].title == "Morning run")
        #expect(result.routes.map(\.waited) == [2, 2, 2])
        #expect(result.routes.map(\.badge) == [2, 1, 0])
        // And nothing of the deleted or paused goal is left pending
        #expect(result.summary.pending == 14)
        #expect(result.summary.routes == 3)
    }

    @Test func notRunningAtTheStartPlansThenTerminates() async throws {
        let result = try await makeResult("goal-cold-launch.yaml")

        #expect(result.lifecycle.prefix(2).map(\.change) == [.launched(.background), .terminated])
        #expect(result.deliveries.allSatisfy { $0.appState == .notRunning })
        #expect(result.deliveries.allSatisfy { $0.presentation == .system })
    }

    // MARK: Seed 002: exercise breaks

    @Test func foregroundPromptListsTheActionsAndDismiss() async throws {
        let result = try await makeResult("exercise-breaks.yaml")

        // Then the 09:00 reminder in the foreground became a prompt, its banner silenced
        let first = try #require(result.deliveries.first)
        #expect(first.prompted && first.presentation == .silenced && first.appState == .foreground)
        let prompt = try #require(result.prompts.first)
        #expect(prompt.identifier == first.identifier)
        #expect(prompt.actions.map(\.title) == ["Log Exercise", "Snooze 5 min", "Dismiss"])
        #expect(prompt.actions.last?.id == NotificationResponse.dismissActionIdentifier)
    }

    @Test func snoozeReplacesInsteadOfDuplicating() async throws {
        let result = try await makeResult("exercise-breaks.yaml")

        // Then each snooze fires once, five minutes after it was chosen, under one identifier
        let snoozes = result.routes.filter { if case .snoozed = $0.effect { true } else { false } }
        #expect(snoozes.map(\.effect) == [.snoozed(until: try at("2026-11-23T09:06")), .snoozed(until: try at("2026-11-23T09:12"))])
        let snoozeDeliveries = result.deliveries.filter { $0.identifier.hasPrefix("herald:snooze:") }
        #expect(snoozeDeliveries.map(\.local.time.description) == ["09:06", "09:12"])
        #expect(Set(snoozeDeliveries.map(\.identifier)).count == 1)
        // And the badge after each action is the outstanding count
        #expect(snoozes.map(\.badge) == [0, 0])
    }

    @Test func followUpComesOnceAndLoggingEndsTheDay() async throws {
        let result = try await makeResult("exercise-breaks.yaml")

        // Then 10:00, not acted on, got one follow-up at 10:10; 09:00 (snoozed) and 11:00 (logged) none
        let followUps = result.deliveries.filter { $0.identifier.hasPrefix("herald:followup:") }
        #expect(followUps.map(\.local.time.description) == ["10:10"])
        // And Log Exercise completed the day, brought the app forward, and cleared the badge
        let log = try #require(result.routes.first { $0.actionIdentifier == "log" })
        #expect(log.effect == .completed(LocalDate(year: 2026, month: 11, day: 23)))
        #expect(log.badge == 0)
        #expect(result.lifecycle.contains { $0.change == .becameActive && $0.date == log.date })
        #expect(result.deliveries.filter { $0.identifier.hasPrefix("herald:reminder:exercise:standup:") }.map(\.local.description)
            == ["2026-11-23T09:00", "2026-11-23T10:00", "2026-11-23T11:00"])
    }

    @Test func achievementAndReportHaveTheirOwnCategories() async throws {
        let result = try await makeResult("exercise-breaks.yaml")

        let achievement = try #require(result.routes.first { $0.actionIdentifier == "view-all" })
        #expect(achievement.destination == .ready && achievement.title == "First break logged!")
        let report = try #require(result.routes.last)
        #expect(report.actionIdentifier == "details" && report.title == "Your progress")
        // The report's action cold-launched the app into the foreground
        #expect(result.lifecycle.last { $0.change == .launched(.foreground) }?.date == report.date)
        #expect(result.summary.delivered == 8)
    }

    // MARK: Inline scenarios

    static let categoryBody = """
        categories:
          - id: c
            actions:
              - {id: note, title: Note, kind: text, button: Save}
              - {id: tomorrow, title: Tomorrow, kind: remind-tomorrow}
            dismiss: report
        entities:
          - id: a
            title: A
            rules: [{id: r, daily: ["09:00", "10:00"], category: c}]

        """

    @Test func permissionGrantedAtThePromptRegistersCategoriesAndDelivers() async throws {
        // Given an app never asked for permission
        let result = try await makeResult(body: "authorization: not-determined\n" + Self.categoryBody + """
            events:
              - {at: 2026-11-21T09:30, authorize: granted}
              - {at: 2026-11-21T10:01, text: {on: a, action: note, text: Felt good}}
            """)

        // Then 09:00 was suppressed, 10:00 delivered with its actions, and the text reached the app
        #expect(result.deliveries.map(\.local.time.description) == ["10:00"])
        #expect(result.lifecycle.contains { $0.change == .authorization(.authorized) })
        let route = try #require(result.routes.first)
        #expect(route.text == "Felt good" && route.actionIdentifier == "note")
    }

    @Test func settingsDeniedSuppressesAndProvisionalDeliversQuietly() async throws {
        let result = try await makeResult(body: Self.categoryBody + """
            events:
              - {at: 2026-11-21T08:30, settings: denied}
              - {at: 2026-11-21T09:30, settings: provisional}
            """)

        #expect(result.deliveries.map(\.local.time.description) == ["10:00"])
        #expect(result.deliveries.first?.presentation == .quiet)
    }

    @Test(arguments: ["empty", "kept"])
    func notificationsTurnedOffHoldTheCenterAndTheirReturnRestoresThePlan(mode: String) async throws {
        // Given notifications turned off from 08:30 to 09:30, with a foreground visit
        // while off and one after (09:00 falls due while off)
        let scenario = try makeScenario(body: "denied_center: \(mode)\n" + Self.categoryBody + """
            events:
              - {at: 2026-11-21T08:30, settings: denied}
              - {at: 2026-11-21T08:40, foreground}
              - {at: 2026-11-21T08:45, background}
              - {at: 2026-11-21T09:30, settings: authorized}
              - {at: 2026-11-21T09:35, foreground}
            """)
        #expect(scenario.deniedCenter.rawValue == mode)
        let result = try await ScenarioRunner(scenario: scenario).run()

        // Then the run while off held the center (no change, no badge); the one after
        // the return finds the launch's 28 requests but the 09:00 consumed unseen
        // (`empty` gives the rest back, `kept` never hid them), keeps 26, and adds 2:
        // today's 10:00 again with badge 1 instead of 2 (09:00 was never shown), and
        // 2026-12-05 09:00, now inside the 14-day horizon. 10:00 is shown.
        let runs = result.reconciles.filter { $0.local.time >= LocalTime(hour: 8, minute: 30) }
        let whileOff = try #require(runs.first { $0.local.time == LocalTime(hour: 8, minute: 40) })
        #expect(whileOff.heldWhileNotificationsOff)
        #expect(whileOff.added == 0 && whileOff.removed == 0 && whileOff.badgeSet == nil)
        #expect(whileOff.changeText.hasSuffix("notifications off: the center is left as it is"))
        let back = try #require(runs.first { $0.local.time == LocalTime(hour: 9, minute: 35) })
        #expect(!back.heldWhileNotificationsOff)
        #expect(back.added == 2 && back.removed == 0 && back.unchanged == 26 && back.badgeSet == 0)
        #expect(result.deliveries.map(\.local.time.description) == ["10:00"])
    }

    @Test func reportedDismissalAndRemindTomorrowAreRouted() async throws {
        let result = try await makeResult(body: Self.categoryBody + """
            events:
              - {at: 2026-11-21T09:05, dismiss: a}
              - {at: 2026-11-21T10:05, action: {on: a, id: tomorrow}}
            """)

        #expect(result.routes.map(\.actionName) == ["dismiss", "tomorrow"])
        #expect(result.routes.last?.effect == .deferredToTomorrow(LocalDate(year: 2026, month: 11, day: 21)))
        #expect(result.routes.last?.badge == 0)
        // DESIGN.md point 6: after a dismissal the app badge is the outstanding count.
        #expect(result.routes.first?.badge == 0)
    }

    @Test func readyEventReleasesResponsesQueuedSinceLaunch() async throws {
        // Given an app that says it is ready only when told, and a crash before that
        let result = try await makeResult(body: "app: not-running\nready_after: never\n" + Self.categoryBody + """
            events:
              - {at: 2026-11-21T09:05, tap: a}
              - {at: 2026-11-21T09:06, crash}
              - {at: 2026-11-21T09:07, launch}
              - {at: 2026-11-21T09:08, ready}
            """)

        // Then the tap survived the crash in Herald's store and was routed once, at 09:08
        #expect(result.routes.count == 1)
        #expect(result.routes.first?.date == (try at("2026-11-21T09:08")))
        #expect(result.lifecycle.map(\.change).contains(.crashed))
    }

    @Test func tapOnNothingDeliveredStopsTheRunAtTheEventsLine() async throws {
        // Given a tap before anything of the entity was delivered (header 3 lines, body line 10)
        let scenario = try makeScenario(body: Self.categoryBody + """
            events:
              - {at: 2026-11-21T08:30, tap: a}
            """)

        // When it runs, it fails with the event's location and what the list held
        let error = await #expect(throws: ScenarioError.self) { try await ScenarioRunner(scenario: scenario).run() }
        #expect(error?.code == .impossibleEvent)
        #expect(error?.line == 15)
        #expect(error?.field == "events[0].tap")
        let half = try at("2026-11-21T08:30")
        let cet = TimeZone(identifier: "Europe/Berlin")?.abbreviation(for: half) ?? ""
        #expect(error?.message
            == "at 2026-11-21 08:30 \(cet): no notification of habit/a is in the delivered list or an open prompt (the list is empty)")
    }

    @Test func launchingAnAppInTheForegroundOrIntoTheBackgroundAgainIsImpossible() async throws {
        let nine = try at("2026-11-21T09:00")
        let cet = TimeZone(identifier: "Europe/Berlin")?.abbreviation(for: nine) ?? ""
        for (app, launch, state) in [("foreground", "launch", "foreground"), ("background", "launch: background", "background")] {
            let scenario = try makeScenario(body: "app: \(app)\nentities: []\nevents:\n  - {at: 2026-11-21T09:00, \(launch)}\n")

            let error = await #expect(throws: ScenarioError.self) { try await ScenarioRunner(scenario: scenario).run() }
            #expect(error?.code == .impossibleEvent)
            // In the file's own words, not the simulator's API
            #expect(error?.message == "at 2026-11-21 09:00 \(cet): the app is already running in the \(state) (bring it back with a foreground event, or terminate it first)")
        }
    }

    /// The user opens an app the system runs in the background (a region crossing, a
    /// refresh launched it): the process comes to the foreground, no new launch.
    @Test func launchingAnAppRunningInTheBackgroundBringsItToTheForeground() async throws {
        let scenario = try makeScenario(body: "entities: []\nevents:\n  - {at: 2026-11-21T09:00, launch}\n")

        let result = try await ScenarioRunner(scenario: scenario).run()

        #expect(result.lifecycle.map(\.change) == [.launched(.background), .ready, .becameActive])
        let event = result.timeline.compactMap { if case .event(let event) = $0 { event } else { nil } }.first
        #expect(event?.note == "the app was running in the background: it comes to the foreground")
    }

    @Test func movingBetweenStatesTheAppIsNotInIsImpossibleInTheFilesWords() async throws {
        for (events, message) in [
            ("  - {at: 2026-11-21T09:00, background}\n  - {at: 2026-11-21T09:01, background}\n",
             "the app is in the background already"),
            ("  - {at: 2026-11-21T09:00, foreground}\n  - {at: 2026-11-21T09:01, foreground}\n",
             "the app is in the foreground already"),
            ("  - {at: 2026-11-21T09:00, terminate}\n  - {at: 2026-11-21T09:01, foreground}\n",
             "the app is not running, so it cannot come back to the foreground (use a launch event)"),
        ] {
            // The app starts in the background
            let scenario = try makeScenario(body: "entities: []\nevents:\n" + events)
            let error = await #expect(throws: ScenarioError.self) { try await ScenarioRunner(scenario: scenario).run() }
            #expect(error?.message.hasSuffix(": " + message) == true, "\(error?.message ?? "no error")")
            #expect(error?.message.contains("()") == false)
        }
    }
}
