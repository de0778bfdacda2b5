import Foundation

/// How much a reminder matters: the ladder from a quiet entry in the list to an alarm
/// that rings through Silent and Focus. A rule asks for one (``ReminderRule/urgency``)
/// with a fallback ladder for when the device does not allow it
/// (``ReminderRule/fallback``); the plan says what the user will really get
/// (`DeliveryForecast`).
///
/// ```swift
/// let pills = try ReminderRule(entity: pillbox, id: "evening", schedule: .daily(at: [LocalTime(hour: 21)]))
///     .urgent(.alarm, fallback: [.timeSensitive])   // else active
/// ```
public enum Urgency: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
    /// Added to the notification list quietly, without lighting the screen or a sound;
    /// held by a scheduled summary and by a Focus.
    case passive
    /// Shown at once, lighting the screen and playing its sound (the platform's
    /// default); held by a scheduled summary and by a Focus.
    case active
    /// Shown at once, through a scheduled summary and a Focus; the user can turn the
    /// app's time-sensitive notifications off, and the app needs the Time Sensitive
    /// capability.
    case timeSensitive
    /// Shown at once, through Silent and Do Not Disturb; needs an Apple-approved
    /// entitlement and the user's permission for critical alerts.
    case critical
    /// An AlarmKit alarm (iOS 26): rings through Silent and Focus until stopped or
    /// snoozed; needs the user's permission for alarms.
    case alarm

    /// The notification's interruption level; `nil` for ``alarm``, which is not a
    /// notification.
    public var interruptionLevel: NotificationContent.InterruptionLevel? {
        switch self {
        case .passive: .passive
        case .active: .active
        case .timeSensitive: .timeSensitive
        case .critical: .critical
        case .alarm: nil
        }
    }

    /// Whether a scheduled summary and a Focus hold it (passive and active do).
    public var isHeldBySummaryAndFocus: Bool { self == .passive || self == .active }

    /// Checks a ladder as ``ReminderRule/urgent(_:fallback:)`` does, naming `owner` in
    /// the error (`rule habit/pills/evening`).
    ///
    /// - Throws: ``DeclarationError`` (`invalidUrgency`) when the ladder names a level
    ///   twice, or a level after one that is always allowed (passive, active).
    public static func checkLadder(_ urgency: Urgency, fallback: [Urgency], of owner: String) throws(DeclarationError) {
        let ladder = [urgency] + fallback
        let listed = ladder.map(\.description).joined(separator: ", ")
        for (index, level) in ladder.enumerated() {
            if ladder[..<index].contains(level) {
                throw .invalidUrgency("the urgency ladder of \(owner) names \(level) twice (\(listed)); name each level once")
            }
            if index > 0, ladder[index - 1].isHeldBySummaryAndFocus {
                throw .invalidUrgency("the urgency ladder of \(owner) goes on after \(ladder[index - 1]), which is always allowed (\(listed)); end it there")
            }
        }
    }

    /// `time-sensitive`, as the timeline writes it.
    public var description: String {
        switch self {
        case .passive: "passive"
        case .active: "active"
        case .timeSensitive: "time-sensitive"
        case .critical: "critical"
        case .alarm: "alarm"
        }
    }
}
