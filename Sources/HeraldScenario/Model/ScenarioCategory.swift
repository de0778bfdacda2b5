import Herald

/// A notification category of the scenario's app: its action buttons, whether a
/// dismissal is reported, and how its notifications appear while the app is in the
/// foreground. Rules name it with `category`; posted events too.
///
/// ```yaml
/// categories:
///   - id: exercise
///     actions:
///       - {id: log, title: Log Exercise, kind: log, foreground: true}
///       - {id: snooze-5, title: Snooze 5 min, kind: snooze, minutes: 5}
///     dismiss: report                 # custom dismiss: the app is told
///     foreground: prompt              # or [banner, list, sound, badge], or silent
/// ```
///
/// ```swift
/// let registry = try CategoryRegistry(scenario.categories.map(\.reminderCategory))
/// ```
package struct ScenarioCategory: Hashable, Sendable {
    package var id: String
    package var actions: [ScenarioCategoryAction]
    /// `dismiss: report`: swiping a notification away is reported to the app.
    package var reportsDismissal: Bool
    /// In the foreground: system options (`[]` silences), or an in-app prompt.
    package var foreground: ReminderCategory.ForegroundPresentation

    package init(id: String, actions: [ScenarioCategoryAction], reportsDismissal: Bool = false,
                foreground: ReminderCategory.ForegroundPresentation = .system(.all)) {
        self.id = id
        self.actions = actions
        self.reportsDismissal = reportsDismissal
        self.foreground = foreground
    }

    /// The action with this id, if the category has it.
    package func action(_ id: String) -> ScenarioCategoryAction? {
        actions.first { $0.id == id }
    }

    /// Herald's category.
    package var reminderCategory: ReminderCategory {
        ReminderCategory(identifier: id, actions: actions.map(\.categoryAction), reportsDismissal: reportsDismissal,
                         foreground: foreground)
    }
}
