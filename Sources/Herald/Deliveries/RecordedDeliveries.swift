import Foundation

/// The deliveries this process knows are in the fired log (the store outlives it, so a
/// new process looks each up once): later runs skip them without a look-up.
///
/// A cache of ``RunMemory``: it keeps the request identifier and instant of each
/// delivery whose record a run committed; it is rebuilt from the delivered list when it
/// grows past four times the list (at least 256 entries), and a relaunch starts it
/// empty. Measured as part of a run's "recording deliveries, location firings, the
/// route's fired log": 2.0–3.4 µs of a 17.8–27.7 µs run (Benchmarks/LOG.md, "Receiving
/// a response and a completion's step: third side-by-side run"). Proved by
/// `RecordedDeliveriesPropertyTests.anEngineThatForgetsItsRecordedDeliveriesMatchesOneThatKeepsThem`:
/// runs with it leave the center and the store as runs without it.
///
/// ```swift
/// var recorded = RecordedDeliveries()
/// let unseen = recorded.unseen(in: delivered, from: 0)   // all of them, the first time
/// recorded.remember(unseen, delivered: delivered)        // once their records are committed
/// ```
struct RecordedDeliveries {
    /// A delivered notification's request identifier and instant: what tells two
    /// deliveries apart without parsing the identifier.
    struct Stamp: Hashable {
        var identifier: String
        var date: Date

        init(_ notification: DeliveredNotification) {
            identifier = notification.request.identifier
            date = notification.date
        }
    }

    private var stamps: Set<Stamp> = []

    /// Whether no delivery is known to be recorded (a new process).
    var isEmpty: Bool { stamps.isEmpty }

    /// The deliveries of `delivered` from `start` on not known to be recorded (what the
    /// last run saw, before `start`, is).
    func unseen(in delivered: [DeliveredNotification], from start: Int) -> [DeliveredNotification] {
        delivered[start...].filter { !stamps.contains(Stamp($0)) }
    }

    /// Deliveries whose records a run committed: known to be in the log from now on.
    mutating func remember(_ unseen: [DeliveredNotification], delivered: [DeliveredNotification]) {
        for notification in unseen { stamps.insert(Stamp(notification)) }
        if stamps.count > 4 * max(delivered.count, 64) {
            stamps = Set(delivered.map(Stamp.init))
        }
    }
}
