import Foundation
import Herald
import HeraldReport
import HeraldScenario
import HeraldSimulator
import Testing

/// The alarm channel in scenarios: `settings: {alarms: on | denied | unavailable,
/// alarm_limit: N}`, alarms sounding as time moves, and `alarm: {on, button}` presses.
/// Every scenario starts on Saturday 2026-11-21 at 08:00 in Berlin and lasts a day
/// unless it says otherwise; the expectations are worked out by hand from the files
/// and Herald's documented rules (alarm rules planned as one fixed alarm per occurrence,
/// soonest first, up to the limit; weekly alarms for `fixed_content` rules).
@Suite struct ScenarioAlarmTests {
    static func run(_ body: String, days: Int? = nil) async throws -> ScenarioResult {
        try await ScenarioRunner(scenario: try makeScenario(body: body), days: days).run()
    }

    /// `21:00 Evening pills alarm`: local time, title and level of each delivery.
    static func shown(_ result: ScenarioResult) -> [String] {
        result.deliveries.filter { !$0.beforeStart }.map { delivery in
            "\(delivery.local.time) \(delivery.title) \(InterruptionName.of(delivery.level))"
                + (delivery.afterSnooze ? " again" : "")
        }
    }

    static func jsonLine(_ result: ScenarioResult, containing text: String) throws -> Substring {
        try #require(result.jsonLines().split(separator: "\n").first { $0.contains(text) })
    }

    static let pills = """
        entities:
          - id: pills
            title: Evening pills
            rules:
              - {id: evening, daily: ["21:00"], urgency: alarm, fallback: [time_sensitive]}
        """

    @Test func anAlarmSoundsAtItsTimeThroughAFocusAndTheSummaryWhileTheAppIsNotRunning() async throws {
        // Given alarms on, the app not running, the summary at 08:00 and 22:00, and a
        // Focus from 20:00 to 21:30
        let result = try await Self.run("""
            settings: {alarms: on}
            app: not-running
            \(Self.pills)
              - id: water
                title: Water
                rules:
                  - {id: evening, daily: ["20:30"]}
            events:
              - {at: 2026-11-21T08:00, summary: ["08:00", "22:00"]}
              - {at: 2026-11-21T20:00, focus: {until: "21:30"}}
            """)

        // Then the pill's alarm sounds at 21:00, through both, and nobody answers it: its
        // backstop follows at 21:05, time-sensitive, through the Focus; the active water
        // reminder due 20:30 waits for the later of the two, the summary at 22:00
        #expect(Self.shown(result) == ["21:00 Evening pills alarm", "21:05 Evening pills time_sensitive", "22:00 Water active"])
        let alarm = try #require(result.deliveries.first { $0.isAlarm })
        #expect(alarm.held == nil && alarm.throughFocus && alarm.appState == .notRunning && alarm.badge == nil)
        #expect(alarm.identifier == "herald:reminder:habit:pills:evening:20261121T2100")
        let json = try Self.jsonLine(result, containing: "\"title\":\"Evening pills\"")
        #expect(json.contains("\"interruption\":\"alarm\""))
        #expect(json.contains("\"presentation\":\"sounding\""))
        #expect(json.contains("\"due_local\":\"2026-11-21T21:00\""))
        #expect(!json.contains("\"held\""))
        #expect(result.text().contains("(alarm; through the Focus)"))
        // the launch scheduled the next 8 evenings' alarms: the default limit of 8 within
        // the 14-day horizon
        #expect(result.reconciles.first?.alarms?.scheduled == 8)
    }

    @Test(arguments: [("denied", "no alarms"), ("unavailable", "no alarms")])
    func withoutAlarmsThePillFallsBackToTimeSensitive(permission: String, reason: String) async throws {
        let result = try await Self.run("settings: {alarms: \(permission)}\n" + Self.pills)
        #expect(Self.shown(result) == ["21:00 Evening pills time_sensitive"])
        #expect(result.reconciles.first?.urgency == ["habit/pills/evening: time-sensitive (alarm: \(reason))"])
        #expect(result.reconciles.allSatisfy { $0.alarms == nil })
    }

