import Foundation
import Herald

/// The long deterministic scenario every harness process plays: thirteen habits (daily,
/// weekly, every other day, every 90 or 120 minutes in a window, monthly, one with a
/// follow-up, two at times the spring-forward gap swallows, a pill that rings as an
/// alarm) in Europe/Berlin from
/// Wednesday 2026-03-25 over ten days, across the change to summer time on 2026-03-29.
/// Each day: the day change, completions, done / snooze / remind-tomorrow / open
/// responses; over the run: a pause and a resume, an edit, a delete, a foreground.
/// Every other afternoon a walking route (seed 001): four waypoints reached one by one,
/// positions after the completion, a route changed while one waypoint short, a stop.
/// On Monday, Wednesday and Friday evenings the pill's alarm sounds at 20:00 and the
/// user presses its buttons (``pillEvents(on:offset:)``).
struct CrashScenario: Sendable {
    static let zone = TimeZone(identifier: "Europe/Berlin")!
    static let firstDay = LocalDate(year: 2026, month: 3, day: 25)
    static let days = 10

    let catalog: [Habit]
    let events: [HarnessEvent]

    init() throws {
        catalog = try Self.makeCatalog()
        events = try Self.makeEvents()
    }

    /// The instant the scenario starts: 06:00 on the first day.
    var start: Date { Self.instant(LocalDateTime(date: Self.firstDay, time: LocalTime(hour: 6))) }

    static func instant(_ local: LocalDateTime) -> Date {
        ZoneConverter.for(zone).instant(for: local).date
    }

    /// The habits after every data change of events `0...index`.
    func habits(through index: Int) -> [String: Habit] {
        var habits = Dictionary(uniqueKeysWithValues: catalog.map { ($0.id, $0) })
        guard index >= 0 else { return habits }
        for event in events[0...min(index, events.count - 1)] {
            switch event {
            case .pause(let id): habits[id]?.isPaused = true
            case .resume(let id): habits[id]?.isPaused = false
            case .edit(let id, let schedule): habits[id]?.schedule = schedule
            case .delete(let id): habits[id] = nil
            case .setCategory(let id, let category): habits[id]?.category = category
            default: break
            }
        }
        return habits
    }

    /// A route of four waypoints 0.001° of longitude apart (about 111 m) on the
    /// equator, with a 25 m threshold.
    static func route(_ id: String) throws -> RouteSession {
        try RouteSession(id: id, name: "Walk \(id)", waypoints: (0..<4).map {
            Waypoint(id: "w\($0)", name: "Waypoint \($0)", coordinate: point(Double($0)))
        }, proximityThreshold: 25)
    }

    static func point(_ legs: Double) -> Coordinate { Coordinate(latitude: 0, longitude: 0.001 * legs) }

    /// An afternoon walk: every waypoint, positions after the completion; on some days
    /// the route is changed one waypoint short of completion, or stopped halfway.
    private static func walk(on day: LocalDate, offset: Int) -> [HarnessEvent] {
        func at(_ minute: Int) -> HarnessEvent { .advance(to: LocalDateTime(date: day, time: time(16, minute))) }
        // The walker sets off a leg before the first waypoint, so in regions mode the
        // first waypoint is a crossing too.
        var events: [HarnessEvent] = [at(0), .position(-1), .startRoute("walk-\(offset)")]
        for (index, legs) in [0.0, 0.5, 1, 2].enumerated() { events += [at(5 + 5 * index), .position(legs)] }
        switch offset % 3 {
        case 0:
            events += [at(30), .startRoute("walk-\(offset)b")]           // changed one short of completion
            events += [at(32), .position(3), at(34), .position(0), at(36), .position(1), at(38), .position(2)]
        case 1:
            events += [at(30), .stopRoute, at(32), .position(3)]          // stopped: nothing more
        default:
            events += [at(30), .position(3)]
        }
        events += [at(40), .position(3.01), at(45), .position(0), .stopRoute]
        return events
    }

