#if !canImport(AlarmKit) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS
import Foundation

/// What tests do that only the system does on Apple platforms: a fresh install, the
/// user's answer, the daemon's limit, an alarm's time coming, a button pressed.
extension AlarmManager {
    /// A button on a sounding alarm.
    public enum ButtonForTesting: Sendable {
        case stop, secondary
    }

    /// A fresh install: no alarm, not asked yet.
    ///
    /// - Parameters:
    ///   - authorization: The state now.
    ///   - userAnswer: What the user answers when asked.
    ///   - limit: How many alarms the daemon holds before it throws.
    @_spi(Testing)
    public static func resetForTesting(authorization: AuthorizationState = .notDetermined,
                                       userAnswer: AuthorizationState = .authorized, limit: Int = 8) {
        daemon.withLock { daemon in
            daemon = AlarmDaemon()
            daemon.authorization = authorization
            daemon.userAnswer = userAnswer
            daemon.limit = limit
        }
    }

    /// The user changes the app's permission in Settings.
    @_spi(Testing)
    public static func setAuthorizationForTesting(_ state: AuthorizationState) {
        daemon.withLock { $0.authorization = state }
    }

    /// Times the user was asked.
    @_spi(Testing)
    public static var promptsForTesting: Int {
        daemon.withLock { $0.prompts }
    }

    /// The alarm's time came (or its snooze ran out): it sounds.
    @_spi(Testing)
    public static func alertForTesting(id: Alarm.ID) throws {
        try daemon.withLock { daemon in
            guard let entry = daemon.entries[id] else { throw AlarmShimError.unknownAlarm(id) }
            guard entry.alarm.state == .scheduled || entry.alarm.state == .countdown else {
                throw AlarmShimError.wrongState(id, entry.alarm.state)
            }
            daemon.entries[id]?.alarm.state = .alerting
        }
    }

    /// The user presses a button on the sounding alarm: the system does what the
    /// button's behaviour says (stop; countdown with `.countdown`; nothing with
    /// `.custom`), then runs the button's intent, if any, in the app's process.
    @_spi(Testing)
    public static func pressForTesting(_ button: ButtonForTesting, id: Alarm.ID) async throws {
        let intent = try daemon.withLock { daemon -> (any LiveActivityIntent)? in
            guard let entry = daemon.entries[id] else { throw AlarmShimError.unknownAlarm(id) }
            guard entry.alarm.state == .alerting else { throw AlarmShimError.wrongState(id, entry.alarm.state) }
            let alert = entry.configuration.presentation.alert
            switch button {
            case .stop:
                try daemon.stop(id: id)
                return entry.configuration.stopIntent
            case .secondary:
                guard alert.secondaryButton != nil else { throw AlarmShimError.wrongState(id, .alerting) }
                if alert.secondaryButtonBehavior == .countdown { try daemon.move(id, from: .alerting, to: .countdown) }
                return entry.configuration.secondaryIntent
            }
        }
        try await intent?.perform()
    }

    /// The configuration the daemon holds for `id`.
    @_spi(Testing)
    public static func configurationForTesting(id: Alarm.ID) -> ScheduledAlarmConfiguration? {
        daemon.withLock { $0.entries[id]?.configuration }
    }
}
#endif
