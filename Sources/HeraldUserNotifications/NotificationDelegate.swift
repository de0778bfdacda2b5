#if !os(tvOS)
import Foundation
import Herald
#if canImport(UserNotifications)
import UserNotifications
#else
import UserNotificationsShim
#endif

/// The notification center's delegate, wired to Herald's `Engine`: responses go
/// to `Engine.received(_:)`, foreground presentations are decided by
/// `Engine.willPresent(_:)`, and "open settings" goes to the app.
///
/// It keeps the delegate that was installed before it (a push SDK's, say) and forwards
/// to it every notification that is not Herald's (no Herald identifier and no Herald
/// payload), so Herald coexists with other code that uses notifications. Install it
/// before launch finishes, or the response that launched the app is lost; the center
/// holds its delegate weakly, so keep a strong reference. The previous delegate is held
/// weakly too (``previousDelegate``): its owner keeps it alive, and once it is gone what
/// is not Herald's gets the platform's defaults (no presentation in the foreground).
///
/// ```swift
/// let delegate = NotificationDelegate(engine: engine, presentPrompt: { prompt in
///     await MainActor.run { model.prompt = prompt }   // render the actions in the app
/// })
/// delegate.install(on: .current())                   // in didFinishLaunching or App.init
/// ```
///
/// Only the `async` form of each delegate method is implemented (implementing both forms
/// is a selector conflict on Apple platforms). What is not Herald's is forwarded through
/// the previous delegate's completion-handler form, resumed exactly once
/// (`DelegateForwarding`). Callbacks arrive off the main thread; the type is
/// deliberately not `@MainActor`.
public final class NotificationDelegate: NSObject, UNUserNotificationCenterDelegate {
    /// What responses and presentations go through to the engine (`HeraldSystem`'s forwarding).
    package let host: AppHost
    /// The engine responses and presentations go to.
    public var engine: Engine { host.engine }
    private let presentPrompt: @Sendable (InAppPrompt) async -> Void
    private let openSettings: @Sendable (DeliveredNotification?) -> Void
    /// The delegate that was installed before this one; it receives what is not Herald's.
    public private(set) weak var previousDelegate: (any UNUserNotificationCenterDelegate)?

    /// A delegate that hands Herald's responses and presentations to the app's engine.
    ///
    /// - Parameters:
    ///   - engine: receives Herald's responses and decides Herald's presentations.
    ///   - presentPrompt: shows an in-app prompt (a category presented in the app: the
    ///     system shows no banner); pass the chosen action to
    ///     ``HeraldSystem/chose(_:in:text:)``.
    ///   - openSettings: opens the app's notification settings (the user chose them from
    ///     the system's settings or a notification), with the notification if any.
    public convenience init(
        engine: Engine,
        presentPrompt: @escaping @Sendable (InAppPrompt) async -> Void = { _ in },
        openSettings: @escaping @Sendable (DeliveredNotification?) -> Void = { _ in }
    ) {
        self.init(host: AppHost(engine: engine), presentPrompt: presentPrompt, openSettings: openSettings)
    }

    package init(
        host: AppHost,
        presentPrompt: @escaping @Sendable (InAppPrompt) async -> Void = { _ in },
        openSettings: @escaping @Sendable (DeliveredNotification?) -> Void = { _ in }
    ) {
        self.host = host
        self.presentPrompt = presentPrompt
        self.openSettings = openSettings
        super.init()
    }

    /// Becomes `center`'s delegate, keeping the delegate that was there to forward to.
    /// Installing twice keeps the first previous delegate.
    public func install(on center: UNUserNotificationCenter) {
        if let current = center.delegate, current !== self { previousDelegate = current }
        center.delegate = self
    }

    /// Whether a request is Herald's: its identifier parses as a
    /// `NotificationIdentifier` or its `userInfo` has a Herald payload (even a
    /// malformed one, which the engine reports).
    public static func isHerald(_ request: UNNotificationRequest) -> Bool {
        NotificationIdentifier(parsing: request.identifier) != nil
            || request.content.userInfo[HeraldPayload.userInfoKey] != nil
    }

    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        guard Self.isHerald(response.notification.request) else {
            guard let previous = previousDelegate else { return }
            await DelegateForwarding.answer(or: ()) { done in
                #if canImport(UserNotifications)
                previous.userNotificationCenter?(center, didReceive: response, withCompletionHandler: { done(()) }) != nil
                #else
                Self.forwardOnLinux { previous.userNotificationCenter(center, didReceive: response) { done(()) } }
                #endif
            }
            return
        }
        await host.received(PlatformMapping.response(response))
    }

    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions {
        guard Self.isHerald(notification.request) else {
            guard let previous = previousDelegate else { return [] }
            return await DelegateForwarding.answer(or: UNNotificationPresentationOptions()) { done in
                #if canImport(UserNotifications)
                previous.userNotificationCenter?(center, willPresent: notification, withCompletionHandler: done) != nil
                #else
                Self.forwardOnLinux { previous.userNotificationCenter(center, willPresent: notification, withCompletionHandler: done) }
                #endif
            }
        }
        switch await host.willPresent(PlatformMapping.delivered(notification)) {
        case .system(let options):
            return PlatformMapping.platformPresentation(options)
        case .prompt(let prompt):
            // iOS drops a notification whose answer comes late: the prompt is started,
            // not awaited, and the system is answered at once.
            let present = presentPrompt
            Task { await present(prompt) }
            return []
        }
    }

    #if !canImport(UserNotifications)
    /// The shim's delegates implement every method (its defaults answer as the platform
    /// does for one a delegate leaves out), so the call is always made.
    private static func forwardOnLinux(_ call: () -> Void) -> Bool {
        call()
        return true
    }
    #endif

    #if !os(watchOS) && !HERALD_SHIM_WATCHOS
    public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
        if let notification, !Self.isHerald(notification.request), let previousDelegate {
            #if canImport(UserNotifications)
            previousDelegate.userNotificationCenter?(center, openSettingsFor: notification)
            #else
            previousDelegate.userNotificationCenter(center, openSettingsFor: notification)
            #endif
            return
        }
        openSettings(notification.map(PlatformMapping.delivered))
    }
    #endif
}
#endif
