import Foundation
import Herald
import HeraldSimulator

/// What a finished run left behind, compared by the crash tests against an
/// uninterrupted run: the plan in the center, the list the user sees, every firing,
/// the completions Herald recorded, the alarms (held, sounded, presses left untaken),
/// Herald's fired log and the responses it handed to the app.
struct HarnessResult: Codable, Sendable {
    /// A pending request: its identifier and a canonical JSON of content and trigger.
    struct Pending: Codable, Sendable {
        var identifier: String
        var request: String
    }

    /// One firing: the identifier and the instant, ISO 8601.
    struct Firing: Codable, Sendable {
        var identifier: String
        var date: String
    }

    /// Steps this process took (the whole scenario for an uninterrupted run).
    var steps: Int
    /// How many launches the directory has seen, this one included.
    var launches: Int
    var pending: [Pending]
    var delivered: [Firing]
    var deliveryLog: [Firing]
    /// `entity|day|recorded instant`, sorted.
    var completions: [String]
    var badge: Int
    /// The alarms the system holds: `identifier state`, in the order first scheduled.
    var alarms: [String]
    /// Every time an alarm started sounding: `identifier@instant`, `again` after a snooze.
    var alarmFirings: [String]
    /// Alarm presses the app has not finished handling (none once a run ends).
    var untakenPresses: Int
    /// Herald's fired log: `identifier|instant`, sorted.
    var fired: [String]
    /// The responses handed to the app, in order (``AppData/handoffs``).
    var handoffs: [String]

    /// The result of what `system` and `store` hold now; `handoffs`: the responses the
    /// app was handed (``AppData/handoffs``).
    static func make(system: SimulatedSystem, store: any EngineStore, handoffs: [String], steps: Int,
                     launches: Int) async throws -> HarnessResult {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        let center = system.center
        let pending = try await center.pendingNotificationRequests().sorted { $0.identifier < $1.identifier }.map {
            Pending(identifier: $0.identifier, request: String(decoding: try encoder.encode($0), as: UTF8.self))
        }
        let state = try store.load()
        let completions = state.completions.values.map {
            "\($0.entity)|\($0.day)|\($0.date.formatted(.iso8601))"
        }.sorted()
        let alarms = system.alarms
        return HarnessResult(
            steps: steps, launches: launches, pending: pending,
            delivered: await center.deliveredNotifications().map(Firing.init),
            deliveryLog: await center.deliveryLog.map { Firing($0.notification) },
            completions: completions, badge: await center.badgeCount,
            alarms: await alarms.snapshot().alarms.sorted { $0.sequence < $1.sequence }.map { "\($0.identifier) \($0.state)" },
            alarmFirings: await alarms.firings.map {
                "\($0.identifier)@\($0.at.formatted(.iso8601))" + ($0.afterSnooze ? " again" : "")
            },
            untakenPresses: await alarms.snapshot().presses.count,
            fired: state.fired.values.map { "\($0.identifier)|\($0.date.formatted(.iso8601))" }.sorted(),
            handoffs: handoffs)
    }
}

extension HarnessResult.Firing {
    init(_ notification: DeliveredNotification) {
        self.init(identifier: notification.request.identifier, date: notification.date.formatted(.iso8601))
    }
}
