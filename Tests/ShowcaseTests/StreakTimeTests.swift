import Foundation
import Herald
import HeraldSimulator
import ShowcaseStreaks
import Testing

/// Seed 003's time half: the streak reminder is re-planned for each new day with that
/// day's games at risk, whether or not smart timing is on, as soon as the app runs after
/// the day changed (iOS does not wake a suspended app at midnight: it learns of the new
/// day when it comes to the foreground, gets a background refresh or is launched), and
/// smart timing suggests, clamps and recomputes as specified without ever switching
/// anything on.
@Suite struct StreakTimeTests {
    struct Fixture {
        let device: SimulatedDevice
        let source: StreakReminderSource
        var center: SimulatedNotificationCenter { device.center }

        func app() async throws -> StreakApp {
            try #require(await device.app as? SimulatedStreakApp).app
        }

        /// The pending streak reminders' local fire times and bodies, soonest first.
        func pendingReminders() async -> [(time: String, body: String)] {
            await center.pendingSchedule().sorted { ($0.nextFireDate ?? .distantFuture) < ($1.nextFireDate ?? .distantFuture) }
                .map { (ZoneConverter.for(berlin).local(for: $0.nextFireDate!).description, $0.request.content.body) }
        }
    }

    /// The streak app suspended in the background on Monday 1 June 2026, 20:00, with
    /// Wordle and Connections played on Sunday, reminded at 23:59.
    func makeFixture(settings: StreakSettings = StreakSettings(reminderTime: LocalTime(hour: 23, minute: 59)),
                     at start: String = "2026-06-01T20:00") async throws -> Fixture {
        let center = makeCenter(at: start)
        let sunday = day("2026-05-31")
        let source = StreakReminderSource(
            clock: center.clock,
            games: [TrackedGame(game: wordle, streak: 5, lastPlayed: sunday),
                    TrackedGame(game: connections, streak: 2, lastPlayed: sunday)],
            settings: settings)
        let store = InMemoryEngineStore()
        let device = await SimulatedDevice(center: center) { [clock = center.clock] in
            SimulatedStreakApp(app: StreakApp(source: source, engineStore: store, center: center, clock: clock),
                               wiresHandlersAtLaunch: true)
        }
        try await device.launch(into: .background)
        return Fixture(device: device, source: source)
    }

    /// How the suspended app next runs after midnight.
    enum NextRun: String, CaseIterable, Sendable {
        case foreground
        case backgroundRefresh

        func happen(on device: SimulatedDevice) async throws {
            switch self {
            case .foreground: try await device.moveToForeground()
            case .backgroundRefresh: try await device.backgroundRefresh()
            }
        }
    }

    @Test(arguments: [false, true], NextRun.allCases)
    func theNewDaysReminderListsItsGamesOnceTheAppRunsAgain(smartTiming: Bool, nextRun: NextRun) async throws {
        // Given Wordle played at 20:30, so only Connections is at risk at 23:59
        var settings = StreakSettings(reminderTime: LocalTime(hour: 23, minute: 59))
        settings.smartTimingEnabled = smartTiming
        let fixture = try await makeFixture(settings: settings)
        try await fixture.app().recordResult(wordle.id, at: instant("2026-06-01T20:30"))
        let lastMinute = await fixture.device.advance(to: instant("2026-06-01T23:59"))
        #expect(lastMinute.map(\.notification.request.content.body) == ["Connections is at risk: play before midnight to keep your streak."])

        // When the day changes while the app is suspended
        await fixture.device.advance(to: instant("2026-06-02T07:00"))

        // Then nothing is re-planned: Tuesday's reminder still says what Monday's plan said
        #expect(await fixture.pendingReminders().first.map { "\($0.time) \($0.body)" }
            == "2026-06-02T23:59 Connections is at risk: play before midnight to keep your streak.")
        #expect(await fixture.device.events.filter(\.isTimeChange).isEmpty)

        // When the app runs again at 07:00
        try await nextRun.happen(on: fixture.device)

