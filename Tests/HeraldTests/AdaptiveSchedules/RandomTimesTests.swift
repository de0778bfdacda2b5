import Foundation
import HeraldSimulator
import Testing
@testable import Herald

/// Random times in a daily window, through the engine and the simulated center: each
/// day delivers its draws, on the schedule's days, across a week boundary, both
/// daylight-saving changes, a flight, a completion learnt late and an app that does not
/// run; re-plans and other devices draw the same.
@Suite struct RandomTimesTests {
    static let mood = Fixtures.habit("mood")
    static let newYork = TimeZone(identifier: "America/New_York")!

    func makeWindow(from: Int = 10, to: Int = 16, times: Int = 2, gap: TimeInterval = 3600) throws -> ReminderRule.RandomTimes {
        try ReminderRule.RandomTimes(from: LocalTime(hour: from), to: LocalTime(hour: to), times: times, minimumGap: gap)
    }

    func makeRule(_ window: ReminderRule.RandomTimes, days: Set<Weekday> = Weekday.everyDay) throws -> ReminderRule {
        try ReminderRule(entity: Self.mood, id: "sample", schedule: .weekly(on: days, at: [LocalTime(hour: 10)]))
            .atRandomTimes(window)
    }

    func configuration(seed: UInt64) -> PlannerConfiguration {
        var configuration = PlannerConfiguration()
        configuration.randomSeed = seed
        return configuration
    }

    /// The occurrences the window draws on each day, as identifiers name them.
    func drawn(_ window: ReminderRule.RandomTimes, on days: [String], seed: UInt64) -> [String] {
        days.flatMap { day in
            window.draws(on: LocalDate(day), rule: ReminderRule.ID(entity: Self.mood, rule: "sample"), seed: seed)
                .map { LocalDateTime(date: LocalDate(day), time: $0).compactDescription }
        }
    }

    @Test func theScheduleDaysDrawTheirTimesAcrossTheWeek() async throws {
        // Given Monday, Wednesday and Friday, two draws between 10:00 and 16:00 an hour apart
        let window = try makeWindow()
        let fixture = AdaptiveFixture([try makeRule(window, days: [.monday, .wednesday, .friday])], at: "2026-11-23T08:00",
                                      configuration: configuration(seed: 42))
        _ = await fixture.engine.launched()
        await fixture.advance(to: "2026-12-01T20:00")
        // Then exactly those days' draws came, Friday 27 and Monday 30 on either side of the week's end
        let delivered = await fixture.delivered()
        #expect(delivered.map(\.occurrence) == drawn(window, on: ["2026-11-23", "2026-11-25", "2026-11-27", "2026-11-30"], seed: 42))
        #expect(delivered.map(\.date) == delivered.map { Fixtures.date(Self.iso($0.occurrence)) })
    }

    /// `20261123T1007` as `2026-11-23T10:07`.
    static func iso(_ compact: String) -> String {
        let c = Array(compact)
        return "\(String(c[0..<4]))-\(String(c[4..<6]))-\(String(c[6..<8]))T\(String(c[9..<11])):\(String(c[11..<13]))"
    }

    /// The instant Berlin's clocks show `compact` at on a change day, worked by hand:
    /// in the spring gap (02:00 to 03:00 on 29 March) a time fires an hour later on the
    /// wall, on 25 October a repeated time fires at its first (summer-time) instant.
    static func berlinInstant(_ compact: String) -> Date {
        let local = LocalDateTime(parsing: iso(compact))!
        let utc = Fixtures.date(iso(compact), in: TimeZone(identifier: "UTC")!)
        let seconds = local.time.secondsSinceMidnight
        switch (local.date.month, seconds) {
        case (3, ..<7200): return utc.addingTimeInterval(-3600)       // winter time
        case (3, ..<10800): return utc.addingTimeInterval(-3600)      // the gap: an hour later on the wall, in summer time
        case (3, _): return utc.addingTimeInterval(-7200)             // summer time
        case (10, ..<10800): return utc.addingTimeInterval(-7200)     // summer time, the first of a repeated hour
        default: return utc.addingTimeInterval(-3600)                 // winter time
        }
    }

