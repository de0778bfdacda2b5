import Foundation
import Herald
import HeraldScenario
import HeraldSimulator
import Synchronization
import Testing

/// Walks in scenario files: a walk's positions are
/// computed as the run reaches them and played between the events at their own times,
/// never past the run's end, on the great circle, and a state file resumes a walk in
/// progress. Every expected value comes from the geometry by hand: along the equator a
/// degree of longitude is D = 6,371,008.8 m × π / 180 = 111,195.08 m, and a location
/// trigger fires 20 s after the first position inside its region.
struct ScenarioWalkTests {
    static let degree = Coordinate.earthRadius * .pi / 180

    /// A one-day scenario in UTC from 2026-11-21 00:00, the app in the foreground.
    static func scenario(_ body: String, days: Int = 1) throws -> Scenario {
        try Scenario(yaml: """
            name: Walks
            zone: UTC
            start: 2026-11-21T00:00
            days: \(days)
            app: foreground

            """ + body, file: "walk.yaml")
    }

    static func utc(_ text: String) -> Date {
        ZoneConverter.for(TimeZone(identifier: "UTC")!).instant(for: LocalDateTime(parsing: text)!).date
    }

    /// `Title HH:MM:SS` of each delivery.
    static func deliveries(_ result: ScenarioResult) -> [String] {
        result.deliveries.map { "\($0.title) \($0.local.date) \($0.local.time)" }
    }

    /// Walking from 0°, 0° to the antipode at 0.1 m/s would take 20,015 km / 0.1 m/s,
    /// 6.3 years (every position of it was computed up front: 3 GB). A one-day run plays
    /// the positions of that day only: at 00:00 and every 60 s, 1,440, the last at
    /// 23:59:00, 86,340 s × 0.1 = 8,634 m east. The "Halfway" region (100 m round 5,000 m
    /// east) is entered at the first position past 4,900 m, 49,020 s (13:37:00), and fires
    /// 20 s later; the "Far" one (round 10,000 m) would be entered at 99,000 s, after the
    /// run's end, so it never fires.
    @Test(.timeLimit(.minutes(10)))
    func aWalkToTheAntipodeEndsWithTheRun() async throws {
        let scenario = try Self.scenario("""
            entities:
              - {id: halfway, title: Halfway, rules: [{id: arrive, arrive: {lat: 0, lon: \(5_000 / Self.degree), radius: 100}}]}
              - {id: far, title: Far, rules: [{id: arrive, arrive: {lat: 0, lon: \(10_000 / Self.degree), radius: 100}}]}
            events:
              - {at: 2026-11-21T00:00, position: {lat: 0, lon: 0}}
              - {at: 2026-11-21T00:00, walk: {to: [{lat: 0, lon: 180}], speed: 0.1, every: 60}}
            """)
        let outcome = try await ScenarioRunner(scenario: scenario).play(from: nil)

        #expect(Self.deliveries(outcome.result) == ["Halfway 2026-11-21 13:37:20"])
        #expect(outcome.result.summary.endedAt == Self.utc("2026-11-22T00:00"))
        let position = try #require(outcome.checkpoint.system.position)
        #expect(abs(position.latitude) < 1e-9)
        #expect(abs(position.longitude - 8_634 / Self.degree) < 1e-9, "\(position)")
        // The walk goes on in the next run.
        #expect(outcome.checkpoint.walk?.start == Self.utc("2026-11-21T00:00"))
    }

    /// A walk of 0.02° (2,223.9 m) at 1.4 m/s from 15:00 lasts until 15:26:28. The
    /// `complete` at 15:10 happens at 15:10, inside the walk, so Water's 15:20 reminder
    /// is withdrawn and never delivered (played after the whole walk, it was delivered
    /// at 15:20 and the completion came at 15:26). The gym (100 m round 0.01°, 1,111.95 m
    /// east) is entered at the first position past 1,011.95 m: 780 s × 1.4 = 1,092 m at
    /// 15:13:00 (15:12:00 is 1,008 m), so it fires at 15:13:20.
    static let walkWithEvents = """
        entities:
          - {id: water, title: Water, rules: [{id: r, daily: ["15:20"]}]}
          - {id: gym, title: Gym, rules: [{id: arrive, arrive: {lat: 0, lon: 0.01, radius: 100}}]}
        events:
          - {at: 2026-11-21T15:00, position: {lat: 0, lon: 0}}
          - {at: 2026-11-21T15:00, walk: {to: [{lat: 0, lon: 0.02}], speed: 1.4, every: 60}}
          - {at: 2026-11-21T15:10, complete: water}
        """

