#if !canImport(AlarmKit) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS
import Foundation
import Synchronization

/// Linux stand-in for AlarmKit's `AlarmManager` (iOS and Mac Catalyst 26), with the
/// SDK's shape and the platform's rules where Herald depends on them:
/// - authorization is asked once (`requestAuthorization()`); scheduling without it
///   throws (what AlarmKit throws there is not documented: here
///   `AlarmShimError.notAuthorized`);
/// - past the daemon's limit a new id throws `AlarmError.maximumLimitReached`;
///   scheduling an id the daemon holds replaces it and never counts as new;
/// - `stop(id:)` deletes a one-shot alarm and reschedules a repeating one;
///   `countdown(id:)` works only while alerting, `pause` only while counting down,
///   `resume` only while paused;
/// - `alarms` lists the daemon's alarms in the order first scheduled, as snapshots.
///
/// Time does not pass here: tests play the daemon with `alertForTesting(id:)` and
/// `pressForTesting(_:id:)` (`AlarmManager+Testing.swift`).
public final class AlarmManager: Sendable {
    /// The app's alarm manager.
    public static let shared = AlarmManager()

    /// The daemon: it outlives every manager and is reset only by tests.
    static let daemon = Mutex(AlarmDaemon())

    private init() {}

    /// Linux stand-in for `AlarmManager.AuthorizationState`.
    public enum AuthorizationState: Sendable, Equatable {
        case notDetermined, denied, authorized
    }

    /// Linux stand-in for `AlarmManager.AlarmError`.
    public enum AlarmError: Error, Sendable, Equatable {
        /// "A maximum number of alarms is already scheduled."
        case maximumLimitReached
    }

    /// Linux stand-in for `AlarmManager.AlarmConfiguration`.
    public struct AlarmConfiguration<Metadata: AlarmMetadata>: Sendable {
        public var countdownDuration: Alarm.CountdownDuration?
        public var schedule: Alarm.Schedule?
        public var attributes: AlarmAttributes<Metadata>
        public var stopIntent: (any LiveActivityIntent)?
        public var secondaryIntent: (any LiveActivityIntent)?
        public var sound: AlertConfiguration.AlertSound

        public init(countdownDuration: Alarm.CountdownDuration? = nil, schedule: Alarm.Schedule? = nil,
                    attributes: AlarmAttributes<Metadata>, stopIntent: (any LiveActivityIntent)? = nil,
                    secondaryIntent: (any LiveActivityIntent)? = nil, sound: AlertConfiguration.AlertSound = .default) {
            self.countdownDuration = countdownDuration
            self.schedule = schedule
            self.attributes = attributes
            self.stopIntent = stopIntent
            self.secondaryIntent = secondaryIntent
            self.sound = sound
        }

        /// An alarm at a schedule.
        public static func alarm(schedule: Alarm.Schedule? = nil, attributes: AlarmAttributes<Metadata>,
                                 stopIntent: (any LiveActivityIntent)? = nil,
                                 secondaryIntent: (any LiveActivityIntent)? = nil,
                                 sound: AlertConfiguration.AlertSound = .default) -> AlarmConfiguration<Metadata> {
            AlarmConfiguration(schedule: schedule, attributes: attributes, stopIntent: stopIntent,
                               secondaryIntent: secondaryIntent, sound: sound)
        }

        /// A timer counting down `duration` at once.
        public static func timer(duration: TimeInterval, attributes: AlarmAttributes<Metadata>,
                                 stopIntent: (any LiveActivityIntent)? = nil,
                                 secondaryIntent: (any LiveActivityIntent)? = nil,
                                 sound: AlertConfiguration.AlertSound = .default) -> AlarmConfiguration<Metadata> {
            AlarmConfiguration(countdownDuration: Alarm.CountdownDuration(preAlert: duration, postAlert: nil),
                               attributes: attributes, stopIntent: stopIntent, secondaryIntent: secondaryIntent,
                               sound: sound)
        }
    }

    /// Asks the user once; later calls answer what was decided.
    public func requestAuthorization() async throws -> AuthorizationState {
        Self.daemon.withLock { daemon in
            if daemon.authorization == .notDetermined {
                daemon.prompts += 1
                daemon.authorization = daemon.userAnswer
            }
            return daemon.authorization
        }
    }

    public var authorizationState: AuthorizationState {
        Self.daemon.withLock { $0.authorization }
    }

    /// Schedules (or replaces) the alarm `id`.
    public func schedule<Metadata: AlarmMetadata>(id: Alarm.ID, configuration: AlarmConfiguration<Metadata>)
        async throws -> Alarm {
        let stored = ScheduledAlarmConfiguration(
            schedule: configuration.schedule, countdownDuration: configuration.countdownDuration,
            presentation: configuration.attributes.presentation, stopIntent: configuration.stopIntent,
            secondaryIntent: configuration.secondaryIntent, sound: configuration.sound
        )
        return try Self.daemon.withLock { try $0.schedule(id: id, configuration: stored) }
    }

    /// Deletes an alarm, a repeating one included.
    public func cancel(id: Alarm.ID) throws {
        try Self.daemon.withLock { try $0.cancel(id: id) }
    }

    /// Stops an alarm: a one-shot is deleted, a repeating one waits for its next time.
    public func stop(id: Alarm.ID) throws {
        try Self.daemon.withLock { try $0.stop(id: id) }
    }

    /// Counts a sounding alarm down again (snooze), by its configuration's `postAlert`.
    public func countdown(id: Alarm.ID) throws {
        try Self.daemon.withLock { try $0.move(id, from: .alerting, to: .countdown) }
    }

    public func pause(id: Alarm.ID) throws {
        try Self.daemon.withLock { try $0.move(id, from: .countdown, to: .paused) }
    }

    public func resume(id: Alarm.ID) throws {
        try Self.daemon.withLock { try $0.move(id, from: .paused, to: .countdown) }
    }

    /// This app's alarms in the daemon.
    public var alarms: [Alarm] {
        get throws { Self.daemon.withLock { $0.snapshot() } }
    }
}
#endif
