import Foundation

extension LastRegionChoice {
    /// What a position answered from the last plan reads of the center: the pending
    /// identifiers, the delivered list's mark, the authorization and the settings
    /// (``moved(to:stateVersion:day:zone:pending:delivered:authorization:settings:now:)``
    /// compares them with what the run left).
    ///
    /// ```swift
    /// let reading = await LastRegionChoice.CenterReading(of: center)
    /// ```
    struct CenterReading {
        var pending: Set<String>
        var delivered: DeliveredMark
        var authorization: AuthorizationStatus
        var settings: NotificationSettings

        init(of center: any NotificationCenter) async {
            pending = Set(await center.pendingNotificationRequests().lazy.map(\.identifier))
            delivered = DeliveredMark(await center.deliveredNotifications())
            (authorization, settings) = await center.permission()
        }
    }

    /// ``moved(to:stateVersion:day:zone:pending:delivered:authorization:settings:now:)``
    /// with what `reading` found in the center.
    func moved(to position: Coordinate, stateVersion: Int, day: LocalDate, zone: TimeZone,
               reading: CenterReading, now: Date) -> LastRegionChoice? {
        moved(to: position, stateVersion: stateVersion, day: day, zone: zone, pending: reading.pending,
              delivered: reading.delivered, authorization: reading.authorization, settings: reading.settings,
              now: now)
    }

    /// The report of `position` answered from this choice's plan (already moved to it):
    /// not published, since no run happened, the plan is the last one and the same places
    /// are watched, so nothing an observer acts on changed.
    ///
    /// The badge is set again, as a run sets it: a delivery nothing lists (a repeating
    /// location request while the center hides location deliveries) sets it behind
    /// Herald's back, and a run would set it back.
    ///
    /// ```swift
    /// return await moved.answer(position, reading: reading, settingBadgeOn: center)
    /// ```
    func answer(_ position: Coordinate, reading: CenterReading, settingBadgeOn center: any NotificationCenter) async
        -> ReconcileReport {
        var badgeSet: Int?
        if reading.authorization != .denied, reading.settings.badge, let badge = plan.appBadge {
            badgeSet = (try? await center.setBadgeCount(badge)) == nil ? nil : badge
        }
        var report = ReconcileReport(reasons: [.position(position)], plan: plan, outcome: ReconcileOutcome(),
                                     badgeSet: badgeSet, failure: nil)
        report.badgesOff = !reading.settings.badge
        return report
    }
}
