extension PlannerConfiguration {
    /// How Herald numbers the app badge on the reminders it plans.
    ///
    /// ```swift
    /// var configuration = PlannerConfiguration()
    /// configuration.badgePolicy = .none                      // never touch the badge
    /// configuration.badgePolicy = .custom { reminder, n in n } // app decides from Herald's count
    /// ```
    public enum BadgePolicy: Sendable {
        /// Reminders carry no badge and Herald never sets it.
        case none
        /// The default: a reminder's badge is the number of the day's Herald reminders
        /// still outstanding when it is delivered (undone ones already delivered today,
        /// then the day's reminders in fire order), and the app badge is kept equal to the
        /// outstanding count. Stale notifications from earlier days do not count.
        case outstanding
        /// The app decides: it is given each planned reminder and the number the
        /// outstanding policy would use, and returns a badge or `nil` for none.
        case custom(@Sendable (PlannedReminder, Int) -> Int?)
    }
}

/// `PlannerConfiguration.BadgePolicy` by its former name, inside the package.
package typealias BadgePolicy = PlannerConfiguration.BadgePolicy
