import Foundation
import Herald
import HeraldSimulator
import ShowcaseHabits
import Testing

/// The habit app's pill: a habit that must not be missed rings as an alarm where the
/// user allows the app's alarms, else comes time-sensitive, else as usual; the other
/// habits stay ordinary notifications. Worked out by hand from a Berlin Wednesday,
/// 2026-11-25 at 10:00, with a pill at 20:00 and water at 09:00, a 14-day horizon.
@Suite struct PillAlarmTests {
    static let start = Seed004HabitTests.date("2026-11-25T10:00")

    struct Fixture {
        let clock: VirtualClock
        let center: SimulatedNotificationCenter
        let alarms: SimulatedAlarmCenter?
        let app: HabitApp

        /// `alarms`: the alarm service's authorization, or `nil` for a system without one.
        init(alarms authorization: AlarmAuthorization?, settings: NotificationSettings = .allOn) async {
            clock = VirtualClock(now: PillAlarmTests.start, timeZone: Seed004HabitTests.berlin)
            center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
            await center.setNotificationSettings(settings)
            let habits = HabitReminderSource(clock: clock)
            habits.save(Habit(id: "pills", name: "Blood pressure pill", category: "Health",
                              reminderTimes: [LocalTime(hour: 20)], mustNotMiss: true))
            habits.save(Habit(id: "water", name: "Drink water", category: "Health", reminderTimes: [LocalTime(hour: 9)]))
            let engine: Engine
            if let authorization {
                let service = SimulatedAlarmCenter(clock: clock, authorization: authorization)
                alarms = service
                engine = Engine(center: center, source: habits, clock: clock, alarms: service)
            } else {
                alarms = nil
                engine = Engine(center: center, source: habits, clock: clock)
            }
            app = HabitApp(habits: habits, host: AppHost(engine: engine))
        }

        /// Pending requests of one habit, as (local fire time, interruption level).
        func pending(_ habit: String) async -> [String] {
            await center.pendingNotificationRequests()
                .filter { $0.heraldIdentifier?.entity.id == habit }
                .map { "\($0.heraldIdentifier!.occurrence.rawValue) \($0.content.interruptionLevel)" }
                .sorted()
        }
    }

    /// `20261125T2000` ... for `count` days from 25 November.
    static func evenings(_ count: Int, level: String? = nil) -> [String] {
        (0..<count).map { day in
            let date = LocalDate(year: 2026, month: 11, day: 25).adding(days: day)
            let key = String(format: "%04d%02d%02dT2000", date.year, date.month, date.day)
            return level.map { "\(key) \($0)" } ?? key
        }
    }

    @Test func allowedAlarmsRingThePillAndLeaveWaterANotification() async throws {
        let fixture = await Fixture(alarms: .authorized)
        let alarms = try #require(fixture.alarms)
        let report = await fixture.app.launch()
        // Streak-dependent content: one fixed alarm per evening, as many as the
        // service's 8 allow: 25 November to 2 December.
        let held = try await alarms.alarms()
        var times: [String] = []
        for alarm in held {
            let request = try #require(await alarms.request(for: alarm.id))
            #expect(request.title == "Blood pressure pill")
            times.append(request.identifier.occurrence.rawValue)
        }
        #expect(times.sorted() == Self.evenings(8))
        #expect(report.plan?.alarms.count == 8 && report.alarms.scheduled == 8)
        // Each alarm's backstop is the only pill request in the center (issue 37): 20:05
        // on the same 8 evenings.
        #expect(await fixture.pending("pills").count == 8)
        // Water: 09:00 from 26 November (today's has passed) to 9 December, active.
        #expect(await fixture.pending("water").count == 14)

        // At 20:00 the alarm sounds; nobody answers it, so at 20:05 the center delivers
        // its backstop, and no other pill.
        let delivered = await fixture.center.advance(to: Seed004HabitTests.date("2026-11-25T20:05"))
        let firings = await alarms.fireDue()
        #expect(firings.map(\.identifier.occurrence.rawValue) == ["20261125T2000"])
        #expect(delivered.map(\.request.identifier) == ["herald:backstop:habit:pills:daily:20261125T2000"])
    }

    @Test func deniedAlarmsBringThePillTimeSensitive() async throws {
        let fixture = await Fixture(alarms: .denied)
        await fixture.app.launch()
        // 25 November to 8 December at 20:00; 9 December's is past the horizon (10:00).
        #expect(await fixture.pending("pills") == Self.evenings(14, level: "timeSensitive"))
        #expect(await fixture.pending("water").allSatisfy { $0.hasSuffix(" active") })
        #expect(try await fixture.alarms?.alarms().isEmpty == true)
    }

    @Test func withoutAnAlarmServiceThePillIsTimeSensitive() async throws {
        let fixture = await Fixture(alarms: nil)
        await fixture.app.launch()
        #expect(await fixture.pending("pills") == Self.evenings(14, level: "timeSensitive"))
    }

    @Test func withTimeSensitiveOffTooThePillComesAsUsual() async throws {
        var settings = NotificationSettings.allOn
        settings.timeSensitive = false
        let fixture = await Fixture(alarms: .denied, settings: settings)
        let report = await fixture.app.launch()
        #expect(await fixture.pending("pills") == Self.evenings(14, level: "active"))
        let pill = try #require(report.plan?.reminders.first { $0.rule.entity.id == "pills" })
        #expect(report.plan?.delivery(of: pill)?.level == .active)
    }
}