    @Test func turningAlarmsOffCancelsThemAtTheNextRunAndThePillFallsBack() async throws {
        // Given alarms on at the start (8 scheduled), turned off in Settings at 12:00 on
        // a system that keeps them (the default drops them), and the app brought to the
        // foreground at 12:01
        let result = try await Self.run("""
            settings: {alarms: on, alarms_when_revoked: sound}
            \(Self.pills)
            events:
              - {at: 2026-11-21T12:00, settings: {alarms: denied}}
              - {at: 2026-11-21T12:01, foreground}
            """)

        // Then that run cancels the 8 alarms, and the pill comes as a time-sensitive
        // notification
        let alarmRuns = result.reconciles.compactMap { reconcile in
            reconcile.alarms.map { "\(reconcile.local.time) \(TimelineReconcile.alarmsText($0))" }
        }
        #expect(alarmRuns == ["08:00 alarms +8 -0 =0", "12:01 alarms +0 -8 =0"])
        #expect(Self.shown(result) == ["21:00 Evening pills time_sensitive"])
        #expect(result.text().contains("event      Settings: alarms denied"))
    }

    @Test func theLimitHoldsTheSoonestAlarmsAndTheRestFallBackToNotifications() async throws {
        // Given a limit of 2 and three alarm rules, at 09:00, 12:00 and 20:00
        let body = """
            settings: {alarms: on, alarm_limit: 2}
            entities:
              - {id: a, title: A, rules: [{id: r, daily: ["09:00"], urgency: alarm, fallback: [time_sensitive]}]}
              - {id: b, title: B, rules: [{id: r, daily: ["12:00"], urgency: alarm, fallback: [time_sensitive]}]}
              - {id: c, title: C, rules: [{id: r, daily: ["20:00"], urgency: alarm, fallback: [time_sensitive]}]}
            """
        // When the app never runs after its launch: the planner gave the 2 slots to
        // the soonest occurrences (A 09:00, B 12:00); C, with no room at all, falls one
        // rung to a time-sensitive notification rather than nothing
        let alone = try await Self.run(body)
        // (nobody answers A or B: each one's backstop follows five minutes later)
        let shown = ["09:00 A alarm", "09:05 A time_sensitive", "12:00 B alarm", "12:05 B time_sensitive",
                     "20:00 C time_sensitive"]
        #expect(Self.shown(alone) == shown)
        #expect(alone.reconciles.first?.alarms?.scheduled == 2)

        // When the app comes to the foreground at 13:00 with A and B still sounding
        // (nobody stopped them): the run leaves both to the user, which fills the
        // service, so no alarm is planned and nothing is cancelled; C comes as before
        let opened = try await Self.run(body + "\nevents:\n  - {at: 2026-11-21T13:00, foreground}")
        #expect(Self.shown(opened) == shown)
        let atOne = try #require(opened.reconciles.first { $0.local.time == LocalTime(hour: 13, minute: 0) })
        #expect(atOne.alarms == nil || atOne.alarms == AlarmOutcome())
    }

    @Test func aStopPressIsADismissalRoutedOnce() async throws {
        let result = try await Self.run("""
            settings: {alarms: on}
            \(Self.pills)
            events:
              - {at: 2026-11-21T21:05, alarm: {on: pills, button: stop}}
            """)

        // Then the alarm sounded once, unanswered until its backstop came at 21:05 (the
        // press at that instant comes after it), the press is on the timeline, and its response
        // (a dismissal) reaches the app once; the run it causes schedules the ninth
        // evening's alarm (the stopped one-shot is gone) and keeps the other 7
        #expect(Self.shown(result) == ["21:00 Evening pills alarm", "21:05 Evening pills time_sensitive"])
        let press = try #require(result.userActions.first)
        #expect(press.gesture == .alarm(.stop) && press.local.time == LocalTime(hour: 21, minute: 5))
        #expect(result.routes.count == 1)
        let route = try #require(result.routes.first)
        #expect(route.actionIdentifier == NotificationResponse.dismissActionIdentifier)
        #expect(route.identifier == "herald:reminder:habit:pills:evening:20261121T2100")
        #expect(route.destination == .ready)
        let atPress = result.reconciles.first { $0.local.time == LocalTime(hour: 21, minute: 5) }
        #expect(atPress?.alarms.map(TimelineReconcile.alarmsText) == "alarms +1 -0 =7")
        let json = try Self.jsonLine(result, containing: "\"gesture\":\"alarm\"")
        #expect(json.contains("\"button\":\"stop\""))
    }

