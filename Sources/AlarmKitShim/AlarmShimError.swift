#if !canImport(AlarmKit) && !HERALD_SHIM_MACOS && !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS
import Foundation

/// What the shim throws where AlarmKit's error is not documented (shim only).
public enum AlarmShimError: Error, Sendable, Equatable {
    /// Scheduling without authorization.
    case notAuthorized
    /// No alarm with this id.
    case unknownAlarm(UUID)
    /// The alarm is not in the state the call needs.
    case wrongState(UUID, Alarm.State)
}
#endif
