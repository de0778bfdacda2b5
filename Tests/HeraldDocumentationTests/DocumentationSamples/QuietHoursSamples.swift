// The Swift sample of QuietHoursAndGroups.md, in the context it needs: the
// documentation tests check that it appears here verbatim.
import Foundation
import Herald

/// QuietHoursAndGroups.md
enum QuietHoursSamples {
    static func engine(center: any Herald.NotificationCenter, habits: any ReminderSource, clock: any DeviceClock,
                       habitCategory: ReminderCategory) throws -> Engine {
        var configuration = PlannerConfiguration()
        configuration.quietHours = try QuietHours(from: LocalTime(hour: 22), to: LocalTime(hour: 7))
        configuration.groupWithin = 10 * 60        // due within 10 minutes: one notification
        let engine = Engine(center: center, source: habits, clock: clock, configuration: configuration,
                            categories: try CategoryRegistry([habitCategory]))   // .group is added for you
        return engine
    }
}
