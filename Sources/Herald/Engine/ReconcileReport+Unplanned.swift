import Foundation
import Logging

extension ReconcileReport {
    /// The report of a run that could not plan because of `error` (the app's data still
    /// loading, or the source or the store failed): the center is left as it is.
    ///
    /// ```swift
    /// return ReconcileReport.unplanned(ReminderSourceNotReady(), reasons: [.launch], logger: logger)
    /// ```
    static func unplanned(_ error: any Error, reasons: [EngineEvent], logger: Logger) -> ReconcileReport {
        if error is ReminderSourceNotReady {
            logger.debug("re-plan deferred: the app's data is still loading", metadata: ["reasons": "\(reasons)"])
        } else {
            logger.error("re-plan failed; pending requests left as they are", metadata: [
                "reasons": "\(reasons)", "error": "\(error)",
            ])
        }
        return ReconcileReport(reasons: reasons, plan: nil, outcome: ReconcileOutcome(), badgeSet: nil,
                               failure: "\(error)")
    }
}
