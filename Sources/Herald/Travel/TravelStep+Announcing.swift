import Foundation
import Logging

extension TravelStep {
    /// The notice a run announces after it recorded a zone the app was not told of
    /// (``Noticed/reports``), logged: made once the rules are known, so a run that
    /// cannot read them (the app's data still loading) leaves it to the next.
    ///
    /// ```swift
    /// report.travel = TravelStep.announcing(rules: rules, state: state, deviceZone: zone, now: now,
    ///                                       prompt: false, logger: logger)
    /// ```
    static func announcing(rules: [ReminderRule], state: EngineState, deviceZone: TimeZone, now: Date,
                           prompt: Bool, logger: Logger) -> TravelNotice? {
        let notice = notice(rules: rules, state: state, deviceZone: deviceZone, now: now, prompt: prompt)
        logger.debug("the device's zone changed", metadata: [
            "home": "\(state.homeZone?.identifier ?? "?")", "zone": "\(deviceZone.identifier)",
            "affected": "\(notice?.affected.map(\.rule.description) ?? [])",
        ])
        return notice
    }
}
