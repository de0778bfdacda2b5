// The Swift sample of Budget.md's "Nagging until done", in the context it needs: the
// documentation tests check that it appears here verbatim.
import Foundation
import Herald

/// Budget.md
enum NagSamples {
    static func pills() throws -> ReminderRule {
        let pills = try ReminderRule(entity: EntityReference(namespace: "med", id: "pill"), id: "evening",
                                     schedule: try .daily(at: [LocalTime(hour: 21)]))
            .nagging(every: 600, times: 3)   // 21:10, 21:20, 21:30 until taken
        return pills
    }
}
