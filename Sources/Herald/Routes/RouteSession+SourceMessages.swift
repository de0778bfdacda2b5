import Foundation
import Logging

extension RouteSession {
    /// This session with the texts of its notifications from `source`
    /// (``ReminderSource/routeMessages(for:)``), else its own; a source that fails is
    /// logged and the session's own are used.
    ///
    /// ```swift
    /// let session = await session.withMessages(from: source, logger: logger)
    /// ```
    nonisolated(nonsending) func withMessages(from source: any ReminderSource, logger: Logger) async -> RouteSession {
        var session = self
        do {
            if let messages = try await source.routeMessages(for: session) { session.messages = messages }
        } catch {
            logger.warning("the app's route texts failed; the session's own are used", metadata: [
                "route": "\(session.id)", "error": "\(error)",
            ])
        }
        return session
    }
}
