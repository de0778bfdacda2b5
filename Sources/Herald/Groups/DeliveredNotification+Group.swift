import Foundation

extension DeliveredNotification {
    /// What this delivery puts in the fired log: its Herald identifier
    /// (``heraldIdentifier(deviceZone:)``) and, for a group, the reminder of each member
    /// (`HeraldPayload.members`), so no later plan schedules a member again, even
    /// after the clock is set back. Empty when the notification is not Herald's.
    ///
    /// ```swift
    /// delivered.firedIdentifiers(deviceZone: berlin)
    /// // [herald:group:quiet:20261122T0600, herald:reminder:habit:water:r:20261121T2300, ...]
    /// ```
    public func firedIdentifiers(deviceZone: TimeZone) -> [NotificationIdentifier] {
        guard let identifier = heraldIdentifier(deviceZone: deviceZone) else { return [] }
        guard identifier.kind == .group else { return [identifier] }
        let members = PayloadDecoder().decode(request.content.userInfo).payload?.members ?? []
        return [identifier] + members.map(\.identifier)
    }
}
