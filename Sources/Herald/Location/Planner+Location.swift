import Foundation

extension Planner.Context {
    /// The location reminders to arm and the regions to watch: route waypoints first,
    /// then the regions of location rules nearest the device, within the platform's 20
    /// regions and `room` requests. A rule is armed today unless its entity is paused
    /// or done (or deferred) today, or, when it does not repeat, it was delivered today.
    /// The user's location access decides what can be watched at all (``LocationAccess``):
    /// what it holds back is neither watched nor cut, but counted in
    /// ``RegionPlan/withheld``.
    func plannedLocationReminders(today: LocalDate, room: Int) -> (reminders: [PlannedReminder], regions: RegionPlan) {
        let access = input.locationAccess ?? .always
        let route = access.allowsRegionMonitoring ? input.routePlaces : RoutePlaces()
        var (reminders, regions) = armedLocationReminders(today: today, room: room, route: route,
                                                         allowed: access.allowsLocationReminders)
        regions.access = input.locationAccess
        let withheld = RegionPlan.Withheld(access: access, waypoints: input.routePlaces.count - route.count,
                                           locationReminders: reminders.held)
        regions.withheld = withheld.waypoints + withheld.locationReminders > 0 ? withheld : nil
        return (reminders.armed, regions)
    }

    /// The location reminders armed among `route` and the rules' regions, and how many
    /// were held back because location reminders are not `allowed`.
    private func armedLocationReminders(today: LocalDate, room: Int, route: RoutePlaces, allowed: Bool)
        -> (reminders: (armed: [PlannedReminder], held: Int), regions: RegionPlan) {
        let budget = RegionBudget()
        guard input.rules.contains(where: { $0.location != nil }) else {
            return (([], 0), budget.plan(route: route, others: [], at: input.position))
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
        guard allowed else { return (([], places.count), budget.plan(route: route, others: [], at: input.position)) }
        let routeCount = min(route.count, RegionBudget.platformLimit)
        let regions = RegionBudget(limit: min(RegionBudget.platformLimit, routeCount + room))
            .plan(route: route, others: places, at: input.position)
        let reminders = regions.watched.compactMap { armed[$0.identifier] }
        return ((reminders, 0), regions)
    }
}
