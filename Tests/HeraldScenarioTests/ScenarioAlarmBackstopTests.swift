import Foundation
import Herald
import HeraldReport
import HeraldScenario
import HeraldSimulator
import Testing

/// Issue 37: alarms turned off while the app is not running
/// (`settings: {alarms_when_revoked: silenced | sound}`), the backstop notification
/// behind each alarm, and the alarm findings (twice, why, plan --at, nag, the limit's
/// message). Every scenario starts on Saturday 2026-11-21 at 08:00 in Berlin and lasts a
/// day; the expectations are worked out by hand: the pill's alarm is at 21:00, its
/// backstop at 21:05 (five minutes later) one rung down the ladder, time-sensitive.
@Suite struct ScenarioAlarmBackstopTests {
    static func run(_ body: String) async throws -> ScenarioResult {
        try await ScenarioRunner(scenario: try makeScenario(body: body)).run()
    }

    static func shown(_ result: ScenarioResult) -> [String] {
        ScenarioAlarmTests.shown(result)
    }

    static func pills(_ settings: String) -> String {
        """
        settings: {\(settings)}
        app: not-running
        entities:
          - id: pills
            title: Evening pills
            rules:
              - {id: evening, daily: ["21:00"], urgency: alarm, fallback: [time_sensitive]}
        """
    }

    static let evening = ReminderRule.ID(entity: EntityReference(namespace: "habit", id: "pills"), rule: "evening")