    /// The pill's alarm sounds at 20:00 on days 0, 2, 5, 7 and 9 (Monday, Wednesday,
    /// Friday). On days 0 and 9 the user presses Taken at 20:02 (which completes the
    /// pill and leaves the alarm sounding, as AlarmKit's custom button does), then stop
    /// at 20:03; on days 2 and 7 stop at 20:02. On day 5 its button is Later (the
    /// category changed at 14:30, back at 14:30 the next day): snoozed at 20:02, it
    /// sounds again at 20:12 and is stopped at 20:15.
    private static func pillEvents(on day: LocalDate, offset: Int) -> [HarnessEvent] {
        func at(_ minute: Int) -> HarnessEvent { .advance(to: LocalDateTime(date: day, time: time(20, minute))) }
        switch offset {
        case 0, 9: return [at(2), .pressAlarm("h13", .action("taken")), at(3), .pressAlarm("h13", .stop)]
        case 2, 7: return [at(2), .pressAlarm("h13", .stop)]
        case 5: return [at(2), .pressAlarm("h13", .snooze), at(15), .pressAlarm("h13", .stop)]
        default: return []
        }
    }

    private static func time(_ hour: Int, _ minute: Int = 0) -> LocalTime { LocalTime(hour: hour, minute: minute) }

    private static func makeCatalog() throws -> [Habit] {
        [
            Habit(id: "h01", name: "Stretch", schedule: try .daily(at: [time(7, 30)])),
            Habit(id: "h02", name: "Night owl check", schedule: try .daily(at: [time(2, 30)])),
            Habit(id: "h03", name: "Vitamins", schedule: try .daily(at: [time(8), time(20)])),
            Habit(id: "h04", name: "Lunch walk", schedule: try .daily(at: [time(12, 15)])),
            Habit(id: "h05", name: "Run", schedule: try .weekly(on: [.monday, .wednesday, .friday], at: [time(9)])),
            Habit(id: "h06", name: "Plants", schedule: try .everyDays(2, from: firstDay, at: [time(18)])),
            Habit(id: "h07", name: "Drink water", schedule: try .everyMinutes(90, from: time(9), to: time(17))),
            Habit(id: "h08", name: "Weekend stretch",
                  schedule: try .everyMinutes(120, from: time(10), to: time(16), on: [.saturday, .sunday])),
            Habit(id: "h09", name: "Journal", schedule: try .daily(at: [time(21, 30)])),
            Habit(id: "h10", name: "Backup", schedule: try .daily(at: [time(2)])),
            Habit(id: "h11", name: "Budget", schedule: try .monthly(onDays: [1, 28], at: [time(10)])),
            Habit(id: "h12", name: "Meditate", schedule: try .daily(at: [time(6, 45)]), followUpAfter: 1_800),
            Habit(id: "h13", name: "Pills", schedule: try .weekly(on: [.monday, .wednesday, .friday], at: [time(20)]),
                  ringsAsAlarm: true, category: HarnessApp.pillCategory),
        ]
    }

    private static func makeEvents() throws -> [HarnessEvent] {
        var events: [HarnessEvent] = []
        func at(_ day: LocalDate, _ hour: Int, _ minute: Int = 0) -> HarnessEvent {
            .advance(to: LocalDateTime(date: day, time: time(hour, minute)))
        }
        for offset in 0..<days {
            let day = firstDay.adding(days: offset)
            if offset > 0 {
                events += [at(day, 0), .dayChanged]
            }
            events += [at(day, 7, 10), .respond("h12", action: "done")]
            events += [at(day, 7, 40), .respond("h01", action: "done")]
            events += [at(day, 8, 5), .respond("h03", action: offset.isMultiple(of: 2) ? "snooze" : "tomorrow")]
            events += [at(day, 9, 10), .completed("h05")]
            events += [at(day, 12, 30), .respond("h04", action: NotificationResponse.defaultActionIdentifier)]
            events += [at(day, 13), .respond("h07", action: "done")]
            switch offset {
            case 2: events += [at(day, 14), .pause("h09")]
            case 3: events += [at(day, 14), .edit("h04", try .daily(at: [time(12, 45), time(19)]))]
            case 4: events += [at(day, 14), .resume("h09")]
            case 5:
                events += [at(day, 14, 30), .setCategory("h13", HarnessApp.pillLaterCategory)]
                events += [at(day, 15), .becameActive]
            case 6: events += [at(day, 14), .delete("h08"), at(day, 14, 30), .setCategory("h13", HarnessApp.pillCategory)]
            default: break
            }
            if offset.isMultiple(of: 2) { events += walk(on: day, offset: offset) }
            events += [at(day, 18, 30), .respond("h06", action: "snooze")]
            events += [at(day, 18, 45), .respond("h06", action: "done")]
            events += pillEvents(on: day, offset: offset)
            if offset.isMultiple(of: 2) { events += [at(day, 21, 45), .completed("h09")] }
        }
        events += [at(firstDay.adding(days: days), 0), .dayChanged]
        return events
    }
}