    @Test func anEventInsideAWalkHappensAtItsOwnTime() async throws {
        let result = try await ScenarioRunner(scenario: try Self.scenario(Self.walkWithEvents)).run()

        #expect(Self.deliveries(result) == ["Gym 2026-11-21 15:13:20"])
        let completed = result.timeline.compactMap { entry -> Date? in
            if case .event(let event) = entry, case .complete = event.action { event.date } else { nil }
        }
        #expect(completed == [Self.utc("2026-11-21T15:10")])
    }

    /// `herald plan --at` inside the walk: at 15:13 the gym's location request is still
    /// pending (the device is 1,092 m east, inside, but the trigger fires at 15:13:20);
    /// at 15:14 it was delivered. Played whole at 15:00, the walk had fired it by then.
    @Test func aPlanInsideAWalkShowsThatInstant() async throws {
        let runner = ScenarioRunner(scenario: try Self.scenario(Self.walkWithEvents))
        let before = try await runner.plan(at: LocalDateTime(parsing: "2026-11-21T15:13")!)
        let after = try await runner.plan(at: LocalDateTime(parsing: "2026-11-21T15:14")!)

        #expect(before.pending.filter { $0.kind == "location" }.map(\.title) == ["Gym"])
        #expect(after.pending.filter { $0.kind == "location" }.isEmpty)
    }

    /// A run that stops at midnight inside a walk from 23:50 (0° to 0.02° at 1.4 m/s,
    /// every 60 s) leaves it in its checkpoint, and the next day's run (resumed from the
    /// checkpoint as a state file keeps it, JSON) goes on with it: the gym is entered at
    /// 780 s, 00:03:00 (1,092 m), and fires at 00:03:20. Lost at midnight, it never fires.
    @Test func aResumedRunGoesOnWithTheWalk() async throws {
        let scenario = try Self.scenario("""
            entities:
              - {id: gym, title: Gym, rules: [{id: arrive, arrive: {lat: 0, lon: 0.01, radius: 100}}]}
            events:
              - {at: 2026-11-21T23:50, position: {lat: 0, lon: 0}}
              - {at: 2026-11-21T23:50, walk: {to: [{lat: 0, lon: 0.02}], speed: 1.4, every: 60}}
            """, days: 2)
        let store = InMemoryEngineStore()
        let first = try await ScenarioRunner(scenario: scenario, days: 1, store: store).play(from: nil)
        #expect(Self.deliveries(first.result).isEmpty)
        #expect(first.checkpoint.walk != nil)

        let saved = try JSONDecoder().decode(ScenarioCheckpoint.self, from: try JSONEncoder().encode(first.checkpoint))
        #expect(saved == first.checkpoint)
        let rest = try await ScenarioRunner(scenario: scenario, days: 1, store: store).play(from: saved)

        #expect(Self.deliveries(rest.result) == ["Gym 2026-11-22 00:03:20"])
        #expect(rest.checkpoint.walk == nil, "the walk ended at 01:16:28")
    }

    /// A 222 m walk across the antimeridian, from 179.999° E to 179.999° W at
    /// 1.1119508 m/s (200 s), one position a second. On the great circle it stays within
    /// 111 m of 180°: it enters the "Dateline" region (50 m round 0°, 180°) at the first
    /// position past 61.2 m, 56 s (09:00:56), which fires at 09:01:16. Interpolated in
    /// degrees, its position at 100 s was 0°, 0°, inside "Null Island" (100 m round 0°, 0°).
    @Test func aWalkAcrossTheAntimeridianStaysOnTheGreatCircle() async throws {
        let scenario = try Self.scenario("""
            entities:
              - {id: dateline, title: Dateline, rules: [{id: arrive, arrive: {lat: 0, lon: 180, radius: 50}}]}
              - {id: island, title: Null Island, rules: [{id: arrive, arrive: {lat: 0, lon: 0, radius: 100}}]}
            events:
              - {at: 2026-11-21T09:00, position: {lat: 0, lon: 179.999}}
              - {at: 2026-11-21T09:00, walk: {to: [{lat: 0, lon: -179.999}], speed: 1.1119508, every: 1}}
            """)
        let result = try await ScenarioRunner(scenario: scenario).run()

        #expect(Self.deliveries(result) == ["Dateline 2026-11-21 09:01:16"])
    }

