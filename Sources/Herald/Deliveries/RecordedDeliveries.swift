import Foundation

/// The deliveries this process knows are in the fired log (the store outlives it, so a
/// new process looks each up once): later runs skip them without a look-up.
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
