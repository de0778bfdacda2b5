import Foundation

/// The order in which a run adds its requests, so that whichever requests the system
/// drops when something else pushes it over its capacity, Herald's soonest stay.
///
/// Which requests iOS keeps above 64 pending is not documented: Apple's old guide says
/// the 64 that fire soonest, reports since iOS 11 say the last 64 added (the
/// simulator's `DropRule`, last-added by default). A run therefore adds location
/// requests first (the soonest-first rule drops them first too), then the dated ones
/// from the latest to the soonest, and last what fires at once (a posted event without
/// delay, a walking route's spot). Under the last-added rule an overflow drops the
/// requests added earliest, which in each run are its latest, so a run's soonest
/// request is the last of its additions to go; under the soonest rule the order
/// changes nothing.
///
/// The engine builds its desired requests in this order; the reconciler's additions
/// keep it.
///
/// ```swift
/// var order = AdditionOrder()
/// order.add(nov21, firesAt: nov21Date)
/// order.add(dec04, firesAt: dec04Date)
/// order.add(park, firesAt: nil)                         // a location request
/// order.add(posted, firesAt: now, atOnce: true)
/// order.requests                                        // [park, dec04, nov21, posted]
/// ```
struct AdditionOrder {
    private var located: [NotificationRequest] = []
    private var dated: [(request: NotificationRequest, date: Date)] = []
    private var atOnce: [NotificationRequest] = []

    /// Adds a request that fires at `date` (`nil`: a location request, which has none;
    /// `atOnce`: it fires as soon as it is added).
    mutating func add(_ request: NotificationRequest, firesAt date: Date?, atOnce firesAtOnce: Bool = false) {
        if firesAtOnce {
            atOnce.append(request)
        } else if let date {
            dated.append((request, date))
        } else {
            located.append(request)
        }
    }

    /// Location requests, then dated ones latest first (equal dates in the order they
    /// were given), then those that fire at once.
    var requests: [NotificationRequest] {
        guard !dated.isEmpty || !atOnce.isEmpty else { return located }
        let latestFirst = dated.indices.sorted { lhs, rhs in
            dated[lhs].date != dated[rhs].date ? dated[lhs].date > dated[rhs].date : lhs < rhs
        }
        var requests = located
        requests.reserveCapacity(located.count + dated.count + atOnce.count)
        for index in latestFirst { requests.append(dated[index].request) }
        requests += atOnce
        return requests
    }
}