    static let snoozingPills = """
        settings: {alarms: on}
        categories:
          - id: pill
            actions:
              - {id: later, title: Later, kind: snooze, minutes: 10}
        entities:
          - id: pills
            title: Evening pills
            rules:
              - {id: evening, daily: ["21:00"], urgency: alarm, category: pill, fixed_content: true}
        """

    @Test func aSnoozePressSoundsTheAlarmAgainAfterItsMinutesAndIsRoutedOnce() async throws {
        // Given a rule with fixed content (a weekly alarm) whose category's first action
        // snoozes 10 minutes, snoozed at 21:02
        let result = try await Self.run(Self.snoozingPills + """

            events:
              - {at: 2026-11-21T21:02, alarm: {on: pills/evening, button: snooze}}
            """)

        // Then it sounds again at 21:12, and the app hears the press once, as
        // herald.alarm.snooze on the evening's occurrence
        #expect(Self.shown(result) == ["21:00 Evening pills alarm", "21:12 Evening pills alarm again"])
        #expect(result.routes.map(\.actionIdentifier) == [Engine.alarmSnoozeActionIdentifier])
        #expect(result.routes.first?.identifier == "herald:reminder:habit:pills:evening:20261121T2100")
        #expect(result.text().contains("(alarm; again after a snooze)"))
        #expect(try Self.jsonLine(result, containing: "\"after_snooze\":true").contains("\"local\":\"2026-11-21T21:12\""))
    }

    @Test func aFixedAlarmSnoozedSoundsAgainToo() async throws {
        // Given the same rule without fixed content: one fixed alarm per evening
        let body = Self.snoozingPills.replacingOccurrences(of: ", fixed_content: true", with: "") + """

            events:
              - {at: 2026-11-21T21:02, alarm: {on: pills/evening, button: snooze}}
            """
        let result = try await Self.run(body)
        // Then the snooze sounds it again at 21:12 as well: the run the press causes
        // leaves the counting-down alarm to the user, though its occurrence fired
        #expect(Self.shown(result) == ["21:00 Evening pills alarm", "21:12 Evening pills alarm again"])
        #expect(result.routes.map(\.actionIdentifier) == [Engine.alarmSnoozeActionIdentifier])
    }

