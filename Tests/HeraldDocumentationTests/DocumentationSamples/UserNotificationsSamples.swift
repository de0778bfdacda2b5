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
                       show: @escaping @Sendable (InAppPrompt) async -> Void) async throws -> NotificationDelegate {
        let engine = Engine(center: UserNotificationCenter(), source: habits,
                            store: try SQLiteEngineStore(path: path), clock: SystemClock(), categories: categories)
        let host = AppHost(engine: engine)
        let delegate = NotificationDelegate(host: host, presentPrompt: { prompt in await show(prompt) })
        delegate.install(on: .current())                       // before launch finishes
        let refresh = BackgroundRefresh(identifier: "com.example.habits.refresh", host: host)
        refresh.register()                                     // before launch finishes
        await refresh.observeRuns()                            // every run submits the next refresh
        Task { await TimeSignalForwarder(host: host).run() }
        await host.launched()
        // once the app's data is loaded:
        await host.ready(responder)
        return delegate
    }
}
#endif