    @Test(arguments: ["2026-03-29", "2026-10-25"])
    func drawsOnADaylightSavingChangeFireAsAnyTimeThen(day: String) async throws {
        // Given three draws between 01:00 and 04:00, with the first seed from 0 that puts
        // one in the hour the change skips or repeats
        let window = try makeWindow(from: 1, to: 4, times: 3, gap: 0)
        let id = ReminderRule.ID(entity: Self.mood, rule: "sample")
        let seed = try #require((0..<200).first { seed in
            window.draws(on: LocalDate(day), rule: id, seed: UInt64(seed)).contains { $0.hour == 2 }
        })
        let fixture = AdaptiveFixture([try makeRule(window)], at: "\(day)T00:30", configuration: configuration(seed: UInt64(seed)))
        _ = await fixture.engine.launched()
        await fixture.advance(to: "\(day)T06:00")
        // Then each draw fired once, at the instant worked by hand
        let delivered = await fixture.delivered()
        #expect(delivered.map(\.occurrence) == drawn(window, on: [day], seed: UInt64(seed)))
        #expect(delivered.map(\.date) == delivered.map { Self.berlinInstant($0.occurrence) })
    }

    @Test func aFlightDrawsInTheNewZonesDays() async throws {
        // Given seed 7, in Berlin, flying to New York on Tuesday 24 at 20:00 Berlin time
        let window = try makeWindow()
        let fixture = AdaptiveFixture([try makeRule(window)], at: "2026-11-23T08:00", configuration: configuration(seed: 7))
        _ = await fixture.engine.launched()
        await fixture.advance(to: "2026-11-24T20:00")
        _ = await fixture.center.setTimeZone(Self.newYork)
        _ = await fixture.engine.timeChanged(.timeZoneChanged)
        await fixture.advance(to: "2026-11-26T20:00", in: Self.newYork)
        // Then Wednesday and Thursday come at their draws, on New York's clock
        let delivered = await fixture.delivered()
        #expect(delivered.map(\.occurrence) == drawn(window, on: ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"], seed: 7))
        #expect(delivered.suffix(2).map(\.date) == delivered.suffix(2).map { Fixtures.date(Self.iso($0.occurrence), in: Self.newYork) })
    }

    @Test func aCompletionLearntLateEndsTheDaysDraws() async throws {
        // Given seed 42, Monday's draws pending
        let window = try makeWindow()
        let fixture = AdaptiveFixture([try makeRule(window)], at: "2026-11-23T08:00", configuration: configuration(seed: 42))
        _ = await fixture.engine.launched()
        let monday = drawn(window, on: ["2026-11-23"], seed: 42)
        // When the app learns, before either, that Monday was done
        _ = try await fixture.engine.completed(Self.mood, on: LocalDate("2026-11-23"), at: Fixtures.date("2026-11-23T09:00"))
        await fixture.advance(to: "2026-11-24T20:00")
        // Then Monday's draws are withdrawn and Tuesday's come
        #expect(!(await fixture.deliveredOccurrences()).contains { monday.contains($0) })
        #expect(await fixture.deliveredOccurrences() == drawn(window, on: ["2026-11-24"], seed: 42))
    }

    @Test func theDrawsComeWhileTheAppDoesNotRun() async throws {
        let window = try makeWindow()
        let fixture = AdaptiveFixture([try makeRule(window)], at: "2026-11-23T08:00", configuration: configuration(seed: 3))
        _ = await fixture.engine.launched()
        await fixture.advance(to: "2026-11-30T20:00")
        let days = (23...30).map { "2026-11-\($0)" }
        #expect(await fixture.deliveredOccurrences() == drawn(window, on: days, seed: 3))
    }

    @Test func aRelaunchAndAnotherDeviceDrawTheSameRequests() async throws {
        // Given two devices with the same seed, one planning on Monday, one on Wednesday
        let window = try makeWindow()
        let phone = AdaptiveFixture([try makeRule(window)], at: "2026-11-23T08:00", configuration: configuration(seed: 11))
        let mac = AdaptiveFixture([try makeRule(window)], at: "2026-11-25T08:00", configuration: configuration(seed: 11))
        _ = await phone.engine.launched()
        _ = await mac.engine.launched()
        _ = await phone.engine.becameActive()
        // Then the days both cover hold the same requests
        let shared = Set(await mac.pendingOccurrences()).intersection(await phone.pendingOccurrences())
        #expect(shared.count == 2 * 12)
        #expect(await phone.pendingOccurrences().filter { $0 >= "20261125" && $0 < "20261207" }
            == (await mac.pendingOccurrences()).filter { $0 < "20261207" })
    }

    @Test func whyNamesTheDraws() async throws {
        let window = try makeWindow()
        let fixture = AdaptiveFixture([try makeRule(window)], at: "2026-11-23T08:00", configuration: configuration(seed: 42))
        _ = await fixture.engine.launched()
        let draws = window.draws(on: LocalDate("2026-11-23"), rule: ReminderRule.ID(entity: Self.mood, rule: "sample"), seed: 42)
        let story = await fixture.engine.explain(entity: Self.mood, rule: "sample", at: LocalDateTime(parsing: "2026-11-23T10:00")!)
        if !draws.contains(LocalTime(hour: 10)) {
            #expect(story.events.first?.fact == .heldBack(.notDrawn(drawn: draws)))
        }
    }

    @Test func aWindowTooSmallForItsDrawsIsRefused() {
        let error = #expect(throws: DeclarationError.self) {
            try ReminderRule.RandomTimes(from: LocalTime(hour: 10), to: LocalTime(hour: 11), times: 3, minimumGap: 3600)
        }
        #expect(error?.code == .invalidRandomTimes)
        #expect(throws: DeclarationError.self) {
            try ReminderRule.RandomTimes(from: LocalTime(hour: 16), to: LocalTime(hour: 10), times: 1)
        }
        #expect(throws: DeclarationError.self) {
            try ReminderRule.RandomTimes(from: LocalTime(hour: 10), to: LocalTime(hour: 16), times: 1, minimumGap: 90)
        }
    }
}
