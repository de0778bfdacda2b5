import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// The engine with an alarm service: the pill rule's reminders become alarms within
/// the service's limit, reconciled with the fewest calls; what sounded is recorded in
/// the fired log; the alarm's buttons come back as responses, once. Expectations are
/// worked out by hand from a Berlin Wednesday, 2026-11-25 at 10:00.
@Suite struct AlarmEngineTests {
    static let start = Fixtures.date("2026-11-25T10:00")
    static let pills = Fixtures.habit("pills")

    struct Source: ReminderSource {
        var rules: [ReminderRule]
        func reminderRules() async throws -> [ReminderRule] { rules }
        func content(for reminder: PlannedReminder) async throws -> NotificationContent {
            NotificationContent(title: reminder.rule.entity.id == "pills" ? "Blood pressure pill" : "Water",
                                categoryIdentifier: reminder.rule.entity.id == "pills" ? "pill" : "")
        }
    }

    struct Setup {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let alarms: SimulatedAlarmCenter
        let store: InMemoryEngineStore
        let engine: Engine

        init(systemLimit: Int = 8, capacity: Int? = nil, authorization: AlarmAuthorization = .authorized,
             whenRevoked: AlarmsWhenRevoked = .silenced) throws {
            clock = VirtualClock(now: AlarmEngineTests.start, timeZone: Fixtures.berlin)
            center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
            alarms = SimulatedAlarmCenter(clock: clock, systemLimit: systemLimit, capacity: capacity,
                                          authorization: authorization, whenRevoked: whenRevoked)
            store = InMemoryEngineStore()
            let pill = try ReminderRule(entity: AlarmEngineTests.pills, id: "r",
                                        schedule: try .daily(at: Fixtures.times(["08:00", "20:00"])),
                                        fixedContent: true).urgent(.alarm, fallback: [.timeSensitive])
            let source = Source(rules: [pill, Fixtures.dailyRule("water", at: ["12:00"])])
            let categories = try CategoryRegistry([ReminderCategory(identifier: "pill", actions: [
                ReminderCategory.Action(identifier: "taken", title: "Taken", kind: .complete),
            ])])
            engine = Engine(center: center, source: source, store: store, clock: clock, categories: categories,
                            alarms: alarms)
        }

        func heldAlarms() async throws -> [String] {
            var described: [String] = []
            for alarm in try await alarms.alarms() {
                let request = await alarms.request(for: alarm.id)
                described.append("\(request?.identifier.occurrence.rawValue ?? "?") \(alarm.state)")
            }
            return described.sorted()
        }
    }

    static func weekly(_ time: String) -> NotificationIdentifier {
        NotificationIdentifier(entity: pills, rule: "r", occurrence: .repeating(LocalTime(parsing: time)!), kind: .reminder)
    }

    @Test func theDailyPillIsTwoWeeklyAlarmsWithItsTitleAndTakenButtonAndNoNotification() async throws {
        let setup = try Setup()
        let report = await setup.engine.launched()
        #expect(report.alarms.scheduled == 2 && report.alarms.cancelled == 0 && report.alarms.refused.isEmpty)
        #expect(try await setup.heldAlarms() == ["every-0800 scheduled", "every-2000 scheduled"])
        let evening = try #require(await setup.alarms.request(for: AlarmRequest.id(for: Self.weekly("20:00"))))
        #expect(evening.title == "Blood pressure pill")
        #expect(evening.schedule == .weekly(LocalTime(hour: 20), on: Set(Weekday.allCases)))
        #expect(evening.secondary == .action(identifier: "taken", title: "Taken"))
        // No pill reminder is in the notification center: water's 14 noons, 25 November to
        // 8 December, and the alarms' backstops, five minutes after each of the pill's 28
        // occurrences up to the horizon (20:00 from 25 November, 08:00 from 26 November,
        // to 9 December 10:00).
        let pending = await setup.center.pendingNotificationRequests()
        #expect(pending.filter { $0.heraldIdentifier?.entity.id == "water" }.count == 14)
        let backstops = pending.compactMap(\.heraldIdentifier).filter { $0.entity == Self.pills }
        #expect(backstops.count == 28 && backstops.allSatisfy { $0.kind == .backstop })
    }

    @Test func aSecondRunMakesNoAlarmCall() async throws {
        let setup = try Setup()
        await setup.engine.launched()
        let before = await setup.alarms.callCounts
        let report = await setup.engine.becameActive()
        #expect(report.alarms == { var outcome = AlarmOutcome(); outcome.unchanged = 2; return outcome }())
        let after = await setup.alarms.callCounts
        #expect(after.schedules == before.schedules && after.cancels == before.cancels)
    }

