import Foundation
import Herald
import HeraldSimulator

/// A scenario played on several of the user's devices (`devices:`): the devices, the
/// app's channel between them (`sync:`, `watch_dedupe:`), where the user is at the
/// start (`user:`), and where a rule that does not say alerts (`alerts_on:`).
///
/// ```yaml
/// devices:
///   - {id: phone, kind: iphone}
///   - {id: watch, kind: watch, paired_with: phone}
/// sync: {latency: 10, push_wakes_per_hour: 2, channel: cloudkit}
/// watch_dedupe: fails
/// user: {using: none, phone: locked, watch: worn}
/// alerts_on: phone
/// ```
package struct ScenarioHousehold: Hashable, Sendable {
    /// The devices, the first the one events without `on:` happen on.
    package var members: [HouseholdMember]
    package var sync: HouseholdSync
    /// Where the user is at the start; `user:` events move them.
    package var user: HouseholdUser
    /// Where a rule that does not say alerts (`alerts_on:` at the top).
    package var alertsOn: ReminderRule.AlertsOn

    package init(members: [HouseholdMember], sync: HouseholdSync = HouseholdSync(), user: HouseholdUser = HouseholdUser(),
                 alertsOn: ReminderRule.AlertsOn = .phone) {
        self.members = members
        self.sync = sync
        self.user = user
        self.alertsOn = alertsOn
    }

    /// The device events without `on:` happen on.
    package var firstDevice: String { members[0].id }

    /// The engine's `HeraldSync` on one device.
    package func sync(for member: HouseholdMember) -> HeraldSync {
        HeraldSync(device: member.id, kind: member.kind, alertsOn: alertsOn)
    }

    /// `using phone, phone locked, watch worn`.
    package static func describe(_ user: HouseholdUser) -> String {
        "using \(user.using ?? "none"), phone \(user.phoneLocked ? "locked" : "unlocked"), watch \(user.watchWorn ? "worn" : "off")"
    }

    /// The scenario's device kinds as the file names them.
    package static let kinds: [(String, HeraldSync.DeviceKind)] = [
        ("iphone", .iPhone), ("watch", .watch), ("ipad", .iPad), ("mac", .mac),
    ]
}
