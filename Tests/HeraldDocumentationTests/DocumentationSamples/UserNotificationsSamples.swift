// The Swift sample of HeraldUserNotifications' landing page
// (Sources/HeraldUserNotifications/Documentation.docc/HeraldUserNotifications.md), inside
// the context it needs; the documentation tests check that it appears here verbatim.
// Its articles' samples are in HeraldUserNotificationsTests' AdoptionExample.swift.
#if os(iOS) || os(visionOS) || os(Linux)
import Foundation
import Herald
import HeraldSQLite
import HeraldUserNotifications

enum HeraldUserNotificationsLandingPageSamples {
    @MainActor
    static func wiring(habits: any ReminderSource, path: String, categories: CategoryRegistry,
                       responder: any AppResponder,
                       show: @escaping @Sendable (InAppPrompt) async -> Void) async throws -> HeraldSystem {
        let herald = HeraldSystem(source: habits, store: try SQLiteEngineStore(path: path), categories: categories,
                                  refreshIdentifier: "com.example.habits.refresh",
                                  presentPrompt: { prompt in await show(prompt) })   // before launch finishes
        _ = try? await herald.requestAuthorization()           // the permission prompt, once
        await herald.launched()                                // every run from here submits the next refresh
        await herald.becameActive()                            // each return to the foreground
        // once the app's data is loaded: a re-plan with it, then queued taps are routed
        await herald.dataLoaded(responder)
        return herald
    }
}
#endif
