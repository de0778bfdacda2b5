import Foundation
import Herald
import HeraldScenario
import HeraldSimulator
import HeraldTestSupport
import Testing

/// Hidden location firings under either order of same-instant events.
///
/// Zurich, 2026-06-15, the app in the background hearing only region entries, location
/// deliveries hidden (as iOS documents). Daily reminders at 09:00, 09:01 and a random
/// minute among the moves (each delivery renumbers the armed reminders' badges), and
/// one to three one-shot `arrive` reminders at places 1.1 km apart (100 m), some paused
/// at the start and resumed later; sometimes a route whose first waypoint is the first
/// place, so the app is woken for the same entry at the instant its location reminder
/// fires. The device moves between the places and points outside them at random
/// minutes, with background refreshes in between; the last run is a refresh at 11:30.
/// The system reports a crossing either before or after what is delivered at the same
/// instant (`same_instant`), drawn per seed.
///
/// The oracle is the device's own deliveries, read from the timeline: no location
/// reminder is delivered twice; every entry into an armed place (from outside, after
/// its resume) delivers its reminder; and the 11:30 run sets the app badge to the
/// number of reminders delivered that day (nothing is answered or cleared, so every
/// one is outstanding).
@Suite struct LocationFiringOrderPropertyTests {
    static let base = (lat: 47.3769, lon: 8.5417)

    struct Place {
        var id: String
        var lat: Double
        var resumedAt: Int?   // minutes after 09:00, or nil when active from the start
    }

    @Test func everyHiddenFiringIsCountedWhateverTheOrderOfSameInstantEvents() async {
        // The regressions lost an entry's firing before Herald kept an arrive request
        // whose region the device is inside.
        await PropertySeeds.check(count: 100, regressions: [
            15_779_445_244_276_452_894, 12_708_357_782_924_514_343, 6_216_413_125_061_209_114, 16_625_244_112_828_421_060,
        ]) { seed in
            try await check(seed: seed)
        }
    }

    /// The reproducer: the app is woken for the pharmacy's entry (a route waypoint
    /// there) at the instant the pharmacy's reminder fires, after "Lock the door" fired
    /// and renumbered its badge. Under either order the pharmacy reminder is delivered
    /// once, at 09:58:20, and the later runs set the badge to 4 (water, stretch, door,
    /// pharmacy), worked out by hand.
    @Test(arguments: SameInstantOrder.allCases)
    func aFiringAtTheInstantOfTheAppsWakeIsDeliveredAndCounted(_ order: SameInstantOrder) async throws {
        let yaml = """
            name: pharmacy
            zone: Europe/Zurich
            start: 2026-06-15T08:00
            app: background
            location_updates: regions
            same_instant: \(order.rawValue)
            entities:
              - {id: water, title: Water, rules: [{id: morning, daily: ["09:00"]}]}
              - {id: stretch, title: Stretch, rules: [{id: morning, daily: ["09:01"]}]}
              - id: pharmacy
                title: Pharmacy
                status: paused
                rules: [{id: near-pharmacy, arrive: {lat: 47.3769, lon: 8.5417, radius: 100}}]
              - {id: door, title: Lock the door, rules: [{id: leave-home, leave: {lat: 47.4200, lon: 8.5417, radius: 100}}]}
            events:
              - {at: 2026-06-15T08:05, position: {lat: 47.4200, lon: 8.5417}}
              - {at: 2026-06-15T09:50, resume: pharmacy}
              - at: 2026-06-15T09:52
                route: {id: r, name: R, threshold: 100, waypoints: [{id: a, name: A, lat: 47.3769, lon: 8.5417}, {id: b, name: B, lat: 47.3000, lon: 8.5417}]}
              - {at: 2026-06-15T09:55, position: {lat: 47.3869, lon: 8.5417}}
              - {at: 2026-06-15T09:58, position: {lat: 47.3769, lon: 8.5417}}
              - {at: 2026-06-15T10:15, refresh}
              - {at: 2026-06-15T10:30, refresh}
              - {at: 2026-06-15T11:30, refresh}
            """
        let result = try await ScenarioRunner(scenario: Scenario(yaml: yaml, file: "pharmacy.yaml")).run()

        let pharmacy = result.deliveries.filter { $0.identifier.hasPrefix("herald:location:habit:pharmacy:") }
        #expect(pharmacy.map { "\($0.local.time)" } == ["09:58:20"])
        let later = result.reconciles.filter { $0.local.time >= LocalTime(hour: 10, minute: 15) }
        #expect(later.map(\.badgeSet) == [4, 4, 4])
    }

