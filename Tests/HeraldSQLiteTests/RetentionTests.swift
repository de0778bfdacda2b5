import Foundation
import Herald
import Testing
@testable import HeraldSQLite

/// Retention keeps the database bounded: history older than the window goes, and a
/// year of a 50-habit app stays well under the 5 MB the issue allows.
@Suite struct RetentionTests {
    @Test func theStandardPolicyKeepsNinetyDays() {
        let policy = RetentionPolicy.standard

        #expect(policy.days == 90)
        #expect(policy.cutoff(now: start) == start.addingTimeInterval(-90 * 86_400))
        #expect(policy.pruneChange(now: start) == .prune(before: start.addingTimeInterval(-90 * 86_400)))
    }

    @Test func aWindowShorterThanSmartTimingNeedsIsAProgrammingError() async {
        #expect(RetentionPolicy.minimumDays == 30)
        #expect(RetentionPolicy(days: 30).days == 30)
        await #expect(processExitsWith: .failure) {
            _ = RetentionPolicy(days: 29)
        }
    }

    @Test(arguments: [30, 90, 365])
    func applyingRetentionDropsWhatIsOlderThanTheWindow(days: Int) throws {
        let store = try SQLiteEngineStore.inMemory(retention: RetentionPolicy(days: days))
        let old = FiredRecord(identifier: makeReminderIdentifier(water), date: start.addingTimeInterval(-Double(days + 1) * 86_400))
        let recent = FiredRecord(identifier: makeReminderIdentifier(run), date: start.addingTimeInterval(-Double(days - 1) * 86_400))
        try store.commit([.recordFired(old), .recordFired(recent)])

        try store.applyRetention(now: start)

        #expect(Array(try store.load().fired.values) == [recent])
    }

    @Test func aYearOfAFiftyHabitAppStaysBounded() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("year.sqlite")
        let store = try SQLiteEngineStore(path: path)
        let app = SimulatedHabitApp(habits: 50)
        var statisticsByDay: [Int: StoreStatistics] = [:]
        var largestLog = 0

        for day in 0..<365 {
            for batch in app.events(onDay: day) { try store.commit(batch) }
            try store.applyRetention(now: app.endOfDay(day))
            if [90, 180, 364].contains(day) { statisticsByDay[day] = try store.statistics() }
            let log = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int
            largestLog = max(largestLog, log ?? 0)
        }
        try store.close()

        let end = try #require(statisticsByDay[364])
        let half = try #require(statisticsByDay[180])
        let fileSize = try #require(
            FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        )
        Attachment.record("\(end)\nfile after closing: \(fileSize) bytes; largest -wal: \(largestLog) bytes", named: "year-of-50-habits.txt")
        // Rows: at most the window's worth (91 days, counting today).
        #expect(end.rowCounts["fired_log", default: 0] <= 50 * 2 * 91)
        #expect(end.rowCounts["completions", default: 0] <= 50 * 92)
        #expect(end.rowCounts["acknowledgements", default: 0] <= 50 * 91)
        #expect(end.rowCounts["handled_responses", default: 0] <= 10 * 91)
        #expect(end.rowCounts["deferred_days", default: 0] <= 5 * 93)
        #expect(end.rowCounts["snoozes", default: 0] <= 5 * 91)
        #expect(end.rowCounts["queued_responses", default: 0] == 0)
        // The file stops growing once the window is full: freed pages are reused.
        #expect(end.size <= half.size + half.size / 10)
        // The write-ahead log stays bounded too: a checkpoint once it holds 64 pages
        // (64 × (4,096 + 24) + 32 = 263,712 bytes), so it holds at most that plus the
        // largest commit (here the daily prune once the window is full, which deletes
        // a day of rows from eight tables and their indexes: about 550 KB), far under
        // the 4 MB that SQLite's default of 1,000 pages lets it reach.
        #expect(largestLog > 0)
        #expect(largestLog < 1_000_000, "\(largestLog) bytes")
        // The issue's target: under 5 MB after a year.
        #expect(fileSize < 5_000_000)
        #expect(end.size < 5_000_000)
    }
}

/// The events of a habit app for the size test: each habit reminded twice a day and
/// completed once, the morning reminder tapped, some responses queued and handled,
/// some days deferred and some reminders snoozed, smart timing refreshed weekly.
struct SimulatedHabitApp {
    let habits: [EntityReference]
    /// 2026-01-01 00:00 UTC.
    let firstDay = LocalDate(year: 2026, month: 1, day: 1)

    init(habits count: Int) {
        habits = (0..<count).map { EntityReference(namespace: "habit", id: "habit-\($0)-\(["water", "run", "read"][$0 % 3])") }
    }

    func instant(day: Int, hour: Int, minute: Int = 0) -> Date {
        let local = LocalDateTime(date: firstDay.adding(days: day), time: LocalTime(hour: hour, minute: minute))
        return Date(timeIntervalSince1970: Double(local.wallSeconds))
    }

    func endOfDay(_ day: Int) -> Date { instant(day: day, hour: 23, minute: 59) }

    /// One batch per habit per day, as the engine commits one event at a time.
    func events(onDay day: Int) -> [[EngineStateChange]] {
        let date = firstDay.adding(days: day)
        return habits.enumerated().map { index, habit in
            let morning = identifier(habit, rule: "morning", date: date, hour: 9)
            let evening = identifier(habit, rule: "evening", date: date, hour: 19)
            var batch: [EngineStateChange] = [
                .recordFired(FiredRecord(identifier: morning, date: instant(day: day, hour: 9))),
                .acknowledge(morning, at: instant(day: day, hour: 9, minute: 5)),
                .recordCompletion(Completion(entity: habit, day: date, date: instant(day: day, hour: 12, minute: index))),
                .recordFired(FiredRecord(identifier: evening, date: instant(day: day, hour: 19))),
            ]
            if index < 10 {
                let response = NotificationResponse(
                    notification: DeliveredNotification(
                        request: NotificationRequest(
                            identifier: morning.description,
                            content: NotificationContent(title: "Time for \(habit.id)", body: "Keep the streak going",
                                                         categoryIdentifier: "habit.reminder",
                                                         userInfo: ["herald": ["entity": .string(habit.id)]]),
                            trigger: .calendar(CalendarTrigger(at: LocalDateTime(date: date, time: LocalTime(hour: 9))))
                        ),
                        date: instant(day: day, hour: 9)
                    ),
                    actionIdentifier: "done"
                )
                let queued = QueuedResponse(response: response, receivedAt: instant(day: day, hour: 9, minute: 5), sequence: day * 10 + index)
                batch += [.enqueueResponse(queued), .markResponseHandled(id: queued.id, at: instant(day: day, hour: 9, minute: 6))]
            }
            if (10..<15).contains(index) {
                batch.append(.deferDay(EntityDay(habit, date.adding(days: 1))))
            }
            if (15..<20).contains(index) {
                batch.append(.snooze(SnoozeRecord(original: evening, until: instant(day: day, hour: 19, minute: 30))))
            }
            if day % 7 == 0 {
                batch.append(.setSmartTiming(key: habit.description, SmartTimingState(
                    suggestion: LocalTime(hour: 8, minute: 45), windowStartHour: 8, computedAt: instant(day: day, hour: 3)
                )))
            }
            return batch
        }
    }

    private func identifier(_ habit: EntityReference, rule: String, date: LocalDate, hour: Int) -> NotificationIdentifier {
        NotificationIdentifier(
            entity: habit, rule: rule, occurrence: OccurrenceKey(LocalDateTime(date: date, time: LocalTime(hour: hour))),
            kind: .reminder
        )
    }
}
