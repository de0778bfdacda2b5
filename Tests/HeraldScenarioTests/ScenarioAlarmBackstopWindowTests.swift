import Foundation
import Herald
import HeraldReport
import HeraldScenario
import Testing

/// The backstop behind an alarm once the alarm's time has passed: it stays pending until
/// it fires unless the occurrence was answered, whatever the alarm permission is then; a
/// delivered backstop goes once the alarm is answered late; and `plan --at` lists the
/// occurrences the alarm limit leaves out. Every scenario starts on Saturday 2026-11-21
/// at 08:00 in Berlin and lasts a day; expectations are worked out by hand: the pill's
/// alarm is at 21:00, its backstop at 21:05, one rung down the ladder (time-sensitive).
@Suite struct ScenarioAlarmBackstopWindowTests {
    static func run(_ body: String) async throws -> ScenarioResult {
        try await ScenarioRunner(scenario: try makeScenario(body: body)).run()
    }

    static func shown(_ result: ScenarioResult) -> [String] {
        ScenarioAlarmTests.shown(result)
    }

    static func pills(_ settings: String) -> String {
        ScenarioAlarmBackstopTests.pills(settings)
    }

    static let backstop = "herald:backstop:habit:pills:evening:20261121T2100"

    @Test(arguments: ["refresh", "launch"])
    func aDroppedAlarmsBackstopSurvivesARunAfterItsTime(run: String) async throws {
        // Given alarms turned off at 10:00 with no run (the system drops the 21:00 alarm,
        // silenced), and the app running at 21:02 while alarms are still off
        let result = try await Self.run(Self.pills("alarms: on") + """

            events:
              - {at: 2026-11-21T10:00, settings: {alarms: denied}}
              - {at: 2026-11-21T21:02, \(run)}
            """)
        // Then that run keeps the 21:05 backstop (the occurrence's time has passed, and
        // nobody answered it): the occurrence comes once, as the backstop
        #expect(Self.shown(result) == ["21:05 Evening pills time_sensitive"])
        #expect(result.deliveries.filter { !$0.beforeStart }.map(\.identifier) == [Self.backstop])
    }

    @Test func anUnansweredAlarmThatSoundsWhileTurnedOffIsStillFollowedByItsBackstop() async throws {
        // Given alarms turned off at 10:00 under `sound` (the alarm stays and sounds at
        // 21:00), nobody answering it, and the app running at 21:02
        let result = try await Self.run(Self.pills("alarms: on, alarms_when_revoked: sound") + """

            events:
              - {at: 2026-11-21T10:00, settings: {alarms: denied}}
              - {at: 2026-11-21T21:02, refresh}
            """)
        // Then the alarm went unanswered: its backstop still comes at 21:05
        #expect(Self.shown(result) == ["21:00 Evening pills alarm", "21:05 Evening pills time_sensitive"])
    }

    @Test func anAlarmStoppedWhileTurnedOffIsFollowedByNothing() async throws {
        // Given the same, but the alarm stopped at 21:01 (its run withdraws the backstop)
        let result = try await Self.run(Self.pills("alarms: on, alarms_when_revoked: sound") + """

            events:
              - {at: 2026-11-21T10:00, settings: {alarms: denied}}
              - {at: 2026-11-21T21:01, alarm: {on: pills/evening, button: stop}}
              - {at: 2026-11-21T21:02, refresh}
            """)
        // Then the occurrence comes as the alarm only: the 21:02 run does not bring the backstop back
        #expect(Self.shown(result) == ["21:00 Evening pills alarm"])
    }

    @Test func aBackstopDeliveredBeforeALateStopIsRemovedAndTheBadgeDrops() async throws {
        // Given alarms on, nobody answering the 21:00 alarm (its backstop comes at 21:05,
        // badge 1), and the user stopping the alarm, still sounding, at 21:10
        let result = try await Self.run(Self.pills("alarms: on") + """

            events:
              - {at: 2026-11-21T21:10, alarm: {on: pills/evening, button: stop}}
            """)
        #expect(Self.shown(result) == ["21:00 Evening pills alarm", "21:05 Evening pills time_sensitive"])
        // Then the run the stop causes clears the backstop from the list (it asks nothing
        // more) and sets the badge to 0: nothing of the day is left outstanding
        let atStop = result.reconciles.filter { $0.local.time == LocalTime(hour: 21, minute: 10) }
        // (the press launches the app, whose first run clears nothing; the answer's run clears it)
        #expect(atStop.map(\.clearedDelivered) == [0, 1])
        #expect(result.summary.stillDelivered == 0)
        #expect(result.summary.appBadge == 0)
    }

    @Test func planAtListsTheOccurrencesTheAlarmLimitLeavesOut() async throws {
        // Given a daily 21:00 alarm rule, an alarm limit of 2, and the launch at 08:00
        // planning 14 days ahead (to 2026-12-05 08:00: 14 evenings, 21 Nov to 4 Dec)
        let plan = try await ScenarioRunner(scenario: try makeScenario(body: Self.pills("alarms: on, alarm_limit: 2")))
            .plan(at: LocalDateTime(parsing: "2026-11-21T12:00")!)
        // Then the two soonest evenings are alarms, and the other twelve (23 Nov to 4 Dec) cuts
        #expect(plan.alarms.count == 2)
        #expect(plan.cuts.count == 12)
        #expect(plan.cuts.allSatisfy { $0.reason == .alarmLimitReached && $0.rule == "evening" })
        #expect(plan.cuts.first?.local == LocalDateTime(parsing: "2026-11-23T21:00"))
        #expect(plan.cuts.last?.local == LocalDateTime(parsing: "2026-12-04T21:00"))
        let text = InstantPlanText.text(plan)
        #expect(text.contains("cuts                 12"))
        #expect(text.contains("  2026-11-23 21:00 GMT+1  habit/pills/evening  the alarm limit is reached\n"))
        let json = InstantPlanText.json(plan)
        #expect(json.contains(#"{"entity":"habit/pills","local":"2026-11-23T21:00","reason":"the alarm limit is reached","rule":"evening""#))
    }
}