    @Test func takingThePillTodaySwitchesToFixedAlarmsFromTomorrow() async throws {
        let setup = try Setup()
        await setup.engine.launched()
        let report = try await setup.engine.completed(Self.pills)
        // Tonight's 20:00 is done, so weekly alarms would not be exact: both are cancelled
        // and the next eight occurrences (26 to 29 November, 08:00 and 20:00) scheduled.
        #expect(report.alarms.cancelled == 2 && report.alarms.scheduled == 8)
        #expect(try await setup.heldAlarms() == [26, 27, 28, 29].flatMap { day in
            ["0800", "2000"].map { "202611\(day)T\($0) scheduled" }
        })
    }

    @Test func aServiceLimitBelowTheCapacityRefusesTheRestAndTheNextRunTriesAgain() async throws {
        let setup = try Setup(systemLimit: 1, capacity: 8)
        let report = await setup.engine.launched()
        // Alarms in order of first sounding: 20:00 tonight fits, 08:00 tomorrow is refused.
        #expect(report.alarms.scheduled == 1)
        #expect(report.alarms.refused == [Self.weekly("08:00")])
        #expect(try await setup.heldAlarms() == ["every-2000 scheduled"])
        let again = await setup.engine.becameActive()
        #expect(again.alarms.unchanged == 1 && again.alarms.refused == [Self.weekly("08:00")])
        #expect(await setup.alarms.callCounts.failedSchedules == 2)
    }

    @Test func withAlarmsDeniedThePillIsATimeSensitiveNotificationAndNoAlarmCallIsMade() async throws {
        let setup = try Setup(authorization: .denied)
        let report = await setup.engine.launched()
        #expect(report.alarms == AlarmOutcome())
        #expect(await setup.alarms.callCounts.schedules == 0)
        let pending = await setup.center.pendingNotificationRequests()
        let pills = pending.filter { $0.heraldIdentifier?.entity == Self.pills }
        // 25 November 20:00, then twice a day to 9 December 08:00: 1 + 13 × 2 + 1 = 28.
        #expect(pills.count == 28 && pills.allSatisfy { $0.content.interruptionLevel == .timeSensitive })
    }

    @Test func anAlarmThatSoundedIsInTheFiredLogAndItsTakenButtonCompletesThePillOnce() async throws {
        let setup = try Setup()
        await setup.engine.launched()
        _ = await setup.alarms.advance(to: Fixtures.date("2026-11-25T20:00"))
        await setup.engine.becameActive()
        let fired = setup.store.load().fired.values.map { "\($0.identifier.occurrence.rawValue) \($0.date)" }
        #expect(fired == ["20261125T2000 \(Fixtures.date("2026-11-25T20:00"))"])
        // The press reaches the app twice (a retry after a kill): one response, one completion.
        try await setup.alarms.press(.action("taken"), on: AlarmRequest.id(for: Self.weekly("20:00")))
        for record in await setup.alarms.takePresses() {
            await setup.engine.alarmButtonPressed(record.press, identifier: record.identifier)
            await setup.engine.alarmButtonPressed(record.press, identifier: record.identifier)
        }
        let state = setup.store.load()
        #expect(state.queuedResponses.map(\.response.notification.request.identifier)
                == [NotificationIdentifier(entity: Self.pills, rule: "r", occurrence: OccurrenceKey(LocalDateTime(parsing: "2026-11-25T20:00")!),
                                           kind: .reminder).description])
        #expect(state.satisfiedDays.contains(EntityDay(Self.pills, LocalDate(year: 2026, month: 11, day: 25))))
    }

    @Test func alarmsTurnedOffAfterTheyWereScheduledAreCancelledAndThePillFallsBackToNotifications() async throws {
        // Given a system that keeps alarms turned off (the default drops them itself)
        let setup = try Setup(whenRevoked: .sound)
        await setup.engine.launched()
        await setup.alarms.setAuthorization(.denied)
        let report = await setup.engine.becameActive()
        #expect(report.alarms.cancelled == 2 && report.alarms.scheduled == 0)
        #expect(try await setup.heldAlarms().isEmpty)
        #expect(await setup.center.pendingNotificationRequests().filter { $0.heraldIdentifier?.entity == Self.pills }.count == 28)
        #expect(try setup.store.load().scheduledAlarms.isEmpty)
    }

    /// An alarm service whose list cannot be read while `failing`.
    final class Unreadable: AlarmCenter, @unchecked Sendable {
        let inner: SimulatedAlarmCenter
        var failing = false
        init(_ inner: SimulatedAlarmCenter) { self.inner = inner }
        var capacity: Int { inner.capacity }
        func authorization() async -> AlarmAuthorization { await inner.authorization() }
        func requestAuthorization() async throws -> AlarmAuthorization { try await inner.requestAuthorization() }
        func alarms() async throws -> [SystemAlarm] {
            if failing { throw AlarmCenterError.unavailable }
            return try await inner.alarms()
        }
        func schedule(_ request: AlarmRequest) async throws { try await inner.schedule(request) }
        func cancel(id: UUID) async throws { try await inner.cancel(id: id) }
    }

    @Test func whenTheAlarmListCannotBeReadNothingIsConcludedOrChanged() async throws {
        let clock = VirtualClock(now: Self.start, timeZone: Fixtures.berlin)
        let simulated = SimulatedAlarmCenter(clock: clock, authorization: .authorized)
        let alarms = Unreadable(simulated)
        let store = InMemoryEngineStore()
        let pill = try ReminderRule(entity: Self.pills, id: "r", schedule: try .daily(at: Fixtures.times(["20:00"])))
            .urgent(.alarm)
        let engine = Engine(center: SimulatedNotificationCenter(clock: clock, authorization: .authorized),
                            source: Source(rules: [pill]), store: store, clock: clock, alarms: alarms)
        await engine.launched()
        let remembered = store.load().scheduledAlarms
        #expect(remembered.count == 8)
        // 20:00 tonight has sounded, but the list cannot be read:
        // no firing is recorded, no call is made, nothing is forgotten.
        _ = await simulated.advance(to: Fixtures.date("2026-11-26T07:00"))
        alarms.failing = true
        let before = await simulated.callCounts
        let report = await engine.becameActive()
        #expect(report.alarms == AlarmOutcome())
        #expect(store.load().fired.isEmpty)
        #expect(store.load().scheduledAlarms == remembered)
        let after = await simulated.callCounts
        #expect(after.schedules == before.schedules && after.cancels == before.cancels)
    }

    @Test func aFixedAlarmStoppedWhileTheAppWasAwayIsInTheFiredLogAtItsInstant() async throws {
        let setup = try Setup()
        await setup.engine.launched()
        try await setup.engine.completed(Self.pills)   // fixed alarms from 26 November 08:00
        let morning = NotificationIdentifier(entity: Self.pills, rule: "r",
                                             occurrence: OccurrenceKey(LocalDateTime(parsing: "2026-11-26T08:00")!),
                                             kind: .reminder)
        _ = await setup.alarms.advance(to: Fixtures.date("2026-11-26T08:01"))
        try await setup.alarms.press(.stop, on: AlarmRequest.id(for: morning))   // one-shot: deleted
        await setup.engine.becameActive()
        let fired = setup.store.load().fired.values.map { "\($0.identifier.occurrence.rawValue) \($0.date)" }
        #expect(fired == ["20261126T0800 \(Fixtures.date("2026-11-26T08:00"))"])
    }

    /// A source whose content fails while `failing`.
    final class FlakySource: ReminderSource, @unchecked Sendable {
        let inner: Source
        var failing = false
        init(_ inner: Source) { self.inner = inner }
        func reminderRules() async throws -> [ReminderRule] { try await inner.reminderRules() }
        func content(for reminder: PlannedReminder) async throws -> NotificationContent {
            if failing { throw CancellationError() }
            return try await inner.content(for: reminder)
        }
    }

    @Test func anAlarmWhoseContentFailsIsLeftAsItIs() async throws {
        let clock = VirtualClock(now: Self.start, timeZone: Fixtures.berlin)
        let alarms = SimulatedAlarmCenter(clock: clock, authorization: .authorized)
        let pill = try ReminderRule(entity: Self.pills, id: "r", schedule: try .daily(at: Fixtures.times(["20:00"])),
                                    fixedContent: true).urgent(.alarm)
        let source = FlakySource(Source(rules: [pill]))
        let engine = Engine(center: SimulatedNotificationCenter(clock: clock, authorization: .authorized),
                            source: source, clock: clock, alarms: alarms)
        await engine.launched()
        source.failing = true
        let report = await engine.becameActive()
        // Neither cancelled nor scheduled again: the weekly 20:00 alarm stays.
        #expect(report.alarms == AlarmOutcome())
        #expect(try await alarms.alarms().count == 1)
        #expect(await alarms.callCounts.cancels == 0)
    }
}
