import Foundation

extension Plan {
    /// What a plan holds (each documented on its property).
    struct Values {
        var reminders: [PlannedReminder]
        var snoozes: [PlannedReminder]
        var followUps: [PlannedReminder]
        var events: [PostedEvent]
        var displaced: [PlannedReminder]
        var staleDelivered: [String]
        var capacity: Int
        var coverageHorizon: Date
        var horizonEnd: Date
        var guaranteedCoverage: GuaranteedCoverage
        var refreshDeadline: Date?
        var skipped: [PlanSkip]
        var pausedEntities: [EntityReference]
        var appBadge: Int?
        var remainder: Remainder
        /// What the alarm channel left waiting when it was full (``Plan/alarmCuts(first:)``).
        var alarmRemainder: Remainder?
        var locationReminders: [PlannedReminder] = []
        var regions = RegionPlan(position: nil, watched: [], cut: [])
        var deliverySettings = NotificationSettings.allOn
        var alarmsAvailable = false
        var alarmCapacity = 0
        var alarmsPassedOver: DeliveryForecast.Unavailable? = .alarmsUnavailable
        var alarms: [PlannedAlarm] = []
        var backstops: [PlannedReminder] = []
        var eventBadges: [NotificationIdentifier: Int] = [:]
        var repeating: [PlannedReminder] = []
        var groups: [PlannedGroup] = []
    }

    /// The box a plan's copies share; only a plan that holds the only reference changes
    /// it (``Plan/changingValues(_:)``), so no box is written while shared.
    final class Box: @unchecked Sendable {
        var values: Values

        init(_ values: Values) {
            self.values = values
        }
    }
}
