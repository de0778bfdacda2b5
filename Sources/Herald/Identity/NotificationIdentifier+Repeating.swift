import Foundation

extension NotificationIdentifier {
    /// Whether this names a request whose repeating trigger stands for every occurrence
    /// of a rule at one time of day (its occurrence key is ``OccurrenceKey/repeating(_:weekday:)``).
    public var isRepeating: Bool { occurrence.repeatingSlot != nil }

    /// The occurrence one delivery of this request stands for: for a repeating request,
    /// the reminder of the rule's occurrence on the local day (read in `zone`, the rule's
    /// pinned zone or the device's) it was delivered on; any other identifier is
    /// returned as it is.
    ///
    /// A repeating request is delivered under the same identifier every day; the fired
    /// log, the badge count, snoozes and "Done" work with the occurrence instead.
    ///
    /// ```swift
    /// let every = NotificationIdentifier(entity: water, rule: "morning",
    ///                                    occurrence: .repeating(LocalTime(hour: 9)), kind: .reminder)
    /// every.occurrence(deliveredAt: nineOnTheTwentyFirst, in: berlin).occurrence  // "20261121T0900"
    /// ```
    public func occurrence(deliveredAt date: Date, in zone: TimeZone) -> NotificationIdentifier {
        guard let slot = occurrence.repeatingSlot else { return self }
        let day = ZoneConverter.for(zone).local(for: date).date
        return NotificationIdentifier(entity: entity, rule: rule,
                                      occurrence: OccurrenceKey(LocalDateTime(date: day, time: slot.time)), kind: kind)
    }
}

extension DeliveredNotification {
    /// The Herald identifier of the occurrence this delivery stands for (see
    /// ``NotificationIdentifier/occurrence(deliveredAt:in:)``), or `nil` when the
    /// notification is not Herald's. A repeating request's occurrence is read in the
    /// zone its payload names (a pinned rule's) or else `deviceZone`.
    public func heraldIdentifier(deviceZone: TimeZone) -> NotificationIdentifier? {
        guard let identifier = request.heraldIdentifier else { return nil }
        guard identifier.isRepeating else { return identifier }
        var zone = deviceZone
        if case .valid(let payload) = PayloadDecoder().decode(request.content.userInfo),
           let pinned = payload.occurrenceZone.flatMap(TimeZone.init(identifier:)) {
            zone = pinned
        }
        return identifier.occurrence(deliveredAt: date, in: zone)
    }
}
