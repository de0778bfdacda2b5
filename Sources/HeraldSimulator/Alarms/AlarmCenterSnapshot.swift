import Foundation
import Herald

/// The simulated alarm service's state, saved so that it survives the app and the
/// process that plays it: the alarms it holds with their states, the firings logged, the
/// presses the app has not taken yet, the permission and the limit.
///
/// ```swift
/// let saved = await alarms.snapshot()
/// let data = try JSONEncoder().encode(saved)          // it is Codable
/// let restored = SimulatedAlarmCenter(restoring: try JSONDecoder().decode(AlarmCenterSnapshot.self, from: data),
///                                     clock: clock)
/// ```
public struct AlarmCenterSnapshot: Hashable, Sendable, Codable {
    /// One alarm the system holds.
    public struct Alarm: Hashable, Sendable, Codable {
        public var identifier: NotificationIdentifier
        public var schedule: AlarmSchedule
        public var title: String
        public var stopTitle: String
        public var secondary: AlarmRequest.SecondaryButton?
        public var state: SystemAlarm.State
        /// The order of first scheduling.
        public var sequence: Int
        /// While scheduled: the instant after which its next time is sought.
        public var searchAfter: Date
        /// While counting down: when it sounds again.
        public var countdownEnds: Date?

        /// The request it was scheduled with.
        public var request: AlarmRequest {
            AlarmRequest(identifier: identifier, schedule: schedule, title: title, stopTitle: stopTitle,
                         secondary: secondary)
        }
    }

    /// A press the app has not taken yet; `button` is `stop`, `snooze` or `action:<id>`.
    public struct Press: Hashable, Sendable, Codable {
        public var identifier: NotificationIdentifier
        public var button: String
        public var at: Date

        public init(_ record: AlarmPressRecord) {
            identifier = record.identifier
            button = switch record.press {
            case .stop: "stop"
            case .snooze: "snooze"
            case .action(let id): "action:\(id)"
            }
            at = record.at
        }

        /// The record it stands for.
        public var record: AlarmPressRecord {
            let press: SystemAlarm.ButtonPress = switch button {
            case "stop": .stop
            case "snooze": .snooze
            default: .action(String(button.dropFirst("action:".count)))
            }
            return AlarmPressRecord(id: AlarmRequest.id(for: identifier), identifier: identifier, press: press, at: at)
        }
    }

    public var systemLimit: Int
    public var capacity: Int
    /// The alarms held, in the order they were first scheduled.
    public var alarms: [Alarm]
    public var nextSequence: Int
    public var authorization: AlarmAuthorization
    public var userAnswer: UserAuthorizationAnswer
    public var focusActive: Bool
    public var firings: [AlarmFiring]
    public var presses: [Press]
    /// What the system does with its alarms when the user turns alarms off (`nil` in
    /// a snapshot saved before the choice existed: the default).
    public var whenRevoked: AlarmsWhenRevoked?
}

extension SimulatedAlarmCenter {
    /// The state to save; ``init(restoring:clock:)`` brings it back.
    public func snapshot() -> AlarmCenterSnapshot {
        AlarmCenterSnapshot(
            systemLimit: systemLimit, capacity: capacity,
            alarms: heldInOrder.map { held in
                AlarmCenterSnapshot.Alarm(
                    identifier: held.request.identifier, schedule: held.request.schedule, title: held.request.title,
                    stopTitle: held.request.stopTitle, secondary: held.request.secondary, state: held.state,
                    sequence: held.sequence, searchAfter: held.searchAfter, countdownEnds: held.countdownEnds)
            },
            nextSequence: nextSequence, authorization: authorizationState, userAnswer: userAnswer,
            focusActive: focusActive, firings: firings, presses: presses.map(AlarmCenterSnapshot.Press.init),
            whenRevoked: whenRevoked)
    }
}
