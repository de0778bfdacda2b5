import Foundation

/// The one definition of the day an occurrence belongs to: the device-local day of its
/// instant. The planner, responses ("Done" on a notification) and
/// ``Engine/completed(_:on:at:)`` all count days this way, so a rule pinned to another
/// zone is completed for the day the user saw it on.
///
/// ```swift
/// // 08:00 in Tokyo on 11-22 is 18:00 on 11-21 in New York.
/// let day = OccurrenceDay.day(of: local, pinnedTo: tokyo, deviceZone: newYork) // 2026-11-21
/// ```
package enum OccurrenceDay {
    /// The device-local day of the instant `local` stands for in `zone` (the device's
    /// own zone for a floating rule).
    public static func day(of local: LocalDateTime, pinnedTo zone: TimeZone?, deviceZone: TimeZone) -> LocalDate {
        let device = ZoneConverter.for(deviceZone)
        return day(of: local, in: zone.map(ZoneConverter.for) ?? device, device: device)
    }

    static func day(of local: LocalDateTime, in converter: ZoneConverter, device: ZoneConverter) -> LocalDate {
        device.local(for: converter.instant(for: local).date).date
    }
}
