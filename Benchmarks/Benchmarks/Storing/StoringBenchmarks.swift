import Benchmark
import Foundation
import Herald
import HeraldSimulator
import HeraldSQLite
import Synchronization

/// Herald's state on SQLite, on disk: recording a completion and re-planning for an app
/// with 50 habits (target: median under 2 ms, release build), and the database size
/// after a simulated year of that app with retention applied: the file after closing, and
/// the most the file and its write-ahead log (`-wal`) took together while the app ran,
/// sampled at each day change (target: at most 2 MB).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        timeUnits: .microseconds,
        maxDuration: .seconds(5),
        maxIterations: 2_000
    )

    let zone = TimeZone(identifier: "Europe/Berlin")!
    let start = Date(timeIntervalSince1970: 1_767_222_000) // 2026-01-01T00:00 in Berlin
    let rules = (0..<50).map { index in
        try! ReminderRule(entity: EntityReference(namespace: "habit", id: "h\(index)"), id: "daily",
                     schedule: try! .daily(at: [LocalTime(hour: 7 + index % 5, minute: index),
                                                LocalTime(hour: 17 + index % 5, minute: index)]))
    }

    // One app, set up once: each sample completes another habit (or day) and re-plans.
    let app = CompletionApp(rules: rules, zone: zone, start: start)
    Benchmark("Complete a habit and re-plan, 50 habits, SQLite on disk") { benchmark in
        let engine = try await app.engine()
        let habit = app.nextHabit()
        benchmark.startMeasurement()
        _ = try await engine.completed(EntityReference(namespace: "habit", id: "h\(habit % 50)"),
                                       on: LocalDate(year: 2026, month: 1, day: 1).adding(days: habit / 50))
        benchmark.stopMeasurement()
    }

    Benchmark("Database size after a simulated year, 50 habits",
              configuration: .init(metrics: [.wallClock, .custom("database bytes", useScalingFactor: false),
                                             .custom("database + wal bytes, peak", useScalingFactor: false)],
                                   warmupIterations: 0, maxIterations: 1)) { benchmark in
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("state.sqlite").path
        let store = try SQLiteEngineStore(path: path)
        let clock = VirtualClock(now: start, timeZone: zone)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let engine = Engine(center: center, source: HabitRules(rules: rules), store: store, clock: clock)
        await engine.launched()
        var peakFootprint = 0
        for day in 0..<365 {
            _ = await center.advance(to: start.addingTimeInterval(Double(day) * 86_400 + 13 * 3600))
            await engine.syncFiredLog()
            for index in stride(from: day % 2, to: 50, by: 2) {
                _ = try await engine.completed(EntityReference(namespace: "habit", id: "h\(index)"))
            }
            _ = await center.advance(to: start.addingTimeInterval(Double(day) * 86_400 + 22 * 3600))
            await engine.syncFiredLog()
            await center.removeAllDeliveredNotifications() // the user clears the list in the evening
            _ = await center.advance(to: start.addingTimeInterval(Double(day + 1) * 86_400))
            await engine.timeChanged(.dayChanged) // re-plans and trims history past the retention window
            peakFootprint = max(peakFootprint, fileSize(path) + fileSize(path + "-wal"))
        }
        try store.close()
        benchmark.measurement(.custom("database bytes", useScalingFactor: false), fileSize(path))
        benchmark.measurement(.custom("database + wal bytes, peak", useScalingFactor: false), peakFootprint)
    }
}

/// The size of a file in bytes; 0 when there is none.
func fileSize(_ path: String) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
}

/// The engine the completion benchmark drives, on a SQLite file in a temporary folder.
final class CompletionApp: Sendable {
    private let state = Mutex<(engine: Engine?, habit: Int)>((nil, 0))
    let rules: [ReminderRule]
    let zone: TimeZone
    let start: Date

    init(rules: [ReminderRule], zone: TimeZone, start: Date) {
        self.rules = rules
        self.zone = zone
        self.start = start
    }

    func engine() async throws -> Engine {
        if let engine = state.withLock({ $0.engine }) { return engine }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteEngineStore(path: directory.appendingPathComponent("state.sqlite").path)
        let clock = VirtualClock(now: start.addingTimeInterval(6 * 3600), timeZone: zone)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let engine = Engine(center: center, source: HabitRules(rules: rules), store: store, clock: clock)
        await engine.launched()
        state.withLock { $0.engine = engine }
        return engine
    }

    func nextHabit() -> Int {
        state.withLock { state in
            defer { state.habit += 1 }
            return state.habit
        }
    }
}

struct HabitRules: ReminderSource {
    let rules: [ReminderRule]
    func reminderRules() async throws -> [ReminderRule] { rules }
    func content(for reminder: PlannedReminder) async throws -> NotificationContent {
        NotificationContent(title: reminder.rule.entity.id, body: "Time for your habit")
    }
}
