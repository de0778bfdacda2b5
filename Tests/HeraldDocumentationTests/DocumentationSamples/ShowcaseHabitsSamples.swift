// The Swift sample of ShowcaseHabits' landing page
// (Sources/ShowcaseHabits/Documentation.docc/ShowcaseHabits.md), inside the context it
// needs; the documentation tests check that it appears here verbatim.
import Foundation
import Herald
import HeraldSimulator
import ShowcaseHabits

enum ShowcaseHabitsLandingPageSamples {
    static func overview(start: Date, berlin: TimeZone, nineOhFive: Date) async {
        let clock = VirtualClock(now: start, timeZone: berlin)
        let center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        let habits = HabitReminderSource(clock: clock)
        let app = HabitApp(habits: habits, engine: Engine(center: center, source: habits, clock: clock))

        await app.save(Habit(id: "stretch", name: "Stretch", category: "Health",
                             reminderTimes: [LocalTime(hour: 9), LocalTime(hour: 9, minute: 1)]))
        let delivered = await center.advance(to: nineOhFive)
        let badges = delivered.map(\.request.content.badge) // [1, 2]
        _ = badges
    }
}
