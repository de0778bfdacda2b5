import Foundation

extension EngineState {
    /// An alarm Herald asked the alarm service for, as kept in its state
    /// (``EngineState/scheduledAlarms``) between runs: what a run compares the plan's alarms
    /// with, so an unchanged alarm costs no call, and what a button press on it means.
    ///
    /// ```swift
    /// let kept = ScheduledAlarm(request, category: content.categoryIdentifier)
    /// try store.commit([.setScheduledAlarms([request.id: kept])])
    /// ```
    public struct ScheduledAlarm: Hashable, Sendable, Codable {
        public var identifier: NotificationIdentifier
        public var schedule: AlarmSchedule
        public var title: String
        public var secondary: AlarmRequest.SecondaryButton?
        /// The category of the content it was made from, whose actions its presses mean.
        public var category: String

        public init(identifier: NotificationIdentifier, schedule: AlarmSchedule, title: String,
                    secondary: AlarmRequest.SecondaryButton? = nil, category: String) {
            self.identifier = identifier
            self.schedule = schedule
            self.title = title
            self.secondary = secondary
            self.category = category
        }

        /// What was asked for with `request`, made from a content of `category`.
        public init(_ request: AlarmRequest, category: String) {
            self.init(identifier: request.identifier, schedule: request.schedule, title: request.title,
                      secondary: request.secondary, category: category)
        }
    }
}

/// `EngineState.ScheduledAlarm` by its former name, inside the package.
package typealias ScheduledAlarm = EngineState.ScheduledAlarm