    @Test func alarmsTurnedOffWhileTheAppIsNotRunningComeOnceAsANotificationByDefault() async throws {
        // Given alarms on at the launch (08:00: tonight's alarm and its 21:05 backstop),
        // turned off in Settings at 10:00, and the app never running again
        let result = try await Self.run(Self.pills("alarms: on") + """

            events:
              - {at: 2026-11-21T10:00, settings: {alarms: denied}}
            """)

        // Then the system dropped the alarm (silenced, the default): nothing sounds at
        // 21:00, and the backstop delivers the occurrence once, time-sensitive, at 21:05
        #expect(Self.shown(result) == ["21:05 Evening pills time_sensitive"])
        #expect(result.deliveries.filter { !$0.beforeStart }.map(\.identifier)
            == ["herald:backstop:habit:pills:evening:20261121T2100"])
        // and the story says it came by its backstop
        let story = try await ScenarioRunner(scenario: try makeScenario(body: Self.pills("alarms: on") + """

            events:
              - {at: 2026-11-21T10:00, settings: {alarms: denied}}
            """)).why(Self.evening, at: LocalDateTime(parsing: "2026-11-21T21:00")!)
        #expect(story.verdict == .delivered)
        #expect(story.events.contains { $0.fact.description.contains("the backstop of its alarm") })
        #expect(!story.events.contains { $0.fact.kind == "alarm_sounded" })
    }

    @Test func alarmsTurnedOffThatStillSoundComeOnceAsAnAlarm() async throws {
        // Given the same day under alarms_when_revoked: sound, and the user stopping the
        // alarm at 21:01 (the system runs the stop in the app's process)
        let result = try await Self.run(Self.pills("alarms: on, alarms_when_revoked: sound") + """

            events:
              - {at: 2026-11-21T10:00, settings: {alarms: denied}}
              - {at: 2026-11-21T21:01, alarm: {on: pills/evening, button: stop}}
            """)

        // Then the alarm sounds at 21:00 and the run of the stop withdraws its backstop:
        // the occurrence comes as an alarm only
        #expect(Self.shown(result) == ["21:00 Evening pills alarm"])
        #expect(result.deliveries.allSatisfy { !$0.identifier.hasPrefix("herald:backstop:") })
    }

    @Test func anAlarmNobodyAnswersIsFollowedByItsBackstop() async throws {
        // Given alarms on, never turned off, and nobody answering the 21:00 alarm
        let result = try await Self.run(Self.pills("alarms: on"))
        // Then the occurrence alerts both ways: the alarm went unanswered for 5 minutes
        #expect(Self.shown(result) == ["21:00 Evening pills alarm", "21:05 Evening pills time_sensitive"])
    }

    @Test(arguments: ["stop", "snooze"])
    func anAnsweredAlarmIsFollowedByNoNotification(button: String) async throws {
        // Given an ordinary day: alarms on, a snooze of 10 minutes, the alarm answered at 21:02
        let result = try await Self.run("""
            settings: {alarms: on}
            app: not-running
            categories:
              - id: pill
                actions:
                  - {id: later, title: Later, kind: snooze, minutes: 10}
            entities:
              - id: pills
                title: Evening pills
                rules:
                  - {id: evening, daily: ["21:00"], urgency: alarm, fallback: [time_sensitive], category: pill}
            events:
              - {at: 2026-11-21T21:02, alarm: {on: pills/evening, button: \(button)}}
            """)
        // Then no notification follows: a stop ends it, a snooze sounds the alarm again at 21:12
        let expected = button == "stop" ? ["21:00 Evening pills alarm"]
            : ["21:00 Evening pills alarm", "21:12 Evening pills alarm again"]
        #expect(Self.shown(result) == expected)
    }

    @Test func alarmsBecomingUnavailableAreNotFollowedByTheAlarmToo() async throws {
        // Given alarms on at launch, `alarms: unavailable` at 10:00, the app launched
        // at 10:05 (a run: the pill is planned as a notification)
        let result = try await Self.run(Self.pills("alarms: on") + """

            events:
              - {at: 2026-11-21T10:00, settings: {alarms: unavailable}}
              - {at: 2026-11-21T10:05, launch}
            """)
        // Then a system without alarms sounds none: the occurrence comes once, as the
        // time-sensitive notification the 10:05 run planned
        #expect(Self.shown(result) == ["21:00 Evening pills time_sensitive"])
        #expect(result.deliveries.filter { !$0.beforeStart }.map(\.identifier)
            == ["herald:reminder:habit:pills:evening:20261121T2100"])
    }

    @Test func whyTellsAnAlarmScheduledByTheLaunchAsPendingAndASoundedOneWithItsPlan() async throws {
        // Given alarms on and the app launched at 08:00, nothing else until 21:00
        let scenario = try makeScenario(body: Self.pills("alarms: on"))
        // Then the occurrence of tomorrow (after the run's day) is pending, planned as an alarm by the launch
        let tomorrow = try await ScenarioRunner(scenario: scenario)
            .why(Self.evening, at: LocalDateTime(parsing: "2026-11-22T21:00")!)
        #expect(tomorrow.verdict == .pending)
        let planned = try #require(tomorrow.events.first { $0.fact.kind == "planned_alarm" })
        #expect(planned.reasons == ["launch"])
        // and tonight's sounded: the launch planned the alarm and its 21:05 backstop (badge 1,
        // the occurrence's), the alarm sounded at 21:00, and, unanswered, the backstop came
        let tonight = try await ScenarioRunner(scenario: scenario)
            .why(Self.evening, at: LocalDateTime(parsing: "2026-11-21T21:00")!)
        #expect(tonight.verdict == .delivered)
        #expect(tonight.events.map(\.fact.description) == [
            "planned as an alarm, herald:reminder:habit:pills:evening:20261121T2100",
            "planned as herald:backstop:habit:pills:evening:20261121T2100 (badge 1)",
            "added herald:backstop:habit:pills:evening:20261121T2100 to the center",
            "its alarm sounded, herald:reminder:habit:pills:evening:20261121T2100",
            "delivered herald:backstop:habit:pills:evening:20261121T2100, the backstop of its alarm (no answer to the alarm came)",
        ])
    }

    @Test func planAtListsTheAlarmsTheServiceHolds() async throws {
        let plan = try await ScenarioRunner(scenario: try makeScenario(body: Self.pills("alarms: on, alarm_limit: 2")))
            .plan(at: LocalDateTime(parsing: "2026-11-21T12:00")!)
        // The launch scheduled the two soonest evenings (the limit of 2), and their backstops
        #expect(plan.alarms.map(\.identifier) == [
            "herald:reminder:habit:pills:evening:20261121T2100", "herald:reminder:habit:pills:evening:20261122T2100",
        ])
        #expect(plan.alarms.allSatisfy { $0.state == "scheduled" })
        #expect(plan.pending.filter { $0.kind == "backstop" }.count == 2)
        let text = InstantPlanText.text(plan)
        #expect(text.contains("alarms (2)"))
        #expect(text.contains("2026-11-21 21:00 GMT+1  scheduled  Evening pills  herald:reminder:habit:pills:evening:20261121T2100"))
    }

    @Test func anAlarmRuleNagsAfterAnAlarmNobodyAnswers() async throws {
        // Given a nag of two repeats ten minutes apart on the alarm rule, nobody answering
        let result = try await Self.run("""
            settings: {alarms: on}
            app: not-running
            entities:
              - id: pills
                title: Evening pills
                rules:
                  - {id: evening, daily: ["21:00"], urgency: alarm, fallback: [time_sensitive], nag: {every: 10, times: 2}}
            """)
        // Then the nag's repeats follow the alarm, one rung down (they stand for the backstop)
        #expect(Self.shown(result) == [
            "21:00 Evening pills alarm", "21:10 Evening pills time_sensitive", "21:20 Evening pills time_sensitive",
        ])
    }

    @Test func aFullAlarmLimitIsNamedAsTheReason() async throws {
        // Given a limit of 1: tonight's alarm sounds at 21:00 and nobody answers it; the
        // app is launched at 21:01, the one alarm still sounding
        let result = try await Self.run(Self.pills("alarms: on, alarm_limit: 1") + """

            events:
              - {at: 2026-11-21T21:01, launch}
            """)
        // Then that run has no room for an alarm, and says the limit is why the pill falls back
        let atRun = try #require(result.reconciles.first { $0.local.time == LocalTime(hour: 21, minute: 1) })
        #expect(atRun.urgency == ["habit/pills/evening: time-sensitive (alarm: the alarm limit is reached)"])
    }
}
