import Foundation
import Herald
import HeraldSimulator

/// A phone's engine with 50 daily habits, launched at 10:00 on 2026-11-29 in Berlin,
/// and 1,000 records the watch made over the 14 days before, in a seeded order:
///
/// - 700 completions: every habit on each of the 14 days, at 20:00;
/// - 200 answers: both reminders of every habit on each of the 2 days before, five
///   minutes after each;
/// - 100 pauses and resumes: every habit paused 3 days before, 45 of them resumed 2
///   days before, 5 of those paused again the day before (10 paused at the end).
struct IncomingSetup {
    let engine: Engine
    let records: [HeraldSync.Record]

    static let records: [HeraldSync.Record] = {
        var records: [HeraldSync.Record] = []
        func record(_ instant: Date, _ change: HeraldSync.Record.Change) {
            records.append(HeraldSync.Record(device: "watch", instant: instant, change: change))
        }
        for daysAgo in 1...14 {
            for index in 0..<Habits.count {
                let date = Habits.instant(daysAgo: daysAgo, LocalTime(hour: 20))
                record(date, .completed(EngineState.Completion(entity: Habits.entity(index),
                                                               day: Habits.today.adding(days: -daysAgo), date: date)))
            }
        }
        for daysAgo in 1...2 {
            for index in 0..<Habits.count {
                for time in Habits.times(index) {
                    let occurrence = OccurrenceKey(LocalDateTime(date: Habits.today.adding(days: -daysAgo), time: time))
                    let identifier = NotificationIdentifier(entity: Habits.entity(index), rule: "daily",
                                                            occurrence: occurrence, kind: .reminder)
                    record(Habits.instant(daysAgo: daysAgo, time).addingTimeInterval(300), .answered(identifier))
                }
            }
        }
        for index in 0..<Habits.count { record(Habits.instant(daysAgo: 3, LocalTime(hour: 12)), .paused(Habits.entity(index))) }
        for index in 0..<45 { record(Habits.instant(daysAgo: 2, LocalTime(hour: 12)), .resumed(Habits.entity(index))) }
        for index in 0..<5 { record(Habits.instant(daysAgo: 1, LocalTime(hour: 12)), .paused(Habits.entity(index))) }
        precondition(records.count == 1_000 && Set(records.map(\.id)).count == 1_000)
        var generator = SeededGenerator(seed: 2026_11_29)
        return records.shuffled(using: &generator)
    }()

    static func make() async -> IncomingSetup {
        let clock = VirtualClock(now: Habits.midnight.addingTimeInterval(10 * 3_600), timeZone: Habits.zone)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let engine = Engine(center: center, source: HabitSource(rules: Habits.rules(mixingAlertsOn: false)),
                            store: InMemoryEngineStore(), clock: clock, sync: HeraldSync(device: "phone"))
        await engine.launched()
        return IncomingSetup(engine: engine, records: records)
    }
}