        // Then it hears of the day change at once, and Tuesday's reminder lists Wordle
        // (played Monday); Connections' streak is over. With smart timing on, its time
        // also moved to 30 minutes before the 20–21 window Wordle was played in.
        let pending = await fixture.pendingReminders()
        #expect(pending.first?.time == (smartTiming ? "2026-06-02T19:30" : "2026-06-02T23:59"))
        #expect(pending.first?.body == "Wordle is at risk: play before midnight to keep your streak.")
        let changes = await fixture.device.events.filter(\.isTimeChange)
        #expect(changes.map(\.date) == [instant("2026-06-02T07:00")])
        #expect(changes.map(\.kind) == [.timeChanged(.dayChanged)])
    }

    @Test func theNextLaunchPlansTheNewDaysGames() async throws {
        // Given Wordle played at 20:30 and the app ended before midnight
        let fixture = try await makeFixture()
        try await fixture.app().recordResult(wordle.id, at: instant("2026-06-01T20:30"))
        await fixture.device.advance(to: instant("2026-06-01T23:59:30"))
        await fixture.device.terminate()
        await fixture.device.advance(to: instant("2026-06-02T07:00"))
        #expect(await fixture.pendingReminders().first?.body == "Connections is at risk: play before midnight to keep your streak.")

        // When the user opens it on Tuesday morning
        try await fixture.device.launch()

        // Then the launch plans Tuesday's reminder with Wordle at risk
        #expect(await fixture.pendingReminders().map { "\($0.time) \($0.body)" }.first
            == "2026-06-02T23:59 Wordle is at risk: play before midnight to keep your streak.")
    }

    @Test func whenNothingIsAtRiskTheReminderIsWithdrawn() async throws {
        let fixture = try await makeFixture()
        try await fixture.app().recordResult(wordle.id, at: instant("2026-06-01T20:10"))
        try await fixture.app().recordResult(connections.id, at: instant("2026-06-01T20:20"))
        #expect(await fixture.center.pendingNotificationRequests().isEmpty)
        #expect(await fixture.device.advance(to: instant("2026-06-01T23:59:30")).isEmpty)
        // Both are at risk again on Tuesday: the suspended app does not know yet...
        await fixture.device.advance(to: instant("2026-06-02T06:00"))
        #expect(await fixture.center.pendingNotificationRequests().isEmpty)
        // ...and the reminder comes back at its next background refresh
        try await fixture.device.backgroundRefresh()
        #expect(await fixture.pendingReminders().map { "\($0.time) \($0.body)" }.first
            == "2026-06-02T23:59 Wordle and Connections are at risk.")
    }

    @Test func applyingASuggestionWhileRemindersAreOffChangesNothing() async throws {
        let off = StreakSettings(remindersEnabled: false, smartTimingEnabled: false, reminderTime: LocalTime(hour: 19))
        let fixture = try await makeFixture(settings: off)
        for day in 1...10 { fixture.source.recordResult(wordle.id, at: instant(String(format: "2026-05-%02dT08:15", day))) }

        let suggestion = try await fixture.app().applySmartReminder()

        #expect(suggestion?.reminderTime == LocalTime(hour: 7, minute: 30))
        #expect(fixture.source.settings == off)
        #expect(await fixture.center.pendingNotificationRequests().isEmpty)
    }

    @Test func theReminderAndTheDisplayUseOneWindow() async throws {
        let fixture = try await makeFixture(settings: StreakSettings(smartTimingEnabled: true))
        for day in 20...30 {
            fixture.source.recordResult(connections.id, at: instant(String(format: "2026-05-%02dT22:40", day)))
            fixture.source.recordResult(wordle.id, at: instant(String(format: "2026-05-%02dT23:20", day)))
        }
        let app = try await fixture.app()
        let suggestion = try #require(await app.applySmartReminder())
        #expect(suggestion.windowStartHour == 22)
        #expect(suggestion.windowEndHour == 23)
        #expect(await app.smartWindowDescription() == "22–23")
        // 21:30 is 30 minutes before 22:00, inside the 06:00–22:00 range
        #expect(fixture.source.settings.reminderTime == LocalTime(hour: 21, minute: 30))
    }

    @Test(arguments: [("03:10", LocalTime(hour: 6)), ("23:40", LocalTime(hour: 22))])
    func suggestionsAreClampedTo0600And2200(played: String, expected: LocalTime) async throws {
        let fixture = try await makeFixture(settings: StreakSettings(smartTimingEnabled: true))
        for day in 20...30 { fixture.source.recordResult(wordle.id, at: instant("2026-05-\(day)T\(played)")) }
        let suggestion = try await fixture.app().applySmartReminder()
        #expect(suggestion?.reminderTime == expected)
        #expect(fixture.source.settings.reminderTime == expected)
    }

    @Test func aSuggestionIsRecomputedOnlyWhenTwoDaysOld() async throws {
        // Given smart timing on and a suggestion computed on Monday from evening play
        let fixture = try await makeFixture(settings: StreakSettings(smartTimingEnabled: true), at: "2026-06-01T12:00")
        for day in 20...30 { fixture.source.recordResult(wordle.id, at: instant("2026-05-\(day)T19:10")) }
        try await fixture.app().applySmartReminder()
        #expect(fixture.source.settings.reminderTime == LocalTime(hour: 18, minute: 30))

        // When the user starts playing in the morning
        for hour in ["2026-06-01T09:10", "2026-06-01T09:20", "2026-06-01T09:30"] {
            fixture.source.recordResult(connections.id, at: instant(hour))
        }
        for day in 2...3 {
            for minute in [5, 15, 25, 35, 45] {
                fixture.source.recordResult(connections.id, at: instant(String(format: "2026-06-0%dT09:%02d", day - 1, minute)))
            }
        }
        // Then the day changes 12 and 36 hours later, told at a background refresh
        // right after each midnight, keep the old time...
        for midnight in ["2026-06-02T00:00", "2026-06-03T00:00"] {
            await fixture.device.advance(to: instant(midnight))
            try await fixture.device.backgroundRefresh()
            #expect(fixture.source.settings.reminderTime == LocalTime(hour: 18, minute: 30), "\(midnight)")
        }
        // ...and the first one when the suggestion is two days old recomputes it
        await fixture.device.advance(to: instant("2026-06-04T00:00"))
        try await fixture.device.backgroundRefresh()
        #expect(fixture.source.settings.reminderTime == LocalTime(hour: 8, minute: 30))
        // And smart timing never switched anything on
        #expect(fixture.source.settings.remindersEnabled && fixture.source.settings.smartTimingEnabled)
    }
}

extension DeviceEvent {
    /// Whether the app was told that time moved.
    var isTimeChange: Bool {
        if case .timeChanged = kind { true } else { false }
    }
}
