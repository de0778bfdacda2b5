import Foundation

/// Keeps one user's devices in step: what the user does on one device (a completion,
/// a pause, a deletion, a snooze, an answer to a notification) becomes a
/// ``HeraldSync/Record`` that the app carries to its other devices over its own channel
/// (CloudKit's `CKSyncEngine`, WatchConnectivity), and an engine that receives one
/// applies it as of the instant it happened there.
///
/// Give each device's engine the device's own identifier. Every change the user makes
/// there is then kept in the engine's outbox until the app says it was sent; records
/// received from the other devices go to ``Engine/receive(_:)``:
///
/// ```swift
/// let engine = Engine(center: center, source: habits, store: store, clock: clock,
///                     sync: HeraldSync(device: "phone"))
///
/// // Sending: whatever the channel takes, then mark it sent.
/// let outgoing = try await engine.outgoingSyncRecords()
/// try await channel.send(outgoing)
/// try await engine.syncRecordsSent(outgoing.map(\.id))
///
/// // Receiving, from the channel's delegate:
/// try await engine.receive(records)     // the watch's completion: its copies go, the badge counts again
/// ```
///
/// **Each record applies once, and the latest wins.** A record is about one thing (a
/// day's completion of an entity, its pause, an occurrence's answer, …: its
/// ``HeraldSync/Record/subject``). An engine applies a record only when it is newer than
/// everything it applied or recorded about that subject (by instant, then by device), so
/// a record that arrives twice, late, or after a newer one changes nothing more.
/// Records older than the engine's ``RetentionPolicy`` are ignored: the history they
/// would change is gone.
///
/// **Applied as of its instant.** A completion counts for the day it was made for; an
/// answer (a tap, an action, a dismissal) means that occurrence's delivered copies ask
/// nothing more, so the run removes them and counts the badge again; a deletion
/// removes what was delivered before it. Nothing is scheduled again for what the
/// record settled, and nothing alerts because of it.
///
/// **Where each rule alerts.** The engine of each device plans only the rules its kind
/// of device schedules (``ReminderRule/AlertsOn``): a watch app's engine those that
/// alert on the watch or on each device, every other device's engine those that alert
/// on the phone or on each device. Its budget, badge and coverage are those of what it
/// schedules.
public struct HeraldSync: Hashable, Sendable {
    /// The kind of device an engine runs on.
    public enum DeviceKind: String, Hashable, Sendable, Codable, CaseIterable {
        case iPhone, watch, iPad, mac
    }

    /// This device's identifier, the same at every launch ("phone", "watch", or a
    /// generated one kept by the app).
    public var device: String
    /// What kind of device it is.
    public var kind: DeviceKind
    /// Where a rule alerts when it does not say (``ReminderRule/alertsOn``).
    public var alertsOn: ReminderRule.AlertsOn

    /// - Parameters:
    ///   - device: this device's identifier; it names the records made here.
    ///   - kind: what kind of device it is.
    ///   - alertsOn: where a rule that does not say alerts.
    public init(device: String, kind: DeviceKind = .iPhone, alertsOn: ReminderRule.AlertsOn = .phone) {
        self.device = device
        self.kind = kind
        self.alertsOn = alertsOn
    }

    /// Whether this device's app schedules `rule`.
    ///
    /// ```swift
    /// let watch = HeraldSync(device: "watch", kind: .watch)
    /// watch.schedules(stand.alerting(on: .watch))   // true
    /// watch.schedules(water)                        // false: the phone's, forwarded
    /// ```
    public func schedules(_ rule: ReminderRule) -> Bool {
        switch rule.alertsOn ?? alertsOn {
        case .each: true
        case .watch: kind == .watch
        case .phone: kind == .iPhone
        }
    }

    /// The rules of `rules` this device's app schedules: what its engine plans.
    public func rulesScheduledHere(_ rules: [ReminderRule]) -> [ReminderRule] {
        rules.filter(schedules)
    }
}
