import Foundation
import GRDB
import Herald
import Testing
@testable import HeraldSQLite

/// The walking route in rows of its own (migration "v6"): a file written by v5, the
/// whole session one JSON text, opens with every visit and delivery; a position
/// appends a row, and reading the route costs the rows appended since the last read.
@Suite struct RouteLayoutTests {
    /// `start` (2026-11-21 08:00 UTC) in milliseconds since 1970.
    private let key = "s1795248000000"
    /// `start` as v5 wrote it: seconds since 2001-01-01.
    private let startSeconds = 816_940_800.0

    @Test func aFileWrittenByVersionFiveOpensWithEveryVisitAndDelivery() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        try makeVersionFiveFile(at: path, routeJSON: versionFiveRoute)

        let store = try SQLiteEngineStore(path: path)

        let route = try RouteSession(
            id: "mitte", name: "Mitte",
            waypoints: [Waypoint(id: "a", name: "Spot A", coordinate: Coordinate(latitude: 52.5163, longitude: 13.3777)),
                        Waypoint(id: "b", name: "Spot B", coordinate: Coordinate(latitude: 52.5163, longitude: 13.3792)),
                        Waypoint(id: "c", name: "Spot C", coordinate: Coordinate(latitude: 52.5163, longitude: 13.3807))],
            proximityThreshold: 25, messages: RouteMessages(completionBody: "Done: {total}"))
        let spotA = NotificationIdentifier(entity: EntityReference(namespace: "route", id: "mitte"), rule: "arrived",
                                           occurrence: OccurrenceKey(rawValue: "s1795248000000.a"), kind: .event)
        let completion = NotificationIdentifier(entity: EntityReference(namespace: "route", id: "mitte"), rule: "completion",
                                                occurrence: OccurrenceKey(rawValue: "s1795248000000"), kind: .event)
        let expected = RouteSessionState(
            session: route, startedAt: start,
            visits: ["a": RouteVisit(waypointID: "a", date: start.addingTimeInterval(60), outcome: .sent),
                     "b": RouteVisit(waypointID: "b", date: start.addingTimeInterval(120),
                                     outcome: .suppressed(.notificationsOff)),
                     "c": RouteVisit(waypointID: "c", date: start.addingTimeInterval(180), outcome: .sent)],
            completion: RouteCompletion(
                date: start.addingTimeInterval(180),
                summary: RouteSummary(sessionID: "mitte", visitedCount: 3, totalWaypoints: 3, distance: 203.5, duration: 180),
                outcome: .sent),
            delivered: [spotA, completion], completionAcknowledged: start.addingTimeInterval(300))
        let loaded = try store.load()
        #expect(loaded.routeSession == expected)
        #expect(loaded.routeSession?.sessionKey == key)
        #expect(loaded.settings["kept"] == .bool(true))
        // Spot c was sent and is neither handed over nor in the fired log: still due.
        #expect(loaded.routeSession?.dueNotifications(now: start, fired: []).map(\.identifier.description)
            == ["herald:event:route:mitte:arrived:s1795248000000.c"])
        #expect(try store.statistics().migrations == ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8"])
        #expect(try store.statistics().rowCounts["route_visits"] == 3)
        try store.close()

        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.read { db in
            let session = try #require(try Row.fetchOne(db, sql: """
                SELECT slot, session_key, route_id, started_at, completion_acknowledged_at FROM route_session
                """))
            #expect(session[0] as Int == 1)
            #expect(session[1] as String == key)
            #expect(session[2] as String == "mitte")
            #expect(session[3] as Double == startSeconds)
            #expect(session[4] as Double == startSeconds + 300)
            let waypoints = try Row.fetchAll(db, sql: "SELECT waypoint_id, position FROM route_waypoints ORDER BY position")
            #expect(waypoints.map { "\($0[0] as String)@\($0[1] as Int)" } == ["a@0", "b@1", "c@2"])
            // In walking order, one row each.
            let visits = try Row.fetchAll(db, sql: "SELECT sequence, waypoint_id, visited_at FROM route_visits ORDER BY sequence")
            #expect(visits.map { "\($0[0] as Int) \($0[1] as String) \($0[2] as Double - startSeconds)" }
                == ["1 a 60.0", "2 b 120.0", "3 c 180.0"])
            let delivered = try String.fetchAll(db, sql: "SELECT occurrence FROM route_delivered ORDER BY occurrence")
            #expect(delivered == ["s1795248000000", "s1795248000000.a"])
            #expect(try db.tableExists("route_session"))
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
        }
    }

    @Test func aFileWrittenByVersionFiveWithoutARouteOpensWithNone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("herald.sqlite")
        try makeVersionFiveFile(at: path, routeJSON: nil)

        let store = try SQLiteEngineStore(path: path)

        #expect(try store.load().routeSession == nil)
        #expect(try store.load().settings["kept"] == .bool(true))
        let counts = try store.statistics().rowCounts
        #expect([counts["route_session"], counts["route_waypoints"], counts["route_visits"], counts["route_delivered"]]
            == [0, 0, 0, 0])
    }

    /// A route of 1,000 waypoints 50 m apart walked as the engine does it (read, the
    /// position's changes committed, the spot handed over): one row appended per
    /// visit and per delivery, the session decoded once, and each row read once,
    /// however many were reached before. The completion is recorded exactly once.
    @Test(.timeLimit(.minutes(10))) func aWalkOfAThousandWaypointsReadsEachRowOnce() throws {
        let store = try SQLiteEngineStore.inMemory()
        let metresPerDegree = Coordinate.earthRadius * .pi / 180
        let waypoints = (0..<1000).map { index in
            Waypoint(id: "w\(index)", name: "Spot \(index)",
                     coordinate: Coordinate(latitude: 0, longitude: Double(index) * 50 / metresPerDegree))
        }
        let route = try RouteSession(id: "long", name: "Long", waypoints: waypoints, proximityThreshold: 10)
        try store.commit([.startRoute(RouteSessionState(session: route, startedAt: start))])
        var completions = 0, visits = 0
        for (index, waypoint) in waypoints.enumerated() {
            let now = start.addingTimeInterval(Double(index + 1) * 5)
            let session = try #require(try store.load(since: now).routeSession)
            let changes = session.progress(to: waypoint.coordinate, at: now, suppression: nil)
            try store.commit(changes)
            for change in changes {
                if case .completeRoute = change { completions += 1 }
                if case .recordRouteVisit = change { visits += 1 }
            }
            try store.commit([.recordRouteDelivered(session: key, session.spotIdentifier(waypoint.id))])
        }
        // One more position at the last waypoint: nothing new, never a second completion.
        let last = try #require(try store.load().routeSession)
        #expect(last.progress(to: waypoints[999].coordinate, at: start.addingTimeInterval(6000), suppression: nil).isEmpty)

        #expect(visits == 1000)
        #expect(completions == 1)
        #expect(last.visits.count == 1000)
        #expect(last.completion?.summary.visitedCount == 1000)
        #expect(last.delivered.count == 1000)
        #expect(last.dueNotifications(now: start, fired: []).map(\.identifier) == [last.completionIdentifier])
        let counts = try store.statistics().rowCounts
        #expect(counts["route_visits"] == 1000)
        #expect(counts["route_delivered"] == 1000)
        // 1,001 reads (1,000 positions and the last), 1,000 visit rows and 1,000
        // delivery rows, each read once; one decoding of the session.
        #expect(store.routeReader.work == RouteReader.Work(sessionsDecoded: 1, visitRows: 1000, deliveredRows: 1000))
    }

    @Test func aStartedRouteReplacesTheRowsAndIsDecodedAgain() throws {
        let store = try SQLiteEngineStore.inMemory()
        let first = try RouteSession(id: "one", name: "One", waypoints: [
            Waypoint(id: "a", name: "A", coordinate: Coordinate(latitude: 0, longitude: 0)),
        ], proximityThreshold: 10)
        let second = try RouteSession(id: "two", name: "Two", waypoints: [
            Waypoint(id: "b", name: "B", coordinate: Coordinate(latitude: 1, longitude: 1)),
        ], proximityThreshold: 10)
        try store.commit([.startRoute(RouteSessionState(session: first, startedAt: start)),
                          .recordRouteVisit(session: key, RouteVisit(waypointID: "a", date: start, outcome: .sent))])
        #expect(try store.load().routeSession?.visits.keys.sorted() == ["a"])
        // The same start instant (the same key), another route: nothing of the first is kept.
        try store.commit([.startRoute(RouteSessionState(session: second, startedAt: start))])
        let state = try store.load().routeSession
        #expect(state?.session.id == "two")
        #expect(state?.visits.isEmpty == true)
        // A visit of a waypoint the route does not have is ignored.
        try store.commit([.recordRouteVisit(session: key, RouteVisit(waypointID: "a", date: start, outcome: .sent))])
        #expect(try store.load().routeSession?.visits.isEmpty == true)
        #expect(store.routeReader.work.sessionsDecoded == 2)
        try store.commit([.stopRoute])
        #expect(try store.load().routeSession == nil)
        #expect(try store.statistics().rowCounts["route_waypoints"] == 0)
    }

    // MARK: - Fixtures

    /// The v5 row's text as v5 wrote it (JSON of the whole RouteSessionState; dates
    /// in seconds since 2001-01-01): three spots, b suppressed, completed, a and the
    /// completion delivered, the completion acknowledged.
    private var versionFiveRoute: String {
        let s = startSeconds
        return """
            {"completion":{"date":\(s + 180),"outcome":{"sent":{}},"summary":{"distance":203.5,"duration":180,\
            "sessionID":"mitte","totalWaypoints":3,"visitedCount":3}},"completionAcknowledged":\(s + 300),\
            "delivered":[{"entity":{"id":"mitte","namespace":"route"},"kind":"event",\
            "occurrence":{"rawValue":"s1795248000000.a"},"rule":"arrived"},\
            {"entity":{"id":"mitte","namespace":"route"},"kind":"event",\
            "occurrence":{"rawValue":"s1795248000000"},"rule":"completion"}],\
            "session":{"categoryIdentifier":"","id":"mitte","messages":{"completionBody":"Done: {total}",\
            "completionTitle":"Route complete!","spotBody":"You reached {name}.","spotTitle":"{name}"},\
            "name":"Mitte","proximityThreshold":25,"waypoints":[\
            {"coordinate":{"latitude":52.5163,"longitude":13.3777},"id":"a","name":"Spot A"},\
            {"coordinate":{"latitude":52.5163,"longitude":13.3792},"id":"b","name":"Spot B"},\
            {"coordinate":{"latitude":52.5163,"longitude":13.3807},"id":"c","name":"Spot C"}]},\
            "startedAt":\(s),"visits":{\
            "a":{"date":\(s + 60),"outcome":{"sent":{}},"waypointID":"a"},\
            "b":{"date":\(s + 120),"outcome":{"suppressed":{"_0":{"notificationsOff":{}}}},"waypointID":"b"},\
            "c":{"date":\(s + 180),"outcome":{"sent":{}},"waypointID":"c"}}}
            """
    }

    /// A file as the v5 schema wrote it: the migrations up to "v5" (shipped ones are
    /// never edited), a setting, and the route session's row when `routeJSON` is given.
    private func makeVersionFiveFile(at path: String, routeJSON: String?) throws {
        let queue = try DatabaseQueue(path: path)
        try SQLiteEngineStore.migrator.migrate(queue, upTo: "v5")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO settings (key, value) VALUES ('kept', 'true')")
            if let routeJSON {
                try db.execute(sql: "INSERT INTO route_session (slot, session_key, state) VALUES (1, ?, ?)",
                               arguments: [key, routeJSON])
            }
        }
        try queue.close()
    }
}
