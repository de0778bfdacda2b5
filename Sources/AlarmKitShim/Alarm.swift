#if !canImport(AlarmKit) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS
import Foundation

// AlarmKit exists on iOS, iPadOS and Mac Catalyst 26 only: under the macOS, watchOS and
// visionOS shim flags this module declares nothing, so a use of it does not compile.

/// Linux stand-in for AlarmKit's `Alarm`: a snapshot taken when read, not live.
public struct Alarm: Identifiable, Sendable, Equatable {
    public typealias ID = UUID

    public var id: UUID
    /// `nil`: the alarm counts down at once (a timer).
    public var schedule: Schedule?
    public var countdownDuration: CountdownDuration?
    public var state: State

    /// Linux stand-in for `Alarm.State`.
    public enum State: Sendable, Equatable {
        case scheduled, countdown, paused, alerting
    }

    /// Linux stand-in for `Alarm.CountdownDuration`: `postAlert` is the snooze.
    public struct CountdownDuration: Sendable, Equatable {
        public var preAlert: TimeInterval?
        public var postAlert: TimeInterval?

        public init(preAlert: TimeInterval?, postAlert: TimeInterval?) {
            self.preAlert = preAlert
            self.postAlert = postAlert
        }
    }

    /// Linux stand-in for `Alarm.Schedule`.
    public enum Schedule: Sendable, Equatable {
        /// One absolute instant, not relative to the current time zone.
        case fixed(Date)
        /// A wall-clock time in the device's current time zone.
        case relative(Relative)

        /// Linux stand-in for `Alarm.Schedule.Relative`.
        public struct Relative: Sendable, Equatable {
            public var time: Time
            public var repeats: Recurrence

            public init(time: Time, repeats: Recurrence = .never) {
                self.time = time
                self.repeats = repeats
            }

            /// Linux stand-in for `Alarm.Schedule.Relative.Time`.
            public struct Time: Sendable, Equatable {
                public var hour: Int
                public var minute: Int

                public init(hour: Int, minute: Int) {
                    self.hour = hour
                    self.minute = minute
                }
            }

            /// Linux stand-in for `Alarm.Schedule.Relative.Recurrence`: weekly only.
            public enum Recurrence: Sendable, Equatable {
                case never
                case weekly([Locale.Weekday])
            }
        }
    }
}
#endif
