// The Swift sample of ShowcaseExercise's landing page
// (Sources/ShowcaseExercise/Documentation.docc/ShowcaseExercise.md), inside the context
// it needs; the documentation tests check that it appears here verbatim.
import Herald
import ShowcaseExercise

enum ShowcaseExerciseLandingPageSamples {
    static func overview(engineStore: any EngineStore, center: any NotificationCenter, clock: any DeviceClock,
                         breakReminder: DeliveredNotification) async {
        let plan = ExercisePlan(everyMinutes: 30, from: LocalTime(hour: 9), to: LocalTime(hour: 17),
                                followUpAfter: 600)
        let app = ExerciseApp(plan: plan, engineStore: engineStore, center: center, clock: clock)
        await app.didFinishLaunching()
        let options = await app.willPresent(breakReminder)   // [] and app.prompt has the actions
        await app.choose(ExerciseCategories.snoozeActionID)   // one snooze, 5 minutes from now
        _ = options
    }
}
