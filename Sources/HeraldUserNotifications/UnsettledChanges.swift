import Foundation
import Herald
import Synchronization

/// What the adapter asked of the platform's center that a read may not show yet.
///
/// `setNotificationCategories`, `removePendingNotificationRequests(withIdentifiers:)`,
/// `removeAllPendingNotificationRequests()`,
/// `removeDeliveredNotifications(withIdentifiers:)` and
/// `removeAllDeliveredNotifications()` return before the system applied
/// them (Apple, of `removeAllPendingNotificationRequests()`: "This method executes
/// asynchronously, removing all pending notification requests on a secondary thread"),
/// so a read right after can show the state from before. A reconcile that re-read a
/// removed request as pending would count it as in place, and lose it when the removal
/// lands. So the adapter remembers:
///
/// - each pending identifier it asked to remove, hidden from reads until a read that
///   began after the removal no longer lists it; adding the identifier again forgets
///   it (the system applies the add after the removal);
/// - each delivered identifier it asked to remove, with the latest delivery date it had
///   seen for it: only deliveries up to that date are hidden, so a later one shows;
/// - the categories it last set, returned until a read shows them.
///
/// ```swift
/// let changes = UnsettledChanges()
/// changes.removingPending(["a"])
/// let read = changes.beginRead()
/// changes.visiblePending(["a", "b"], readFrom: read)   // ["b"]: "a" is still remembered
/// changes.visiblePending(["b"], readFrom: changes.beginRead())   // ["b"]: "a" is forgotten
/// ```
///
/// Each change takes the next generation; a read notes the generation it began at, so a
/// read that began before a change never makes the adapter forget it.
final class UnsettledChanges: Sendable {
    private struct RemovedDelivery {
        var generation: Int
        /// The latest delivery of the identifier the adapter had read; `nil`: none read,
        /// every delivery with it is hidden.
        var upTo: Date?
    }

    private struct State {
        var generation = 0
        var removedPending: [String: Int] = [:]
        var removedDelivered: [String: RemovedDelivery] = [:]
        /// The latest delivery date of each identifier in the last delivered read.
        var lastDelivered: [String: Date] = [:]
        var categories: (generation: Int, set: Set<NotificationCategory>)?

        mutating func next() -> Int {
            generation += 1
            return generation
        }
    }

    private let state = Mutex(State())

    /// The generation a read starts at; pass it to the `visible…` call for its result.
    func beginRead() -> Int {
        state.withLock { $0.generation }
    }

    // MARK: Pending

    func removingPending(_ identifiers: [String]) {
        state.withLock { state in
            let generation = state.next()
            for identifier in identifiers { state.removedPending[identifier] = generation }
        }
    }

    /// An add is applied after every removal before it: the identifier is pending again.
    func adding(_ identifier: String) {
        state.withLock { state in
            _ = state.next()
            state.removedPending[identifier] = nil
        }
    }

    /// The identifiers of a pending read that are really pending: those asked removed
    /// are left out; those the read no longer lists are forgotten.
    func visiblePending(_ identifiers: [String], readFrom read: Int) -> Set<String> {
        state.withLock { state in
            let listed = Set(identifiers)
            state.removedPending = state.removedPending.filter { identifier, generation in
                generation > read || listed.contains(identifier)
            }
            return listed.filter { state.removedPending[$0] == nil }
        }
    }

    // MARK: Delivered

    func removingDelivered(_ identifiers: [String]) {
        state.withLock { state in
            let generation = state.next()
            for identifier in identifiers {
                state.removedDelivered[identifier] = RemovedDelivery(generation: generation,
                                                                     upTo: state.lastDelivered[identifier])
            }
        }
    }

    /// Every delivery the system lists now (identifier and date), asked removed: each
    /// identifier is hidden up to its latest date listed.
    func removingAllDelivered(_ listed: [(identifier: String, date: Date)]) {
        state.withLock { state in
            let generation = state.next()
            for delivery in listed {
                let upTo = max(state.removedDelivered[delivery.identifier]?.upTo ?? delivery.date, delivery.date)
                state.removedDelivered[delivery.identifier] = RemovedDelivery(generation: generation, upTo: upTo)
            }
        }
    }

    /// Which deliveries of a read (identifier and date, in the read's order) are really
    /// there: those asked removed are left out; removals the read no longer reflects
    /// are forgotten.
    func visibleDelivered(_ deliveries: [(identifier: String, date: Date)], readFrom read: Int) -> [Bool] {
        state.withLock { state in
            var latest: [String: Date] = [:]
            var earliest: [String: Date] = [:]
            for delivery in deliveries {
                latest[delivery.identifier] = max(latest[delivery.identifier] ?? delivery.date, delivery.date)
                earliest[delivery.identifier] = min(earliest[delivery.identifier] ?? delivery.date, delivery.date)
            }
            state.lastDelivered = latest
            func hides(_ removal: RemovedDelivery?, _ date: Date?) -> Bool {
                guard let removal, let date else { return false }
                return removal.upTo.map { date <= $0 } ?? true
            }
            let visible = deliveries.map { !hides(state.removedDelivered[$0.identifier], $0.date) }
            // Kept while the read still holds a delivery the removal hides.
            state.removedDelivered = state.removedDelivered.filter { identifier, removal in
                removal.generation > read || hides(removal, earliest[identifier])
            }
            return visible
        }
    }

    // MARK: Categories

    func settingCategories(_ categories: Set<NotificationCategory>) {
        state.withLock { state in
            state.categories = (state.next(), categories)
        }
    }

    /// The categories the app has: the set last set until a read shows it, then the read.
    func visibleCategories(_ read: Set<NotificationCategory>, readFrom generation: Int) -> Set<NotificationCategory> {
        state.withLock { state in
            guard let set = state.categories else { return read }
            if set.generation <= generation, set.set == read { state.categories = nil }
            return set.set
        }
    }
}