    @Test func greatCirclePointsAreWhereTheGeometrySays() {
        let west = Coordinate(latitude: 0, longitude: 179.999), east = Coordinate(latitude: 0, longitude: -179.999)
        // Half-way across the antimeridian: 180° (either sign), not 0°.
        let middle = west.interpolated(to: east, fraction: 0.5)
        #expect(abs(middle.latitude) < 1e-12 && abs(abs(middle.longitude) - 180) < 1e-9, "\(middle)")
        let quarter = west.interpolated(to: east, fraction: 0.25)
        #expect(abs(quarter.longitude - 179.9995) < 1e-9, "\(quarter)")
        // A third of the way from 0°, 0° to 0°, 90° is 0°, 30°; half-way to the pole, 45°, 0°.
        let third = Coordinate(latitude: 0, longitude: 0).interpolated(to: Coordinate(latitude: 0, longitude: 90), fraction: 1.0 / 3)
        #expect(abs(third.longitude - 30) < 1e-9 && abs(third.latitude) < 1e-9)
        let north = Coordinate(latitude: 0, longitude: 0).interpolated(to: Coordinate(latitude: 90, longitude: 0), fraction: 0.5)
        #expect(abs(north.latitude - 45) < 1e-9 && abs(north.longitude) < 1e-9)
        // From 45° N, 0° to 45° N, 90°: the great circle bends north of the parallel, to
        // 54.7356° (atan(√2)) half-way, at 45° E.
        let bend = Coordinate(latitude: 45, longitude: 0).interpolated(to: Coordinate(latitude: 45, longitude: 90), fraction: 0.5)
        #expect(abs(bend.latitude - atan(2.0.squareRoot()) * 180 / .pi) < 1e-9 && abs(bend.longitude - 45) < 1e-9)
        // To the antipode: east along the equator, 0°, 90° half-way; from a pole along the meridian of 0°.
        let antipode = Coordinate(latitude: 0, longitude: 0).interpolated(to: Coordinate(latitude: 0, longitude: 180), fraction: 0.5)
        #expect(abs(antipode.longitude - 90) < 1e-9 && abs(antipode.latitude) < 1e-9)
        let pole = Coordinate(latitude: 90, longitude: 0).interpolated(to: Coordinate(latitude: -90, longitude: 0), fraction: 0.5)
        #expect(abs(pole.latitude) < 1e-9 && abs(pole.longitude) < 1e-9)
        // The ends are the ends.
        #expect(west.interpolated(to: east, fraction: 0) == west && west.interpolated(to: east, fraction: 1) == east)
    }
    /// 10,000 positions cost 10,000 positions, not 10,000 plans (30–39 s when each one
    /// re-planned; the benchmark `Positions` times it). With nothing to watch, no
    /// position changes the plan: the engine records each one (one commit each) and
    /// reads its state only for the runs something else asks for (the launch, the day
    /// change at the end), a few, never once per position. The walk: 10,000.5 m east at
    /// 1 m/s from 00:00, a position at 00:00, one every second up to 10,000 s and one at
    /// the end, 10,002; with the `position` event before it, 10,003.
    @Test(.timeLimit(.minutes(10)))
    func tenThousandPositionsAreNotTenThousandPlans() async throws {
        let scenario = try Self.scenario("""
            events:
              - {at: 2026-11-21T00:00, position: {lat: 0, lon: 0}}
              - {at: 2026-11-21T00:00, walk: {to: [{lat: 0, lon: \(10_000.5 / Self.degree)}], speed: 1, every: 1}}
            """)
        let store = CountingStore()
        _ = try await ScenarioRunner(scenario: scenario, store: store).run()

        let counts = store.counts.withLock { $0 }
        #expect(counts.positions == 10_003)
        #expect(counts.loads < 20, "\(counts.loads) state reads")
    }
}

/// An in-memory store that counts the state reads and the positions recorded.
final class CountingStore: EngineStore {
    let base = InMemoryEngineStore()
    let counts = Mutex((loads: 0, positions: 0))

    func load() throws -> EngineState {
        counts.withLock { $0.loads += 1 }
        return base.load()
    }

    func load(since cutoff: Date) throws -> EngineState {
        counts.withLock { $0.loads += 1 }
        return base.load(since: cutoff)
    }

    func commit(_ changes: [EngineStateChange]) throws {
        let positions = changes.filter { change in
            if case .setPosition = change { true } else { false }
        }.count
        counts.withLock { $0.positions += positions }
        base.commit(changes)
    }
}
