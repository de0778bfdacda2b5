import Foundation
import Herald
import HeraldUserNotifications
import Testing
#if !canImport(UserNotifications)
@_spi(Testing) import UserNotificationsShim

struct NotificationDelegateTests {
    /// The water reminder of Tuesday 09:00, delivered by the platform.
    private func deliverWaterAtNine(_ platform: UNUserNotificationCenter, engine: Engine) async throws -> UNNotification {
        await engine.launched()
        let delivered = platform.advanceForTesting(by: 3_600)
        #expect(delivered.count == 2)
        return try #require(delivered.first { $0.request.identifier.contains("water") })
    }

    @Test func aColdLaunchTapIsQueuedAndRoutedOnceTheAppIsReady() async throws {
        // Given a process launched by a tap: engine and delegate exist, the app is not ready
        let platform = makePlatformCenter()
        let app = TwoHabits()
        let engine = try await makeEngine(platform: platform, app: app)
        let delegate = NotificationDelegate(host: AppHost(engine: engine))
        delegate.install(on: platform)
        let water = try await deliverWaterAtNine(platform, engine: engine)

        // When the response arrives before the app is ready
        await platform.respondForTesting(to: water)

        // Then nothing is routed yet
        #expect(await app.routes.routes.isEmpty)
        #expect(await engine.isAppReady == false)

        // When the app says it is ready, then the tap is routed once, to the water habit
        await engine.ready(app)
        let routes = await app.routes.routes
        #expect(routes.map(\.destination) == [.ready(EntityReference(namespace: "habit", id: "water"), title: "water")])
        #expect(routes.map(\.actionIdentifier) == [UNNotificationDefaultActionIdentifier])
        #expect(routes.map(\.notification.request.identifier) == [water.request.identifier])
    }

    @Test func notificationsThatAreNotHeraldsGoToThePreviousDelegate() async throws {
        // Given a push SDK's delegate installed first, then Herald's
        let platform = makePlatformCenter()
        let app = TwoHabits()
        let engine = try await makeEngine(platform: platform, app: app)
        let pushSDK = RecordingDelegate()
        platform.delegate = pushSDK
        let delegate = NotificationDelegate(host: AppHost(engine: engine))
        delegate.install(on: platform)
        #expect(delegate.previousDelegate === pushSDK)
        let push = platform.deliverForTesting(makePlatformRequest("push-123"))
        let water = try await deliverWaterAtNine(platform, engine: engine)

        // When the push notification is presented and tapped, and so is Herald's
        let pushOptions = await platform.presentForTesting(push)
        await platform.respondForTesting(to: push)
        await platform.respondForTesting(to: water, actionIdentifier: "done")
        await engine.ready(app)

        // Then the push SDK decided the push notification's options and got its tap only,
        // and Herald routed only its own
        #expect(pushOptions == [.banner, .sound])
        #expect(pushSDK.received == ["push-123 \(UNNotificationDefaultActionIdentifier) -"])
        #expect(await app.routes.routes.map(\.notification.request.identifier) == [water.request.identifier])
    }

    /// Forwarding goes through the previous delegate's completion-handler forms, and
    /// resumes exactly once: a delegate that calls its handler twice gets its first
    /// answer taken, and nothing breaks.
    @Test func aPreviousDelegateThatAnswersTwiceIsHeardOnce() async throws {
        let platform = makePlatformCenter()
        let engine = try await makeEngine(platform: platform)
        let previous = AnsweringTwice()
        platform.delegate = previous
        let delegate = NotificationDelegate(host: AppHost(engine: engine))
        delegate.install(on: platform)
        let push = platform.deliverForTesting(makePlatformRequest("push-7"))

        let options = await platform.presentForTesting(push)
        await platform.respondForTesting(to: push)

        #expect(options == [.banner])
        #expect(previous.calls == ["willPresent push-7", "didReceive push-7"])
    }

    @Test func aSystemPresentationReturnsTheCategorysOptions() async throws {
        let platform = makePlatformCenter()
        let engine = try await makeEngine(platform: platform)
        let delegate = NotificationDelegate(host: AppHost(engine: engine))
        delegate.install(on: platform)
        let water = try await deliverWaterAtNine(platform, engine: engine)

        let options = await platform.presentForTesting(water)

        #expect(options == [.banner, .list, .sound, .badge])
    }

    @Test func anInAppPromptGoesToTheAppAndTheSystemShowsNothing() async throws {
        // Given a category presented in the app
        let platform = makePlatformCenter()
        let categories = try CategoryRegistry([
            ReminderCategory(identifier: TwoHabits.category, actions: [
                .complete("done", title: "Done"), .snooze("snooze", title: "Snooze 10 min", for: 600),
            ], foreground: .inAppPrompt),
        ])
        let engine = try await makeEngine(platform: platform, categories: categories)
        let prompts = PromptLog()
        // The app's prompt stays on screen until the end of the test: the system's
        // question must be answered before it is dismissed (iOS drops a late answer).
        let (onScreen, dismiss) = AsyncStream.makeStream(of: Void.self)
        defer { dismiss.finish() }
        let delegate = NotificationDelegate(host: AppHost(engine: engine), presentPrompt: { prompt in
            await prompts.append(prompt)
            for await _ in onScreen {}
        })
        delegate.install(on: platform)
        let water = try await deliverWaterAtNine(platform, engine: engine)

        // When the water reminder arrives in the foreground
        let options = await platform.presentForTesting(water)

        // Then no banner options, answered while the prompt is still up, and the app
        // got the prompt with the category's actions
        #expect(options == [])
        try await waitUntil { await !prompts.prompts.isEmpty }
        let shown = await prompts.prompts
        #expect(shown.map(\.title) == ["water"])
        #expect(shown.first?.actions.map(\.identifier) == ["done", "snooze", UNNotificationDismissActionIdentifier])
    }

    /// iOS calls `openSettingsFor` only for an app that asked for
    /// `.providesAppNotificationSettings`; Herald's option asks for it.
    @Test func openSettingsGoesToTheAppOnceItAskedForIt() async throws {
        let platform = makePlatformCenter()
        let engine = try await makeEngine(platform: platform)
        let opened = OpenedSettings()
        let delegate = NotificationDelegate(host: AppHost(engine: engine), openSettings: { opened.record($0?.request.identifier ?? "none") })
        delegate.install(on: platform)

        platform.openSettingsForTesting(nil)
        #expect(opened.identifiers.isEmpty)

        let center = UserNotificationCenter(platform)
        _ = try await center.requestAuthorization(options: [.alert, .providesAppNotificationSettings])
        platform.openSettingsForTesting(nil)
        #expect(opened.identifiers == ["none"])
    }
}

/// Which notifications the app was asked to open settings for.
final class OpenedSettings: @unchecked Sendable {
    private let lock = NSLock()
    private var log: [String] = []
    var identifiers: [String] { lock.withLock { log } }
    func record(_ identifier: String) { lock.withLock { log.append(identifier) } }
}
/// A delegate written against the completion-handler forms that calls each handler twice.
final class AnsweringTwice: NSObject, UNUserNotificationCenterDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var log: [String] = []
    var calls: [String] { lock.withLock { log } }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        lock.withLock { log.append("willPresent \(notification.request.identifier)") }
        completionHandler([.banner])
        completionHandler([.list, .sound])
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        lock.withLock { log.append("didReceive \(response.notification.request.identifier)") }
        completionHandler()
        completionHandler()
    }
}
#endif
