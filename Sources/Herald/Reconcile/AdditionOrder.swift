import Foundation

/// The order in which a run adds its requests, so that whichever requests the system
/// drops when something else pushes it over its capacity, Herald's soonest stay.
///
/// Which requests iOS keeps above 64 pending is not documented: Apple's old guide says
/// the 64 that fire soonest, reports since iOS 11 say the last 64 added (the
/// simulator's `DropRule`, last-added by default). A run therefore adds location
/// requests first (the soonest-first rule drops them first too), then the dated ones
/// from the latest to the soonest, and last what fires at once (a walking route's spot,
/// a posted event without delay). Under the last-added rule an overflow drops the
/// requests added earliest, which in each run are its latest, so a run's soonest
/// request is the last of its additions to go; under the soonest rule the order
/// changes nothing.
///
/// ```swift
/// let order = AdditionOrder(plan)
/// let additions = order.sorted(diff.additions)   // location, then 20 Dec ... 21 Nov, then at once
/// ```
struct AdditionOrder {
    /// Each dated request's fire date, by identifier.
    private var fireDates: [String: Date] = [:]
    /// The identifiers of the plan's location requests.
    private var located: Set<String> = []

    init(_ plan: Plan) {
        for reminder in plan.reminders + plan.snoozes + plan.followUps + plan.repeating {
            fireDates[reminder.identifier.description] = reminder.date
        }
        for event in plan.events where !event.firesAtOnce {
            fireDates[event.identifier.description] = event.fireDate
        }
        located = Set(plan.locationReminders.map(\.identifier.description))
    }

    /// `requests` in the order to add them: location requests, then dated ones latest
    /// first, then the rest (what fires at once), each group keeping its given order.
    func sorted(_ requests: [NotificationRequest]) -> [NotificationRequest] {
        let location = requests.filter { located.contains($0.identifier) }
        let dated = requests.compactMap { request in fireDates[request.identifier].map { (request, $0) } }
        let atOnce = requests.filter { !located.contains($0.identifier) && fireDates[$0.identifier] == nil }
        let latestFirst = dated.enumerated().sorted { lhs, rhs in
            lhs.element.1 != rhs.element.1 ? lhs.element.1 > rhs.element.1 : lhs.offset < rhs.offset
        }.map(\.element.0)
        return location + latestFirst + atOnce
    }
}
