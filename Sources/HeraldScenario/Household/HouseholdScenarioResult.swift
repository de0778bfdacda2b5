import Foundation
import Herald
import HeraldSimulator

/// What a scenario of several devices produced: each device's own run (its timeline
/// and summary, a lane), where each delivery alerted and how the app's records
/// travelled, and where the user was.
package struct HouseholdScenarioResult: Sendable {
    /// One device's run.
    package struct Lane: Sendable {
        package var member: HouseholdMember
        package var result: ScenarioResult
    }

    /// The user moved between their devices (a `user:` event).
    package struct UserMove: Sendable {
        package var date: Date
        package var user: HouseholdUser
    }

    package let lanes: [Lane]
    /// The household's timeline, in order of time.
    package let events: [HouseholdEvent]
    package let userMoves: [UserMove]
    /// Each delivery of ``events`` by device, identifier and instant, read once for
    /// every line of the output.
    private let deliveries: [DeliveryKey: (alerted: Bool, forwardedFrom: String?)]

    private struct DeliveryKey: Hashable {
        var device: String
        var identifier: String
        var date: Date
    }

    package init(lanes: [Lane], events: [HouseholdEvent], userMoves: [UserMove]) {
        self.lanes = lanes
        self.events = events
        self.userMoves = userMoves
        var deliveries: [DeliveryKey: (alerted: Bool, forwardedFrom: String?)] = [:]
        for event in events {
            guard case .delivered(let identifier, let alerted, let from) = event.kind else { continue }
            deliveries[DeliveryKey(device: event.device, identifier: identifier, date: event.date)] = (alerted, from)
        }
        self.deliveries = deliveries
    }

    /// Each occurrence that was delivered, by identifier in order of first delivery, with
    /// the devices it alerted on (once per alert).
    package var alerts: [(identifier: String, devices: [String])] {
        var order: [String] = []
        var devices: [String: [String]] = [:]
        for event in events {
            guard let identifier = event.deliveredIdentifier else { continue }
            if devices[identifier] == nil { order.append(identifier); devices[identifier] = [] }
            if event.alerted { devices[identifier, default: []].append(event.device) }
        }
        return order.map { ($0, devices[$0] ?? []) }
    }

    /// Whether the delivery of `identifier` on `device` at `date` alerted there; `nil`
    /// when the household did not see it.
    package func alerted(_ identifier: String, on device: String, at date: Date) -> Bool? {
        deliveries[DeliveryKey(device: device, identifier: identifier, date: date)]?.alerted
    }

    /// Where the system forwarded the delivery of `identifier` on `device` at `date` (its
    /// paired Watch), if it did; and on a Watch, the iPhone a forwarded copy came from.
    package func forwarding(of identifier: String, on device: String, at date: Date) -> (to: String?, from: String?) {
        let from = deliveries[DeliveryKey(device: device, identifier: identifier, date: date)]?.forwardedFrom
        let to = lanes.map(\.member).first { $0.kind == .watch && $0.pairedWith == device }.flatMap { watch in
            deliveries[DeliveryKey(device: watch.id, identifier: identifier, date: date)]?.forwardedFrom == device ? watch.id : nil
        }
        return (to, from)
    }
}