    @Test func anAlarmFollowsTheDevicesZone() async throws {
        // Given a weekly alarm at 21:00 and the device in Tokyo from 09:00 Berlin time
        let result = try await Self.run(Self.snoozingPills + """

            events:
              - {at: 2026-11-21T09:00, zone: Asia/Tokyo}
            """)
        // Then it sounds at 21:00 Tokyo time (13:00 in Berlin)
        let alarm = try #require(result.deliveries.first { $0.isAlarm })
        #expect(alarm.local == LocalDateTime(parsing: "2026-11-21T21:00"))
        #expect(alarm.date == ZoneConverter.for(TimeZone(identifier: "Europe/Berlin")!)
            .instant(for: LocalDateTime(parsing: "2026-11-21T13:00")!).date)
    }

    @Test func aResumedRunPlaysWhatAnUninterruptedOneDoes() async throws {
        // Given a 07:55 weekly alarm, snoozed 10 minutes at 07:58 on Sunday and stopped
        // at 08:10, over two days; the first part stops on Sunday at 08:00, while it
        // counts down
        let body = Self.snoozingPills.replacingOccurrences(of: "21:00", with: "07:55") + """

            days: 2
            events:
              - {at: 2026-11-22T07:58, alarm: {on: pills, button: snooze}}
              - {at: 2026-11-22T08:10, alarm: {on: pills, button: stop}}
            """
        let scenario = try makeScenario(body: body)
        let whole = try await ScenarioRunner(scenario: scenario, store: InMemoryEngineStore()).play(from: nil)
        let store = InMemoryEngineStore()
        let first = try await ScenarioRunner(scenario: scenario, days: 1, store: store).play(from: nil)
        let saved = try JSONDecoder().decode(ScenarioCheckpoint.self, from: JSONEncoder().encode(first.checkpoint))
        #expect(saved == first.checkpoint)
        let alarms = try #require(saved.alarms)
        #expect(alarms.alarms.map(\.state) == [.countdown])
        #expect(alarms.alarms.first?.countdownEnds == ZoneConverter.for(scenario.zone)
            .instant(for: LocalDateTime(parsing: "2026-11-22T08:08")!).date)
        #expect(alarms.firings.count == 1)
        let rest = try await ScenarioRunner(scenario: scenario, days: 1, store: store).play(from: saved)

        // Then: Sunday 07:55, again at 08:08, Monday 07:55, unanswered, so its backstop
        // (active: the rule has no fallback) at 08:00; one route per press
        let expected = ["07:55 Evening pills alarm", "08:08 Evening pills alarm again", "07:55 Evening pills alarm",
                        "08:00 Evening pills active"]
        #expect(Self.shown(whole.result) == expected)
        #expect(Self.shown(first.result) + Self.shown(rest.result) == expected)
        let wholeRoutes = whole.result.routes.map { "\($0.local) \($0.actionIdentifier)" }
        #expect(wholeRoutes == ["2026-11-22T07:58 \(Engine.alarmSnoozeActionIdentifier)",
                                "2026-11-22T08:10 \(NotificationResponse.dismissActionIdentifier)"])
        #expect((first.result.routes + rest.result.routes).map { "\($0.local) \($0.actionIdentifier)" } == wholeRoutes)
        #expect(first.result.deliveries + rest.result.deliveries == whole.result.deliveries)
    }

    @Test func theFileSaysWhetherTheDeviceHasAlarms() throws {
        #expect(try makeScenario(body: Self.pills).alarms == nil)
        #expect(try makeScenario(body: "settings: {alarms: on, alarm_limit: 3}\n" + Self.pills).alarms
            == ScenarioAlarms(authorization: .authorized, limit: 3))
        // an event alone gives the device an alarm service, unavailable until it says
        let later = try makeScenario(body: Self.pills + "\nevents:\n  - {at: 2026-11-21T09:00, settings: {alarms: on}}")
        #expect(later.alarms == ScenarioAlarms(authorization: .unavailable, limit: 8))
        #expect(later.events.map(\.action) == [.alarms(.authorized)])
    }

    @Test func oneSettingsEventTurnsAlarmsOffAndTheTimeSensitiveSwitchToo() async throws {
        // Given the pill asking for an alarm, else time-sensitive, and at 12:00 the user
        // turning off both alarms and time-sensitive notifications in one event, then
        // bringing the app to the foreground at 12:01
        let body = "settings: {alarms: on}\n" + Self.pills
            + "\nevents:\n  - {at: 2026-11-21T12:00, settings: {time_sensitive: off, critical: on, alarms: denied}}"
            + "\n  - {at: 2026-11-21T12:01, foreground}"
        let scenario = try makeScenario(body: body)
        var switches = NotificationSettings.allOn
        switches.timeSensitive = false
        switches.criticalAlerts = true
        #expect(scenario.events.map(\.action).first == .alarms(.denied, notifications: switches))
        // Then that run cancels the alarms and the ladder ends at active: the pill comes
        // as an active notification
        let result = try await ScenarioRunner(scenario: scenario).run()
        #expect(Self.shown(result) == ["21:00 Evening pills active"])
    }

    @Test(arguments: [
        ("settings: {alarms: maybe}\n", 4, 20, #""maybe" is not an alarm permission (expected on, denied or unavailable)"#),
        ("settings: {alarms: on, alarm_limit: 0}\n", 4, 37, "0 is out of range (expected 1...64)"),
        ("events:\n  - {at: 2026-11-21T09:00, settings: {alarm_limit: 2}}\n", 5, 52, "given once in the top-level settings"),
        ("events:\n  - {at: 2026-11-21T09:00, alarm: {on: pills, button: taken}}\n", 5, 55,
         "the notifications of habit/pills have no category"),
    ])
    func badAlarmKeysAreLocated(lines: String, line: Int, column: Int, message: String) throws {
        let yaml = ScenarioFixtures.header + lines.replacingOccurrences(of: "events:", with: Self.pills + "\nevents:")
        let error = try #require(parseError(yaml))
        let shifted = lines.hasPrefix("events:") ? line + 5 : line
        #expect(error.description.hasPrefix("test.yaml:\(shifted):\(column):"), "\(error)")
        #expect(error.description.contains(message), "\(error)")
    }

    static func unchosenActions(_ scenario: Scenario) async -> [String] {
        await ScenarioCheck(scenario: scenario).findings().map(\.subject).filter { $0.hasPrefix("action ") }
    }

    @Test func anAlarmPressChoosesItsButtonsAction() async throws {
        // the snooze and "Taken" buttons stand for those actions of the pill's
        // category: the check does not call them never chosen
        let body = Self.snoozingPills.replacingOccurrences(of: "minutes: 10}", with: "minutes: 10}\n      - {id: taken, title: Taken, kind: complete}")
        let snoozed = try makeScenario(body: body + "\nevents:\n  - {at: 2026-11-21T21:02, alarm: {on: pills/evening, button: snooze}}")
        #expect(await Self.unchosenActions(snoozed) == ["action pill/taken"])
        // With Taken first, the alarm's button is Taken
        let takenFirst = Self.snoozingPills.replacingOccurrences(
            of: "      - {id: later", with: "      - {id: taken, title: Taken, kind: complete}\n      - {id: later")
        let taken = try makeScenario(body: takenFirst + "\nevents:\n  - {at: 2026-11-21T21:02, alarm: {on: pills, button: taken}}")
        #expect(await Self.unchosenActions(taken) == ["action pill/later"])
    }

    @Test func aButtonTheAlarmDoesNotShowIsRefusedWhereTheFileNamesIt() throws {
        // Given a category whose first action is the snooze, then Taken: the alarm
        // shows stop and snooze only
        let body = Self.snoozingPills.replacingOccurrences(of: "minutes: 10}", with: "minutes: 10}\n      - {id: taken, title: Taken, kind: complete}")
        let yaml = ScenarioFixtures.header + body + "\nevents:\n  - {at: 2026-11-21T21:02, alarm: {on: pills, button: taken}}"
        let error = try #require(parseError(yaml))
        #expect(error.code == .unknownAction)
        #expect(error.description.contains("an alarm of habit/pills shows stop and snooze"), "\(error)")
        // and a snooze where the first action is not one
        let noSnooze = ScenarioFixtures.header + Self.pills + "\nevents:\n  - {at: 2026-11-21T21:02, alarm: {on: pills, button: snooze}}"
        let second = try #require(parseError(noSnooze))
        #expect(second.description.contains("shows only stop (its category has no action)"), "\(second)")
    }

    @Test func pressingAnAlarmThatIsNotSoundingStopsTheRunAtItsLine() async throws {
        let scenario = try makeScenario(body: """
            settings: {alarms: on}
            \(Self.pills)
            events:
              - {at: 2026-11-21T20:00, alarm: {on: pills, button: stop}}
            """)
        do {
            _ = try await ScenarioRunner(scenario: scenario).run()
            Issue.record("the run should stop at the press")
        } catch let error as ScenarioError {
            #expect(error.code == .impossibleEvent)
            #expect(error.description.contains("test.yaml:11:"), "\(error)")
            #expect(error.description.contains("no alarm of habit/pills is sounding (no alarm is sounding)"), "\(error)")
        }
    }
}
