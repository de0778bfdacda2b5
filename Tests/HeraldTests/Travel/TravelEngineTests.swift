import Foundation
import HeraldSimulator
import Synchronization
import Testing
@testable import Herald

/// A trip Berlin → New York → Berlin on a simulated device, with the app in the
/// foreground (told of a zone change at its instant): the notice in the run's report,
/// the choice, the instants planned across the trip, the choices lapsing on the way
/// home, and the home zone and choices surviving a relaunch.
@Suite struct TravelEngineTests {
    static let berlin = Fixtures.berlin
    static let newYork = TimeZone(identifier: "America/New_York")!
    let pill = ReminderRule.ID(entity: Fixtures.habit("pill"), rule: "morning")

    /// Every engine made (one a process) and every report they published.
    final class Processes: Sendable {
        let reports = Mutex<[ReconcileReport]>([])
        let engines = Mutex<[Engine]>([])
    }

    /// The device, the store its processes share, and what the processes did.
    struct Fixture {
        let device: SimulatedDevice
        let clock: VirtualClock
        let store: InMemoryEngineStore
        let processes: Processes

        /// The engine of the process running now.
        var engine: Engine { processes.engines.withLock { $0.last! } }
        var engineCount: Int { processes.engines.withLock { $0.count } }
        var notices: [TravelNotice] { processes.reports.withLock { $0.compactMap(\.travel) } }
    }

