import Herald

/// Seed 002's notification categories, each shown in the foreground as an in-app
/// prompt with its actions plus Dismiss, so the actions stay visible (the seed's bug was
/// a banner that hid them).
///
/// - `exercise.reminder`: Log Exercise (opens the app and logs), Snooze 5 min.
/// - `exercise.progress`: View Details.
/// - `exercise.achievement`: View All.
///
/// Log Exercise is an app-defined action, not Herald's `complete`: logging one break
/// must not silence the rest of the day's breaks.
///
/// ```swift
/// let engine = Engine(center: center, source: source, clock: clock, categories: ExerciseCategories.registry)
/// ```
public enum ExerciseCategories {
    public static let logActionID = "log"
    public static let snoozeActionID = "snooze-5"
    public static let viewDetailsActionID = "view-details"
    public static let viewAllActionID = "view-all"

    public static let reminder = ReminderCategory(
        identifier: "exercise.reminder",
        actions: [.custom(logActionID, title: "Log Exercise", options: [.foreground]),
                  .snooze(snoozeActionID, title: "Snooze 5 min", for: 300)],
        foreground: .inAppPrompt)

    public static let progressReport = ReminderCategory(
        identifier: "exercise.progress",
        actions: [.open(viewDetailsActionID, title: "View Details")],
        foreground: .inAppPrompt)

    public static let achievement = ReminderCategory(
        identifier: "exercise.achievement",
        actions: [.open(viewAllActionID, title: "View All")],
        foreground: .inAppPrompt)

    public static let registry = try! CategoryRegistry([reminder, progressReport, achievement])
}
