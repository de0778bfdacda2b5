// The Swift sample of ShowcaseGoals' landing page
// (Sources/ShowcaseGoals/Documentation.docc/ShowcaseGoals.md), inside the context it
// needs; the documentation tests check that it appears here verbatim.
import Herald
import ShowcaseGoals

enum ShowcaseGoalsLandingPageSamples {
    static func overview(database: GoalDatabase, engineStore: any EngineStore, center: any NotificationCenter,
                         clock: any DeviceClock, tap: NotificationResponse) async throws {
        let app = GoalTrackerApp(database: database, engineStore: engineStore, center: center, clock: clock)
        await app.didFinishLaunching()          // from the app delegate
        await app.didReceive(tap)               // from the notification delegate: queued
        await app.untilReady()                  // goals loaded: the tap is routed now
        let screen = app.router.shown.last?.screen   // .dataEntry(goalID: "workout", questionID: "minutes")
        try await app.pause("reading")          // nothing of "reading" pending or delivered
        _ = screen
    }
}
