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
        let delegate = NotificationDelegate(engine: engine, presentPrompt: { prompt in await show(prompt) })
        delegate.install(on: .current())                       // before launch finishes
        let refresh = BackgroundRefresh(identifier: "com.example.habits.refresh", engine: engine)
        refresh.register()                                     // before launch finishes
        Task { await TimeSignalForwarder(engine: engine).run() }
        try refresh.scheduleNext(after: await engine.launched())
        // once the app's data is loaded:
        await engine.ready(responder)
        return delegate
    }
}
#endif
