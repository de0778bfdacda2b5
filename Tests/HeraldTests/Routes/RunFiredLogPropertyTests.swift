import Foundation
import HeraldTestSupport
import Testing
@testable import Herald

/// A run reads the fired log once (``RunFiredLog``): the route session's notifications
/// to record as delivered, and a log for the planner without the session's own. The
/// oracle is the whole computation: every session notification in the log recorded
/// (``RouteSessionState/owns(_:)`` over every record), then the planner given every
/// record of the window. Random states hold records of every kind (of the session, of
/// an earlier session of the route, of habits), posted events (some under the session's
/// identifiers), snoozes, paused and deleted entities.
@Suite struct RunFiredLogPropertyTests {
    @Test func theRunsLogPlansWhatTheWholeLogPlans() async {
        await PropertySeeds.check(count: 150) { seed in
            var random = SeededGenerator(seed: seed)
            let device = RandomDevice(using: &random)
            let now = device.clock.now
            let rules = RandomRules.rules(count: Int.random(in: 1...12, using: &random), entities: 4, near: device.today,
                                          using: &random)
            let (state, session) = Self.randomState(rules: rules, now: now, zone: device.zone, using: &random)

            // The oracle: the whole log looked at, every notification of the session recorded.
            let owned = Set(state.fired.values.map(\.identifier).filter(session.owns))
            var whole = session
            for identifier in owned.subtracting(session.delivered) { whole.apply(delivered: identifier, key: whole.sessionKey) }
            let oracle = PlanningInput(now: now, deviceZone: device.zone, rules: rules, state: state, route: whole,
                                       capacity: 64, foreignRequests: 0, historyWindow: Engine.historyWindow) { _ in false }

            let log = RunFiredLog(state, route: session)
            #expect(log.unrecorded == owned.subtracting(session.delivered).sorted(), "seed \(seed)")
            var recorded = session
            for identifier in log.unrecorded { recorded.apply(delivered: identifier, key: recorded.sessionKey) }
            #expect(recorded == whole)
            let input = PlanningInput(now: now, deviceZone: device.zone, rules: rules, state: state, route: recorded,
                                      fired: log.planned, capacity: 64, foreignRequests: 0,
                                      historyWindow: Engine.historyWindow) { _ in false }
            #expect(Set(input.fired.map(\.key)).isSubset(of: oracle.fired.map(\.key)))
            // The location firings, from the same pass: every location record of the log.
            #expect(log.locationFirings.map(\.key) == state.fired.values.filter { $0.identifier.kind == .location }.map(\.key))
            let planner = Planner()
            await SettledOutstandingPropertyTests().expectSame(planner.plan(input), planner.plan(oracle), "seed \(seed)")
        }
    }

    @Test func withoutARouteTheRunsLogIsTheWholeLog() async {
        await PropertySeeds.check(count: 50) { seed in
            var random = SeededGenerator(seed: seed)
            let device = RandomDevice(using: &random)
            let (state, _) = Self.randomState(rules: [], now: device.clock.now, zone: device.zone, using: &random)
            let log = RunFiredLog(state, route: nil)
            #expect(log.unrecorded.isEmpty)
            #expect(log.planned.map(\.key) == state.fired.values.map(\.key))
            #expect(log.locationFirings.map(\.key) == state.fired.values.filter { $0.identifier.kind == .location }.map(\.key))
        }
    }

    static func randomState(rules: [ReminderRule], now: Date, zone: TimeZone,
                            using random: inout SeededGenerator) -> (EngineState, RouteSessionState) {
        let waypoints = (0..<Int.random(in: 1...12, using: &random)).map {
            Waypoint(id: "w\($0)", name: "Spot \($0)", coordinate: Coordinate(latitude: 0, longitude: 0.001 * Double($0)))
        }
        let route = try! RouteSession(id: "walk", name: "Walk", waypoints: waypoints, proximityThreshold: 20)
        var session = RouteSessionState(session: route, startedAt: now.addingTimeInterval(-3_600))
        let earlier = RouteSessionState(session: route, startedAt: now.addingTimeInterval(-90_000))
        for waypoint in waypoints where Bool.random(using: &random) {
            session.apply(visit: RouteVisit(waypointID: waypoint.id, date: now, outcome: .sent), key: session.sessionKey)
            if Bool.random(using: &random) {
                session.apply(delivered: session.spotIdentifier(waypoint.id), key: session.sessionKey)
            }
        }
        let converter = ZoneConverter.for(zone)
        let today = converter.local(for: now).date
        var identifiers: [NotificationIdentifier] = waypoints.flatMap { [session.spotIdentifier($0.id), earlier.spotIdentifier($0.id)] }
        identifiers += [session.completionIdentifier, earlier.completionIdentifier,
                        NotificationIdentifier(entity: route.entity, rule: "other",
                                               occurrence: OccurrenceKey(rawValue: session.sessionKey + ".x"), kind: .event)]
        for rule in rules {
            for day in -3...1 {
                let identifier = rule.identifier(for: LocalDateTime(date: today.adding(days: day), time: LocalTime(hour: 9)))
                for kind in [NotificationKind.reminder, .followUp, .snooze, .location, .event] {
                    identifiers.append(NotificationIdentifier(entity: identifier.entity, rule: identifier.rule,
                                                              occurrence: identifier.occurrence, kind: kind))
                }
            }
        }
        var state = EngineState(routeSession: session)
        for identifier in identifiers where Int.random(in: 0..<3, using: &random) > 0 {
            for _ in 0..<Int.random(in: 1...2, using: &random) {
                let date = now.addingTimeInterval(-Double(Int.random(in: 0...300_000, using: &random)))
                state.apply(.recordFired(FiredRecord(identifier: identifier, date: date)))
            }
        }
        for identifier in identifiers where Int.random(in: 0..<8, using: &random) == 0 {
            let posted = now.addingTimeInterval(-Double(Int.random(in: -3_600...200_000, using: &random)))
            state.apply(.postEvent(PostedEvent(identifier: identifier, content: NotificationContent(title: "event"),
                                               fireDate: posted.addingTimeInterval(Double(Int.random(in: 0...7_200, using: &random))),
                                               postedAt: posted)))
        }
        // Now and then the app posts an event under an identifier of the session, still
        // to fire, that the log has delivered since: the planner must see that delivery.
        for identifier in identifiers where session.owns(identifier) && Int.random(in: 0..<6, using: &random) == 0 {
            state.apply(.postEvent(PostedEvent(identifier: identifier, content: NotificationContent(title: "event"),
                                               fireDate: now.addingTimeInterval(600), postedAt: now.addingTimeInterval(-600))))
            state.apply(.recordFired(FiredRecord(identifier: identifier, date: now.addingTimeInterval(-300))))
        }
        for identifier in identifiers where identifier.kind == .reminder && Int.random(in: 0..<6, using: &random) == 0 {
            state.apply(.snooze(SnoozeRecord(original: identifier,
                                             until: now.addingTimeInterval(Double(Int.random(in: -3_600...7_200, using: &random))))))
        }
        for index in 0..<4 {
            let entity = EntityReference(namespace: "habit", id: "e\(index)")
            if Int.random(in: 0..<4, using: &random) == 0 { state.apply(.pause(entity)) }
            if Int.random(in: 0..<5, using: &random) == 0 {
                state.apply(.recordDeletion(entity, at: now.addingTimeInterval(-Double(Int.random(in: 0...200_000, using: &random)))))
            }
        }
        if Int.random(in: 0..<5, using: &random) == 0 { state.apply(.recordDeletion(route.entity, at: now)) }
        return (state, session)
    }
}
