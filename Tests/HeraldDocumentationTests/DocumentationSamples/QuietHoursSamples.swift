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

    static func pastMidnight(water: EntityReference, elevenPM: Schedule) throws -> (QuietHours, ReminderRule) {
        var night = try QuietHours(from: LocalTime(hour: 22), to: LocalTime(hour: 7))
        night.defersPastMidnight = true                          // every rule: Monday 23:00 at Tuesday 07:00
        let late = try ReminderRule(entity: water, id: "late", schedule: elevenPM).deferringPastMidnight()  // this rule only
        return (night, late)
    }
}
