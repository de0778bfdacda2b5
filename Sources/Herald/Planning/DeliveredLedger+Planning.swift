import Foundation

extension DeliveredLedger {
    /// A run's plan from `input`, with only the delivered notifications of `known` whose
    /// verdict may have changed: the plan is the same as from the whole list (see the
    /// overview), at a cost that does not grow with what the user never clears; what the
    /// settled ones count toward `today`'s badge comes with them, and the planner's
    /// verdicts are kept for the next run. The input is handed to the planner, not copied.
    ///
    /// ```swift
    /// let plan = ledger.plan(&input, known: delivered, today: today, planner: planner, walk: &walk)
    /// ```
    mutating func plan(_ input: inout PlanningInput, known: [DeliveredNotification], today: LocalDate,
                       planner: Planner, walk: inout Planner.OneShotWalk?) -> Plan {
        update(with: known, zone: input.deviceZone)
        var relevant = self.relevant(for: input)
        // The route's completion counts on whatever day it was delivered.
        if let completion = input.routeCompletion {
            relevant = Array(Set(relevant).union(positions(ofRequest: completion.description))).sorted()
        }
        input.delivered = relevant.map { known[$0] }
        input.settledOutstanding = settledOutstanding(on: today)
        let (plan, outstanding) = planner.planJudging(input, walk: &walk)
        // The planner's own verdicts, by position in `input.delivered` (= in `relevant`).
        judged(relevant, stale: plan.staleDelivered) { outstanding.countedOccurrence(at: $0) }
        return plan
    }
}
