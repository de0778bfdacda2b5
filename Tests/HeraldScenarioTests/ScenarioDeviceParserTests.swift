import Foundation
import Herald
import HeraldScenario
import HeraldSimulator
import Testing

/// The scenario format's device and user parts: categories, authorization, the app's
/// start state and readiness, rule categories and follow-ups, entity status, and the
/// lifecycle, permission, user and post events.
struct ScenarioDeviceParserTests {
    /// Lines 1–3 header, then a category `c` (lines 4–8) and an entity `a` whose rule
    /// `r` carries it (lines 9–12); events, when a case adds them, start on line 14.
    static let deviceHeader = ScenarioFixtures.header + """
        categories:
          - id: c
            actions:
              - {id: log, title: Log, kind: log}
              - {id: note, title: Note, kind: text}
        entities:
          - id: a
            title: A
            rules: [{id: r, daily: ["09:00"], category: c}]

        """

    func makeDeviceScenario(events: String) throws -> Scenario {
        try Scenario(yaml: Self.deviceHeader + "events:\n" + events, file: "test.yaml")
    }

    @Test func parsesCategoriesDeviceSettingsAndEveryNewEvent() throws {
        // Given a scenario using every device and user part of the format
        let scenario = try makeScenario(body: """
            authorization: not-determined
            app: foreground
            ready_after: 2
            categories:
              - id: exercise
                actions:
                  - {id: log, title: Log Exercise, kind: log, foreground: true}
                  - {id: snooze-5, title: Snooze 5 min, kind: snooze, minutes: 5}
                  - {id: details, title: View Details, kind: open}
                  - {id: tomorrow, title: Tomorrow, kind: remind-tomorrow}
                  - {id: note, title: Add note, kind: text, button: Save, placeholder: How was it?}
                  - {id: share, title: Share, kind: custom}
                  - {id: done, title: Done, kind: complete}
                dismiss: report
                foreground: prompt
              - {id: quiet, actions: [], foreground: silent}
              - {id: listed, foreground: [list, badge]}
            entities:
              - id: stand
                title: Stand up
                status: paused
                rules: [{id: hourly, daily: ["09:00", "10:00"], category: exercise, follow_up: 10}]
            events:
              - {at: 2026-11-21T08:10, terminate}
              - {at: 2026-11-21T08:11, launch: background}
              - {at: 2026-11-21T08:12, foreground}
              - {at: 2026-11-21T08:13, ready}
              - {at: 2026-11-21T08:14, authorize: granted}
              - {at: 2026-11-21T08:15, settings: provisional}
              - {at: 2026-11-21T09:01, tap: stand}
              - {at: 2026-11-21T09:02, action: {on: stand/hourly, id: snooze-5}}
              - {at: 2026-11-21T09:03, text: {on: stand, action: note, text: Felt good}}
              - {at: 2026-11-21T09:04, dismiss: "herald:reminder:habit:stand:hourly:20261121T1000"}
              - {at: 2026-11-21T09:05, clear: stand}
              - {at: 2026-11-21T09:06, clear: all}
              - {at: 2026-11-21T09:07, background}
              - {at: 2026-11-21T09:08, crash}
              - {at: 2026-11-21T09:09, launch}
              - at: 2026-11-21T09:10
                post: {entity: achievement/first, name: unlocked, title: First!, category: quiet}
              - {at: 2026-11-21T09:11, tap: first}
            """)

        // Then the device settings are read
        #expect(scenario.authorization == .notDetermined)
        #expect(scenario.app == .foreground)
        #expect(scenario.readiness == .after(2))
        let exercise = try #require(scenario.category("exercise"))
        #expect(exercise.reportsDismissal)
        #expect(exercise.foreground == .inAppPrompt)
        #expect(exercise.actions.map(\.kind) == [
            .log, .snooze(minutes: 5), .open, .remindTomorrow, .text(button: "Save", placeholder: "How was it?"),
            .custom, .complete,
        ])
        #expect(exercise.actions[0].foreground && exercise.actions[2].foreground && !exercise.actions[1].foreground)
        #expect(exercise.reminderCategory.actions[1].kind == .snooze(300))
        #expect(scenario.category("quiet")?.foreground == .system([]))
        #expect(scenario.category("listed")?.foreground == .system([.list, .badge]))

        // And the rule's category and follow-up, and the entity's status
        let stand = try #require(scenario.entities.first)
        #expect(stand.paused)
        #expect(stand.rules[0].category == "exercise")
        #expect(try stand.rules[0].reminderRule(for: stand.reference).followUpAfter == 600)

        // And every event
        let reference = stand.reference
        #expect(scenario.events.map(\.action) == [
            .terminate, .launch(.background), .foreground, .ready, .authorize(granted: true), .settings(.provisional),
            .tap(.entity(reference, rule: nil)), .action(.entity(reference, rule: "hourly"), id: "snooze-5"),
            .text(.entity(reference, rule: nil), action: "note", text: "Felt good"),
            .dismiss(.identifier("herald:reminder:habit:stand:hourly:20261121T1000")),
            .clear(.entity(reference, rule: nil)), .clear(nil), .background, .crash, .launch(.foreground),
            .post(ScenarioPost(entity: EntityReference(namespace: "achievement", id: "first"), name: "unlocked",
                               token: "20261121T0910", title: "First!", category: "quiet")),
            .tap(.entity(EntityReference(namespace: "achievement", id: "first"), rule: nil)),
        ])
        #expect(scenario.events[6].location?.line == 33)
        #expect(scenario.events[6].location?.field == "events[6].tap")
    }

    @Test func scenariosWithoutTheNewKeysKeepTheirMeaning() throws {
        let scenario = try makeScenario(body: "entities: []\n")

        #expect(scenario.authorization == .authorized)
        #expect(scenario.app == .background)
        #expect(scenario.readiness == .after(0))
        #expect(scenario.categories.isEmpty)
        // The stricter readings of what iOS leaves unconfirmed
        #expect(scenario.forceQuitRelaunch == .never)
        #expect(scenario.locationDeliveries == .hidden)
    }

    @Test func parsesAForceQuitAndTheReadingsOfTheAppNotRunning() throws {
        let scenario = try makeScenario(body: """
            force_quit_relaunch: regions
            location_deliveries: listed
            entities: []
            events:
              - {at: 2026-11-21T08:10, force_quit}
            """)

        #expect(scenario.forceQuitRelaunch == .regions)
        #expect(scenario.locationDeliveries == .listed)
        #expect(scenario.events.map(\.action) == [.forceQuit])
        #expect(ScenarioEvent.Action.forceQuit.kind == "force_quit")
    }

    @Test func readyAfterNeverWaitsForReadyEvents() throws {
        let scenario = try makeScenario(body: "ready_after: never\napp: not-running\n")
        #expect(scenario.readiness == .onEvent)
        #expect(scenario.app == .notRunning)
    }

    typealias BadCase = ScenarioParserTests.BadCase

    static let badCases: [BadCase] = [
        BadCase(name: "unknown action kind",
                yaml: ScenarioFixtures.header + "categories:\n  - id: c\n    actions: [{id: x, title: X, kind: jump}]\n",
                line: 6, column: 39, field: "categories[0].actions[0].kind", code: .invalidValue,
                mentions: "\"jump\" is not an action kind"),
        BadCase(name: "snooze without minutes",
                yaml: ScenarioFixtures.header + "categories:\n  - id: c\n    actions: [{id: x, title: X, kind: snooze}]\n",
                line: 6, column: 15, field: "categories[0].actions[0].minutes", code: .missingKey,
                mentions: "missing key \"minutes\""),
        BadCase(name: "minutes on another kind",
                yaml: ScenarioFixtures.header + "categories:\n  - id: c\n    actions: [{id: x, title: X, kind: log, minutes: 5}]\n",
                line: 6, column: 53, field: "categories[0].actions[0].minutes", code: .unknownKey,
                mentions: "only goes with kind snooze"),
        BadCase(name: "duplicate action id",
                yaml: ScenarioFixtures.header + "categories:\n  - id: c\n    actions:\n      - {id: x, title: X, kind: log}\n      - {id: x, title: Y, kind: open}\n",
                line: 8, column: 9, field: "categories[0].actions[1]", code: .duplicate, mentions: "used twice"),
        BadCase(name: "bad foreground presentation",
                yaml: ScenarioFixtures.header + "categories:\n  - {id: c, foreground: [banner, popup]}\n",
                line: 5, column: 34, field: "categories[0].foreground[1]", code: .invalidValue,
                mentions: "\"popup\" is not a presentation option"),
        BadCase(name: "bad dismiss setting",
                yaml: ScenarioFixtures.header + "categories:\n  - {id: c, dismiss: always}\n",
                line: 5, column: 22, field: "categories[0].dismiss", code: .invalidValue,
                mentions: "expected report or ignore"),
        BadCase(name: "unknown category on a rule",
                yaml: ScenarioFixtures.header + "entities:\n  - {id: a, title: A, rules: [{id: r, daily: [\"09:00\"], category: nope}]}\n",
                line: 5, column: 67, field: "entities[0].rules[0].category", code: .unknownCategory,
                mentions: "no category \"nope\""),
        BadCase(name: "follow-up out of range",
                yaml: ScenarioFixtures.header + "entities:\n  - {id: a, title: A, rules: [{id: r, daily: [\"09:00\"], follow_up: 0}]}\n",
                line: 5, column: 68, field: "entities[0].rules[0].follow_up", code: .invalidValue,
                mentions: "out of range"),
        BadCase(name: "unknown status",
                yaml: ScenarioFixtures.header + "entities:\n  - {id: a, title: A, status: gone}\n",
                line: 5, column: 31, field: "entities[0].status", code: .invalidValue,
                mentions: "expected active or paused"),
        BadCase(name: "unknown authorization",
                yaml: ScenarioFixtures.header + "authorization: maybe\n",
                line: 4, column: 16, field: "authorization", code: .invalidValue,
                mentions: "expected authorized, not-determined, denied or provisional"),
        BadCase(name: "unknown app state",
                yaml: ScenarioFixtures.header + "app: asleep\n",
                line: 4, column: 6, field: "app", code: .invalidValue, mentions: "expected not-running, background or foreground"),
        BadCase(name: "bad ready_after",
                yaml: ScenarioFixtures.header + "ready_after: soon\n",
                line: 4, column: 14, field: "ready_after", code: .invalidValue, mentions: "or never"),
        BadCase(name: "tap on an unknown entity",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, tap: b}\n",
                line: 14, column: 33, field: "events[0].tap", code: .unknownEntity, mentions: "no entity or rule \"b\""),
        BadCase(name: "unknown action id",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, action: {on: a, id: snooze}}\n",
                line: 14, column: 48, field: "events[0].action.id", code: .unknownAction,
                mentions: "no action \"snooze\" in the category of habit/a (c has log, note)"),
        BadCase(name: "action on a text action",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, action: {on: a, id: note}}\n",
                line: 14, column: 48, field: "events[0].action.id", code: .unknownAction, mentions: "asks for text"),
        BadCase(name: "text on a plain action",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, text: {on: a, action: log, text: hi}}\n",
                line: 14, column: 50, field: "events[0].text.action", code: .unknownAction, mentions: "not a text action"),
        BadCase(name: "text without text",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, text: {on: a, action: note}}\n",
                line: 14, column: 34, field: "events[0].text.text", code: .missingKey, mentions: "missing key \"text\""),
        BadCase(name: "malformed identifier",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, tap: \"herald:nope\"}\n",
                line: 14, column: 33, field: "events[0].tap", code: .invalidValue, mentions: "is not a Herald identifier"),
        BadCase(name: "unknown authorization answer",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, authorize: maybe}\n",
                line: 14, column: 39, field: "events[0].authorize", code: .invalidValue, mentions: "expected granted or denied"),
        BadCase(name: "terminate with a value",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, terminate: now}\n",
                line: 14, column: 39, field: "events[0].terminate", code: .invalidValue, mentions: "takes no value"),
        BadCase(name: "refresh with a value",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, refresh: soon}\n",
                line: 14, column: 37, field: "events[0].refresh", code: .invalidValue, mentions: "refresh takes no value"),
        BadCase(name: "foreign with no requests",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, foreign: 0}\n",
                line: 14, column: 37, field: "events[0].foreign", code: .invalidValue, mentions: "1"),
        BadCase(name: "foreign above the capacity",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, foreign: 65}\n",
                line: 14, column: 37, field: "events[0].foreign", code: .invalidValue, mentions: "64"),
        BadCase(name: "post with an unknown category",
                yaml: deviceHeader + "events:\n  - {at: 2026-11-21T09:05, post: {entity: x, title: X, category: nope}}\n",
                line: 14, column: 66, field: "events[0].post.category", code: .unknownCategory,
                mentions: "no category \"nope\" (known: c)"),
    ]

    @Test(arguments: badCases)
    func reportsWhereAndWhatForBadDeviceInput(_ badCase: BadCase) throws {
        // When the bad scenario is parsed
        // Then the error points at the node, names the field and says what was expected
        try badCase.expectRefused()
    }

    @Test func parsesRequestsAddedByAnotherSDK() throws {
        let scenario = try makeDeviceScenario(events: """
              - {at: 2026-11-22T06:00, foreign: 3}
            """)
        #expect(scenario.events.map(\.action) == [.foreign(count: 3)])
        #expect(scenario.events.map(\.action.description) == ["another SDK adds 3 requests"])
    }

    @Test func parsesABackgroundRefresh() throws {
        // Given a refresh written bare and with `true`, as the other events without a value
        let scenario = try makeDeviceScenario(events: """
              - {at: 2026-11-22T06:00, refresh}
              - {at: 2026-11-22T07:00, refresh: true}
            """)

        // Then both are refreshes, at their times, located on their lines
        #expect(scenario.events.map(\.action) == [.refresh, .refresh])
        #expect(scenario.events.map(\.at.description) == ["2026-11-22T06:00", "2026-11-22T07:00"])
        #expect(scenario.events.map(\.action.kind) == ["refresh", "refresh"])
        #expect(scenario.events.map(\.action.description)
            == ["the system gives the app a background refresh", "the system gives the app a background refresh"])
        #expect(scenario.events.compactMap(\.location?.line) == [14, 15])
    }

    @Test func aTapMayNameAnEntityDeletedBefore() throws {
        // Its notification can still be in the list: deleted while the app was not running
        let scenario = try makeDeviceScenario(events: """
              - {at: 2026-11-21T09:05, delete: a}
              - {at: 2026-11-21T09:06, tap: a}
            """)
        #expect(scenario.events.map(\.action.kind) == ["delete", "tap"])
    }
}
