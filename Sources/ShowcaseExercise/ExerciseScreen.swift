import Herald

/// What the exercise app shows after a notification or a prompt's action.
///
/// ```swift
/// app.screens.last   // .exercisePicker, after Log Exercise
/// ```
public enum ExerciseScreen: Hashable, Sendable {
    /// The exercise picker, where the user logs a break (Log Exercise, or a tap).
    case exercisePicker
    /// The weekly progress report (View Details, or a tap on it).
    case progressReport(week: String)
    /// The achievements list (View All, or a tap on one).
    case achievements(highlighting: String)
}
