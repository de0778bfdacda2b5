// The Swift sample of ShowcaseStreaks' landing page
// (Sources/ShowcaseStreaks/Documentation.docc/ShowcaseStreaks.md), inside the context it
// needs; the documentation tests check that it appears here verbatim.
import Herald
import ShowcaseStreaks

enum ShowcaseStreaksLandingPageSamples {
    static func overview(clock: any DeviceClock, wordle: Game, engineStore: any EngineStore,
                         center: any NotificationCenter, tap: NotificationResponse) async {
        let app = StreakApp(source: StreakReminderSource(clock: clock, times: [LocalTime(hour: 19)], gamesAtRisk: [wordle]),
                            engineStore: engineStore, center: center, clock: clock)
        await app.didFinishLaunching()   // categories registered: permission exists
        await app.didReceive(tap)        // before the UI appeared: queued
        await app.wireHandlers()         // routed now
    }
}
