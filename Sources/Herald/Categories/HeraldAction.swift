import Foundation

/// What an action button does. Herald runs the built-in kinds itself (recording a
/// completion, snoozing, deferring) and hands every response to the app as a
/// ``ResponseHandoff`` afterwards.
public enum HeraldAction: Hashable, Sendable, Codable {
    /// Open the app at the entity (the default action of a tap).
    case open
    /// Complete or log the entity for the occurrence's day: no more reminders that day,
    /// its delivered notifications of that day removed, badges renumbered.
    case complete
    /// Remind again after this many seconds; snoozing again replaces the snooze.
    case snooze(TimeInterval)
    /// Nothing more today; reminders resume tomorrow.
    case remindTomorrow
    /// The user dismissed the notification (categories with a custom dismiss action).
    case dismiss
    /// Hand the text the user typed to the app.
    case textInput
    /// An action the app defines and handles itself.
    case custom(String)
}
