import Foundation

extension Engine {
    /// The app's process started. Registers the categories when authorized, trims old
    /// history, hands over nothing yet (responses wait for ``ready(_:)``), and
    /// re-plans (which records what was delivered while the app was not running).
    @discardableResult
    public func launched() async -> ReconcileReport {
        await categories.registerIfAuthorized(on: center)
        await recordLoggingFailure(.launch)
        return await reconcile(reason: .launch)
    }

    /// The app came to the foreground: authorization may have changed in Settings and
    /// notifications may have been delivered meanwhile.
    @discardableResult
    public func becameActive() async -> ReconcileReport {
        await categories.registerIfAuthorized(on: center)
        return await reconcile(reason: .foreground)
    }

    /// The system gave the app background time (a `BGAppRefreshTask`): a re-plan, so
    /// reminders stay scheduled and the day's content is rewritten.
    @discardableResult
    public func backgroundRefresh() async -> ReconcileReport {
        await reconcile(reason: .backgroundRefresh)
    }

    /// Re-plans for a reason of the app's own (its data finished loading, say), which
    /// records nothing: the report names it.
    ///
    /// ```swift
    /// await engine.reconcile(because: "goals loaded")
    /// ```
    @discardableResult
    public func reconcile(because reason: String) async -> ReconcileReport {
        await reconcile(reason: .other(reason))
    }

    /// Asks the user for permission; when granted, registers the categories at once and
    /// re-plans.
    @discardableResult
    public func requestAuthorization(options: AuthorizationOptions = [.alert, .sound, .badge]) async throws -> Bool {
        let granted = try await center.requestAuthorization(options: options)
        if granted {
            await categories.registerIfAuthorized(on: center)
            await reconcile(reason: .authorizationGranted)
        }
        return granted
    }

    /// Records every delivered Herald notification not yet in the fired log, including
    /// those delivered while the app was not running. Every run does this first; call
    /// it to update the log without re-planning.
    public func syncFiredLog() async {
        do {
            _ = try stateRecordingDeliveries(await center.deliveredNotifications())
        } catch {
            logger.error("recording delivered notifications failed", metadata: ["error": "\(error)"])
        }
    }
}
