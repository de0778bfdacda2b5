import Foundation

extension NotificationIdentifier {
    /// The entity every group notification is filed under: groups belong to no entity of
    /// the app's (their members do, see ``HeraldPayload/members``).
    public static let groupEntity = EntityReference(namespace: "herald", id: "group")

    /// The identifier of the group notification that fires at `date`: one per instant,
    /// named by the instant in UTC, under rule `quiet` when some member was deferred by
    /// the quiet hours and `due` when its members are due together.
    ///
    /// ```swift
    /// let seven = NotificationIdentifier.group(at: sevenInBerlin, deferred: true)
    /// seven.description                          // "herald:group:herald:group:quiet:20261122T0600"
    /// NotificationIdentifier(parsing: seven.description) == seven   // true
    /// seven.groupDate                            // sevenInBerlin
    /// ```
    public static func group(at date: Date, deferred: Bool) -> NotificationIdentifier {
        group(at: date, deferred: deferred, part: 1)
    }

    /// The identifier of part `part` of the group at `date` (``PlannedGroup/part``): the
    /// group's own for the first, `…#<part>` from the second on.
    ///
    /// ```swift
    /// NotificationIdentifier.group(at: sevenInBerlin, deferred: true, part: 2).description
    /// // "herald:group:herald:group:quiet:20261122T0600#2"
    /// ```
    public static func group(at date: Date, deferred: Bool, part: Int) -> NotificationIdentifier {
        NotificationIdentifier(entity: groupEntity, rule: deferred ? "quiet" : "due",
                               occurrence: OccurrenceKey(ZoneConverter.utc.local(for: date)).nagRepeat(part),
                               kind: .group)
    }

    /// Whether this names a group notification.
    public var isGroup: Bool { kind == .group }

    /// Whether this names a group the quiet hours deferred (rule `quiet`).
    public var isDeferredGroup: Bool { kind == .group && rule == "quiet" }

    /// The instant a group fires at (its occurrence key read in UTC); `nil` for every
    /// other kind.
    public var groupDate: Date? {
        guard kind == .group, let local = occurrence.localDateTime else { return nil }
        return ZoneConverter.utc.instant(for: local).date
    }
}

extension DeliveredNotification {
    /// What this delivery puts in the fired log: its Herald identifier
    /// (``heraldIdentifier(deviceZone:)``) and, for a group, the reminder of each member
    /// (``HeraldPayload/members``), so no later plan schedules a member again, even
    /// after the clock is set back. Empty when the notification is not Herald's.
    ///
    /// ```swift
    /// delivered.firedIdentifiers(deviceZone: berlin)
    /// // [herald:group:herald:group:quiet:20261122T0600, herald:reminder:habit:water:r:20261121T2300, ...]
    /// ```
    public func firedIdentifiers(deviceZone: TimeZone) -> [NotificationIdentifier] {
        guard let identifier = heraldIdentifier(deviceZone: deviceZone) else { return [] }
        guard identifier.kind == .group else { return [identifier] }
        let members = PayloadDecoder().decode(request.content.userInfo).payload?.members ?? []
        return [identifier] + members.map(\.identifier)
    }
}
