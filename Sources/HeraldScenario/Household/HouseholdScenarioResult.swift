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

    package var lanes: [Lane]
    /// The household's timeline, in order of time.
    package var events: [HouseholdEvent]
    package var userMoves: [UserMove]

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
        events.first {
            $0.device == device && $0.deliveredIdentifier == identifier && $0.date == date
        }?.alerted
    }
}
