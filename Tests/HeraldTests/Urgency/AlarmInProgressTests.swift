import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// A fixed alarm the user is in the middle of (sounding, or counting down a snooze) is
/// left to the user by the runs that follow, though its occurrence fired and the plan
/// no longer wants it; once the occurrence is done, paused or deleted, it is cancelled.
/// A pill at 20:00 whose content depends on the day (one fixed alarm per evening), and
/// a category whose first action is a 10-minute snooze; from a Berlin Wednesday,
/// 2026-11-25 at 10:00.
@Suite struct AlarmInProgressTests {
    static let pills = Fixtures.habit("pills")
    static let tonight = NotificationIdentifier(
        entity: pills, rule: "r", occurrence: OccurrenceKey(LocalDateTime(parsing: "2026-11-25T20:00")!), kind: .reminder)

    struct Setup {
        let clock = VirtualClock(now: AlarmEngineTests.start, timeZone: Fixtures.berlin)
        let alarms: SimulatedAlarmCenter
        let engine: Engine

        init() throws {
            alarms = SimulatedAlarmCenter(clock: clock, authorization: .authorized)
            let pill = try ReminderRule(entity: AlarmInProgressTests.pills, id: "r",
                                        schedule: try .daily(at: Fixtures.times(["20:00"]))).urgent(.alarm)
            let categories = try CategoryRegistry([ReminderCategory(identifier: "pill", actions: [
                .snooze("later", title: "Later", for: 600),
            ])])
            engine = Engine(center: SimulatedNotificationCenter(clock: clock, authorization: .authorized),
                            source: AlarmEngineTests.Source(rules: [pill]), clock: clock, categories: categories,
                            alarms: alarms)
        }

        /// The state of tonight's alarm in the service, `nil` when it holds none.
        func tonightsState() async throws -> AlarmState? {
            try await alarms.alarms().first { $0.id == AlarmRequest.id(for: AlarmInProgressTests.tonight) }?.state
        }

        /// The user presses `press` on tonight's alarm and the app hands it to Herald.
        func press(_ press: SystemAlarm.ButtonPress) async throws -> ReconcileReport? {
            try await alarms.press(press, on: AlarmRequest.id(for: AlarmInProgressTests.tonight))
            var last: ReconcileReport?
            for record in await alarms.takePresses() {
                last = await engine.alarmButtonPressed(record.press, identifier: record.identifier)
            }
            return last
        }
    }

    @Test func aSoundingAlarmIsNotSilencedByARun() async throws {
        let setup = try Setup()
        await setup.engine.launched()
        _ = await setup.alarms.advance(to: Fixtures.date("2026-11-25T20:01"))
        let report = await setup.engine.becameActive()
        // It fired (in the fired log), so the plan wants 26 November onwards; tonight's
        // still sounds: not cancelled, and it takes one of the service's 8 places, so
        // the plan holds 7 (26 November to 2 December), all held already.
        #expect(report.alarms.cancelled == 0 && report.alarms.scheduled == 0)
        #expect(report.alarms.unchanged == 7 && report.alarms.refused.isEmpty)
        #expect(report.plan?.alarmCapacity == 7)
        #expect(try await setup.tonightsState() == .alerting)
    }

    @Test func aSnoozedAlarmCountsDownAndSoundsAgain() async throws {
        let setup = try Setup()
        await setup.engine.launched()
        _ = await setup.alarms.advance(to: Fixtures.date("2026-11-25T20:02"))
        let report = try #require(try await setup.press(.snooze))
        #expect(report.alarms.cancelled == 0)
        #expect(try await setup.tonightsState() == .countdown)
        // Ten minutes after the press it sounds again.
        let again = await setup.alarms.advance(to: Fixtures.date("2026-11-25T20:12"))
        #expect(again.map(\.identifier) == [Self.tonight] && again.allSatisfy(\.afterSnooze))
    }

    @Test func aSnoozedAlarmWhosePillIsTakenInTheAppIsCancelled() async throws {
        let setup = try Setup()
        await setup.engine.launched()
        _ = await setup.alarms.advance(to: Fixtures.date("2026-11-25T20:02"))
        _ = try await setup.press(.snooze)
        let report = try await setup.engine.completed(Self.pills)
        #expect(report.alarms.cancelled == 1)
        #expect(try await setup.tonightsState() == nil)
        #expect(await setup.alarms.advance(to: Fixtures.date("2026-11-25T20:30")).isEmpty)
    }

    @Test func aSoundingAlarmOfAPausedPillIsCancelled() async throws {
        let setup = try Setup()
        await setup.engine.launched()
        _ = await setup.alarms.advance(to: Fixtures.date("2026-11-25T20:01"))
        try await setup.engine.paused(Self.pills)
        #expect(try await setup.tonightsState() == nil)
        #expect(try await setup.alarms.alarms().isEmpty)
    }

    @Test func aSoundingAlarmOfADeletedPillIsCancelled() async throws {
        let setup = try Setup()
        await setup.engine.launched()
        _ = await setup.alarms.advance(to: Fixtures.date("2026-11-25T20:01"))
        try await setup.engine.deleted([Self.pills])
        #expect(try await setup.tonightsState() == nil)
    }
}
