import Foundation
import Herald

/// Why a scripted press on an alarm's button is impossible: the alarm shows no such
/// button now. A test that presses one has a mistake in its script.
///
/// ```swift
/// #expect(throws: AlarmPressError.notAlerting(id, state: .scheduled)) {
///     try await alarms.press(.stop, on: id)
/// }
/// ```
public enum AlarmPressError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The system holds no alarm with this id (never scheduled, cancelled, or stopped).
    case unknownAlarm(UUID)
    /// The alarm is not sounding, so it shows no buttons.
    case notAlerting(UUID, state: SystemAlarm.State)
    /// The alarm was scheduled without a snooze button.
    case noSnoozeButton(UUID)
    /// The alarm was scheduled without this action button.
    case noSuchAction(UUID, identifier: String)

    public var description: String {
        switch self {
        case .unknownAlarm(let id): "no alarm \(id) is scheduled"
        case .notAlerting(let id, let state): "alarm \(id) is \(state), not alerting: it shows no buttons"
        case .noSnoozeButton(let id): "alarm \(id) has no snooze button"
        case .noSuchAction(let id, let identifier): "alarm \(id) has no button for action '\(identifier)'"
        }
    }
}