    /// A pill at 08:00 and a walk at 18:00, floating; the app launched into the
    /// foreground in Berlin on Tuesday 2026-12-01 at 07:00 CET (06:00 UTC).
    func makeFixture(configuration: PlannerConfiguration = PlannerConfiguration()) async throws -> Fixture {
        let clock = VirtualClock(now: makeUTC("2026-12-01T06:00"), timeZone: Self.berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let source = TestReminderSource([Fixtures.dailyRule("pill", "morning", at: ["08:00"]),
                                         Fixtures.dailyRule("walk", "daily", at: ["18:00"])])
        let store = InMemoryEngineStore()
        let processes = Processes()
        let device = await SimulatedDevice(center: center) {
            let engine = Engine(center: center, source: source, store: store, clock: clock, configuration: configuration)
            processes.engines.withLock { $0.append(engine) }
            await engine.observeReports { report in processes.reports.withLock { $0.append(report) } }
            return HostedApp(host: AppHost(engine: engine), readyWith: RecordingResponder())
        }
        try await device.launch(into: .foreground)
        return Fixture(device: device, clock: clock, store: store, processes: processes)
    }

    func makeUTC(_ text: String) -> Date { Fixtures.date(text, in: TimeZone(identifier: "UTC")!) }

    /// `entity UTC instant` of each delivery.
    func describe(_ presented: [PresentedNotification]) -> [String] {
        presented.map { "\($0.notification.request.heraldIdentifier!.entity.id) \(ZoneConverter.utc.local(for: $0.notification.date))" }
    }

    @Test func landingInNewYorkTellsTheAppWhichRulesDiffer() async throws {
        // Given the app in Berlin until Wednesday 20:00 CET (19:00 UTC)
        let fixture = try await makeFixture()
        _ = await fixture.device.advance(to: makeUTC("2026-12-02T19:00"))
        #expect(fixture.notices.isEmpty)
        #expect(try await fixture.engine.homeZone() == Self.berlin)

        // When the phone takes New York's zone (14:00 EST)
        await fixture.device.setTimeZone(Self.newYork)

        // Then the run tells the app, once: the pill's next 08:00 CET (Thursday 07:00 UTC)
        // is 02:00 here, following local time Thursday 08:00; the walk's next 18:00 CET
        // (Thursday 17:00 UTC) is 12:00 here, following local time Thursday 18:00
        // (Wednesday's 18:00 fired in Berlin and does not fire again)
        let notice = try #require(fixture.notices.last)
        #expect(fixture.notices.count == 1)
        #expect((notice.homeZone, notice.zone, notice.isHome) == (Self.berlin, Self.newYork, false))
        #expect(notice.affected.map { "\($0.rule) \($0.homeTimeHere) \($0.local.local)" } == [
            "habit/pill/morning 2026-12-03T02:00 2026-12-03T08:00",
            "habit/walk/daily 2026-12-03T12:00 2026-12-03T18:00",
        ])
        #expect(notice.prompt == nil)
        // and the same notice on demand
        #expect(try await fixture.engine.travelNotice()?.affected == notice.affected)
    }

    @Test func aPillKeptAtHomeTimeFiresAtBerlinsInstantsWhileTheWalkFollowsNewYork() async throws {
        // Given the app in New York from Wednesday 19:00 UTC (14:00 EST)
        let fixture = try await makeFixture()
        _ = await fixture.device.advance(to: makeUTC("2026-12-02T19:00"))
        await fixture.device.setTimeZone(Self.newYork)

        // When the user keeps home time for the pill
        let report = try await fixture.engine.chooseTravel(.keepHome, for: pill)
        #expect(report?.reasons == [.travelChoice(.keepHome, rule: pill)])
        let trip = await fixture.device.advance(to: makeUTC("2026-12-05T06:00"))

        // Then the pill fires at 08:00 CET = 07:00 UTC = 02:00 EST each day, and the
        // walk at 18:00 EST = 23:00 UTC from Thursday (Wednesday's 18:00 fired in Berlin,
        // 17:00 UTC, before the flight: a local occurrence fires once)
        #expect(describe(trip) == [
            "pill 2026-12-03T07:00", "walk 2026-12-03T23:00", "pill 2026-12-04T07:00", "walk 2026-12-04T23:00",
        ])
    }

    @Test func comingHomeEndsTheTripAndTheNextTripAsksAgain() async throws {
        // Given a trip to New York where every rule keeps home time
        let fixture = try await makeFixture()
        _ = await fixture.device.advance(to: makeUTC("2026-12-02T19:00"))
        await fixture.device.setTimeZone(Self.newYork)
        try await fixture.engine.chooseTravel(.keepHome)

        // When the phone is back in Berlin on Saturday 06:00 UTC (07:00 CET)
        _ = await fixture.device.advance(to: makeUTC("2026-12-05T06:00"))
        await fixture.device.setTimeZone(Self.berlin)

        // Then the app is told the trip ended, and the choice lapsed
        let back = try #require(fixture.notices.last)
        #expect(back.isHome && back.affected.isEmpty)
        #expect(try fixture.store.load().trip == nil)

        // When the user flies to New York again, landing on Sunday 19:00 UTC (14:00 EST)
        _ = await fixture.device.advance(to: makeUTC("2026-12-06T19:00"))
        await fixture.device.setTimeZone(Self.newYork)
        let second = await fixture.device.advance(to: makeUTC("2026-12-07T14:00"))

        // Then the app is asked again (nothing chosen), and the pill follows local time:
        // Monday's 08:00 EST = 13:00 UTC, not 08:00 CET = 07:00 UTC (Sunday's walk fired in
        // Berlin at 18:00 CET, 17:00 UTC, and does not fire again at 18:00 EST)
        #expect(fixture.notices.last?.affected.map(\.choice) == [.followLocal, .followLocal])
        #expect(describe(second) == ["pill 2026-12-07T13:00"])
    }

    @Test func theHomeZoneAndTheChoicesSurviveARelaunch() async throws {
        // Given the pill kept at home time in New York
        let fixture = try await makeFixture()
        _ = await fixture.device.advance(to: makeUTC("2026-12-02T19:00"))
        await fixture.device.setTimeZone(Self.newYork)
        try await fixture.engine.chooseTravel(.keepHome, for: pill)

        // When the app's process crashes and the user opens it again, a new engine over
        // the same store
        await fixture.device.crash()
        try await fixture.device.launch(into: .foreground)
        #expect(fixture.engineCount == 2)
        let relaunched = await fixture.device.advance(to: makeUTC("2026-12-03T08:00"))

        // Then home is still Berlin, the trip is not announced again, and the pill still
        // fires at 02:00 EST (07:00 UTC)
        #expect(try await fixture.engine.homeZone() == Self.berlin)
        #expect(fixture.notices.count == 1)
        #expect(describe(relaunched) == ["pill 2026-12-03T07:00"])
    }

    @Test func theTravelPromptRecordsItsChoiceForEveryRule() async throws {
        // Given an app that asks for the travel prompt, landing in New York
        var configuration = PlannerConfiguration()
        configuration.travelPrompt = true
        let fixture = try await makeFixture(configuration: configuration)
        _ = await fixture.device.advance(to: makeUTC("2026-12-02T19:00"))
        await fixture.device.setTimeZone(Self.newYork)

        // When the user answers the prompt "Keep home time"
        let prompt = try #require(fixture.notices.last?.prompt)
        #expect(prompt.actions.map(\.identifier) == [TravelPrompt.keepHomeAction, TravelPrompt.followLocalAction])
        let report = try await AppHost(engine: fixture.engine).chose(TravelPrompt.keepHomeAction, in: prompt)

        // Then every rule keeps home time; an action the prompt lacks is refused
        #expect(report?.reasons == [.travelChoice(.keepHome, rule: nil)])
        #expect(try fixture.store.load().trip?.allRules == .keepHome)
        await #expect(throws: EngineError.self) { try await fixture.engine.chose("sideways", in: prompt) }
    }

    @Test func settingTheHomeZoneMakesTheDeviceZoneHome() async throws {
        // Given a trip to New York
        let fixture = try await makeFixture()
        await fixture.device.setTimeZone(Self.newYork)
        #expect(fixture.notices.count == 1)

        // When the user says they live in New York now
        try await fixture.engine.setHomeZone(Self.newYork)

        // Then home is New York and the trip is over: the device is home, and the app,
        // which chose it, is told nothing more
        #expect(try await fixture.engine.homeZone() == Self.newYork)
        #expect(fixture.notices.count == 1)
        #expect(try fixture.store.load().trip == nil)
    }
}
