import Foundation

extension NotificationIdentifier {
    /// The entity a group identifier is filed under: groups belong to no entity of the
    /// app's (their members do, see `HeraldPayload.members`), and their text names none.
    public static let groupEntity = EntityReference(namespace: "herald", id: "group")

    /// The identifier of the group notification that fires at `date`: one per instant,
    /// named by its reason and the instant in UTC.
    ///
    /// ```swift
    /// let seven = NotificationIdentifier.group(at: sevenInBerlin, reason: .quiet)
    /// seven.description                          // "herald:group:quiet:20261122T0600"
    /// NotificationIdentifier(parsing: seven.description) == seven   // true
    /// NotificationIdentifier(parsing: "herald:group:herald:group:quiet:20261122T0600") == seven  // the old text
    /// seven.groupDate                            // sevenInBerlin
    /// ```
    package static func group(at date: Date, reason: GroupReason, part: Int = 1) -> NotificationIdentifier {
        NotificationIdentifier(entity: groupEntity, rule: reason.rawValue,
                               occurrence: OccurrenceKey(ZoneConverter.utc.local(for: date)), kind: .group, part: part)
    }

    /// The identifier of the group at `date`, `GroupReason.quiet` when `deferred`.
    public static func group(at date: Date, deferred: Bool) -> NotificationIdentifier {
        group(at: date, reason: deferred ? .quiet : .due)
    }

    /// The identifier of part `part` of the group at `date` (``PlannedGroup/part``): the
    /// group's own for the first, `…#<part>` from the second on.
    ///
    /// ```swift
    /// NotificationIdentifier.group(at: sevenInBerlin, deferred: true, part: 2).description
    /// // "herald:group:quiet:20261122T0600#2"
    /// ```
    public static func group(at date: Date, deferred: Bool, part: Int) -> NotificationIdentifier {
        group(at: date, reason: deferred ? .quiet : .due, part: part)
    }

    /// Whether this names a group notification.
    public var isGroup: Bool { kind == .group }

    /// Why the group this names holds its members; `nil` for every other kind.
    package var groupReason: GroupReason? { kind == .group ? GroupReason(rawValue: rule) : nil }

    /// Whether this names a group the quiet hours deferred (`GroupReason.quiet`).
    public var isDeferredGroup: Bool { groupReason == .quiet }

    /// The instant a group fires at (its occurrence key read in UTC); `nil` for every
    /// other kind.
    public var groupDate: Date? {
        guard kind == .group, let local = occurrence.localDateTime else { return nil }
        return ZoneConverter.utc.instant(for: local).date
    }
}
