import Foundation

extension Planner.Context {
    /// The location reminders to arm and the regions to watch: route waypoints first,
    /// then the regions of location rules nearest the device, within the platform's 20
    /// regions and `room` requests. A rule is armed today unless its entity is paused
    /// or done (or deferred) today, or, when it does not repeat, it was delivered today.
    func plannedLocationReminders(today: LocalDate, room: Int) -> (reminders: [PlannedReminder], regions: RegionPlan) {
        let budget = RegionBudget()
        guard input.rules.contains(where: { $0.location != nil }) else {
            return ([], budget.plan(route: input.routePlaces, others: [], at: input.position))
        }
        let midnight = LocalDateTime(date: today, time: LocalTime(hour: 0))
        let occurrence = Occurrence(local: midnight, date: deviceConverter.instant(for: midnight).date)
        let fired = Set(input.fired.lazy.filter { $0.identifier.kind == .location }.map(\.identifier))
        var armed: [String: PlannedReminder] = [:]
        var places: [MonitoredPlace] = []
        for rule in input.rules {
            guard let location = rule.location, !input.paused.contains(rule.entity),
                  !input.satisfied.contains(EntityDay(rule.entity, today)) else { continue }
            let reminder = PlannedReminder(rule: rule, occurrence: occurrence, kind: .location, date: input.now,
                                           badge: nil, day: today, triggerTime: midnight)
            if !location.repeats, fired.contains(reminder.identifier) { continue }
            let identifier = reminder.identifier.description
            armed[identifier] = reminder
            places.append(MonitoredPlace(identifier: identifier, kind: .locationReminder, center: location.center,
                                         radius: location.region.radius, name: rule.ruleID))
        }
        let routeCount = min(input.routePlaces.count, RegionBudget.platformLimit)
        let regions = RegionBudget(limit: min(RegionBudget.platformLimit, routeCount + room))
            .plan(route: input.routePlaces, others: places, at: input.position)
        let reminders = regions.watched.compactMap { armed[$0.identifier] }
        return (reminders, regions)
    }
}
