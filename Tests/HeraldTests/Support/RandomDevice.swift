import Foundation
import HeraldTestSupport
import HeraldSimulator
@testable import Herald

/// A simulated device for a property test's seed: a zone drawn from the DST tables'
/// zones, a start instant near the test's dates, an authorized center, and its day.
struct RandomDevice {
    let zone: TimeZone
    let clock: VirtualClock
    let center: SimulatedNotificationCenter
    /// The device-local day at the start.
    let today: LocalDate

    init(using random: inout SeededGenerator) {
        let zone = RandomRules.zones.randomElement(using: &random)!
        self.init(zone: zone, now: RandomRules.now(using: &random))
    }

    /// The device of a drawn zone and start instant.
    init(zone: TimeZone, now: Date) {
        self.zone = zone
        clock = VirtualClock(now: now, timeZone: zone)
        center = SimulatedNotificationCenter(clock: clock, authorization: .authorized)
        today = ZoneConverter.for(zone).local(for: clock.now).date
    }
}
