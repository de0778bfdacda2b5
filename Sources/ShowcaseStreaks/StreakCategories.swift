import Herald

/// Seed 003's notification categories, each reporting dismissals (custom dismiss).
///
/// - `STREAK_REMINDER`: Play Now (opens the app), Remind Tomorrow, Already Played
///   (a completion: no more reminders today, badge cleared).
/// - `ACHIEVEMENT_UNLOCKED`: View Achievement.
/// - `RESULT_IMPORTED`: no actions.
///
/// Herald registers them on every launch while authorized and the moment permission
/// is granted, not only after the permission prompt (the seed's issue 2).
///
/// ```swift
/// let engine = Engine(center: center, source: source, clock: clock, categories: StreakCategories.registry)
/// ```
public enum StreakCategories {
    public static let playNowActionID = "PLAY_NOW"
    public static let remindTomorrowActionID = "REMIND_TOMORROW"
    public static let alreadyPlayedActionID = "ALREADY_PLAYED"
    public static let viewAchievementActionID = "VIEW_ACHIEVEMENT"

    public static let streakReminder = ReminderCategory(
        identifier: "STREAK_REMINDER",
        actions: [.open(playNowActionID, title: "Play Now"),
                  .remindTomorrow(remindTomorrowActionID, title: "Remind Tomorrow"),
                  .complete(alreadyPlayedActionID, title: "Already Played")],
        reportsDismissal: true)

    public static let achievement = ReminderCategory(
        identifier: "ACHIEVEMENT_UNLOCKED",
        actions: [.open(viewAchievementActionID, title: "View Achievement")],
        reportsDismissal: true)

    public static let resultImported = ReminderCategory(
        identifier: "RESULT_IMPORTED", actions: [], reportsDismissal: true)

    public static let registry = try! CategoryRegistry([streakReminder, achievement, resultImported])
}
