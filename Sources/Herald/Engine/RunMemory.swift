import Foundation

/// What the engine remembers from one run to the next in its process, so a run looks
/// only at what changed: the deliveries known to be in the fired log, the delivered
/// list as the last run saw it, the location firings it removed, the requests it built,
/// the walk of the last plan, and whether a travel notice is due. The store holds
/// everything a new process needs; all of it but ``removedLocationDeliveries`` only saves
/// work (each cache's property test shows a run with it equals one without it).
///
/// ```swift
/// var memory = RunMemory()
/// let unseen = memory.unseenDeliveries(in: delivered)   // what the fired log may not have
/// let plan = memory.plan(&input, listed: delivered, locationFirings: log.locationFirings, planner: planner)
/// ```
struct RunMemory {
    /// Deliveries this process knows are in the fired log.
    var recordedDeliveries = RecordedDeliveries()
    /// The delivered list as the last run saw it, so a run looks only at what changed.
    var deliveredLedger = DeliveredLedger()
    /// Location firings this process removed from the list as no longer asking: left
    /// out of ``LocationFiringStep/unlistedDeliveries(_:listed:removed:now:zone:)`` from then on.
    /// Not a cache: it changes results, and a relaunch forgets it. Kept: each firing's
    /// identifier a run removed (stale, or ended by a completion, pause or deletion);
    /// never dropped in the process (the day's firings are all it filters). In the process
    /// a removed firing is not counted again even when its entity asks again the same
    /// day (resumed, its rules restored); after a relaunch it is: one that still does not
    /// ask is judged stale and removed again (the same plan), one whose entity asks again
    /// counts toward the badge until it stops asking or its day ends, though it is gone
    /// from Notification Center (the Location article says so).
    var removedLocationDeliveries: Set<String> = []
    /// The requests the last run built, so a run builds only what changed.
    var builtRequests = BuiltRequests()
    /// Whether a run recorded a zone the app has not been told of yet (``TravelStep``).
    var travelNoticeDue = false
    /// The last run's plan while nothing but positions changed since (``LastRegionChoice``).
    var lastRegionChoice: LastRegionChoice?
    /// The last plan's walk over the rules' occurrences, which the next plan replays
    /// when it meets the same ones (a completion: ``Planner/OneShotWalk``).
    var oneShotWalk: Planner.OneShotWalk?

    /// The deliveries of `delivered` not known to be in the fired log: what the last run
    /// saw is; only the rest of the list needs a look.
    func unseenDeliveries(in delivered: [DeliveredNotification]) -> [DeliveredNotification] {
        recordedDeliveries.unseen(in: delivered, from: deliveredLedger.commonPrefix(with: delivered))
    }

    /// The plan for `input`, from the `listed` deliveries and today's location firings,
    /// which the delivered list never shows (``LocationFiringStep``), through the
    /// ``DeliveredLedger``.
    mutating func plan(_ input: inout PlanningInput, listed: [DeliveredNotification], locationFirings: [FiredRecord],
                       planner: Planner) -> Plan {
        let (now, zone) = (input.now, input.deviceZone)
        let unlisted = LocationFiringStep.unlistedDeliveries(locationFirings, listed: listed,
                                                             removed: removedLocationDeliveries, now: now, zone: zone)
        // (Joined only when there is something to add: appending nothing still copies the list.)
        return deliveredLedger.plan(&input, known: unlisted.isEmpty ? listed : listed + unlisted,
                                    today: ZoneConverter.for(zone).local(for: now).date, planner: planner,
                                    walk: &oneShotWalk)
    }
}