    func check(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let order = SameInstantOrder.allCases.randomElement(using: &random)!
        let places = (0..<Int.random(in: 1...3, using: &random)).map { index in
            Place(id: "p\(index)", lat: Self.base.lat + 0.01 * Double(index),
                  resumedAt: Bool.random(using: &random) ? Int.random(in: 0...60, using: &random) : nil)
        }
        // A third reminder in the middle of the moves: a delivery that renumbers the
        // badges of the location reminders still armed.
        let tea = 9 * 60 + Int.random(in: 10...100, using: &random)
        var yaml = """
            name: order
            zone: Europe/Zurich
            start: 2026-06-15T08:00
            app: background
            location_updates: regions
            same_instant: \(order.rawValue)
            entities:
              - {id: water, title: Water, rules: [{id: morning, daily: ["09:00"]}]}
              - {id: stretch, title: Stretch, rules: [{id: morning, daily: ["09:01"]}]}
              - {id: tea, title: Tea, rules: [{id: morning, daily: ["\(String(format: "%02d:%02d", tea / 60, tea % 60))"]}]}

            """
        for place in places {
            let status = place.resumedAt == nil ? "active" : "paused"
            yaml += "  - {id: \(place.id), title: \(place.id), status: \(status), rules: [{id: arrive, arrive: {lat: \(place.lat), lon: \(Self.base.lon), radius: 100}}]}\n"
        }
        // Events at distinct minutes after 09:00: resumes, a route, moves and refreshes.
        var events: [(minute: Int, text: String)] = [(-55, "position: {lat: \(Self.base.lat - 0.005), lon: \(Self.base.lon)}")]
        var used: Set<Int> = []
        for place in places { if let minute = place.resumedAt { used.insert(minute); events.append((minute, "resume: \(place.id)")) } }
        func freeMinute(_ random: inout SeededGenerator) -> Int {
            while true { let minute = Int.random(in: 1...120, using: &random); if used.insert(minute).inserted { return minute } }
        }
        if Int.random(in: 0..<4, using: &random) > 0 {
            let waypoints = "[{id: a, name: A, lat: \(places[0].lat), lon: \(Self.base.lon)}, {id: z, name: Z, lat: 46.0, lon: \(Self.base.lon)}]"
            events.append((freeMinute(&random), "route: {id: r, name: R, threshold: 100, waypoints: \(waypoints)}"))
        }
        var moves: [(minute: Int, lat: Double)] = []
        for _ in 0..<Int.random(in: 2...8, using: &random) {
            let lat = Bool.random(using: &random) ? places.randomElement(using: &random)!.lat
                : Self.base.lat + 0.005 + 0.01 * Double(Int.random(in: -1...2, using: &random))
            let minute = freeMinute(&random)
            moves.append((minute, lat))
            events.append((minute, "position: {lat: \(lat), lon: \(Self.base.lon)}"))
        }
        for _ in 0..<Int.random(in: 0...3, using: &random) { events.append((freeMinute(&random), "refresh")) }
        events.append((150, "refresh"))
        yaml += "events:\n"
        for event in events.sorted(by: { $0.minute < $1.minute }) {
            let minutes = 9 * 60 + event.minute
            yaml += String(format: "  - {at: 2026-06-15T%02d:%02d, ", minutes / 60, minutes % 60) + event.text + "}\n"
        }
        let result = try await ScenarioRunner(scenario: Scenario(yaml: yaml, file: "order.yaml")).run()

        let today = result.deliveries.filter { $0.local.date == LocalDate(year: 2026, month: 6, day: 15) && !$0.beforeStart }
        let badged = today.map(\.identifier).filter { $0.hasPrefix("herald:reminder:") || $0.hasPrefix("herald:location:") }
        #expect(Set(badged).count == badged.count, "a reminder delivered twice: \(badged)\n\(yaml)")
        // Every entry into an armed place, from outside, delivers its reminder.
        var inside: Double?
        for move in moves.sorted(by: { $0.minute < $1.minute }) {
            defer { inside = places.contains { $0.lat == move.lat } ? move.lat : nil }
            guard inside != move.lat, let place = places.first(where: { $0.lat == move.lat }),
                  (place.resumedAt ?? -1) < move.minute else { continue }
            #expect(badged.contains { $0.hasPrefix("herald:location:habit:\(place.id):") },
                    "entering \(place.id) at minute \(move.minute) delivered nothing (\(order))\n\(yaml)")
        }
        let last = try #require(result.reconciles.last)
        #expect(last.badgeSet == Set(badged).count, "the last badge leaves a delivery out (\(order))\n\(yaml)")
    }
}
