/// The app's side of planning: which reminders exist, and what each one says.
///
/// Herald asks for the rules at every plan, so the app's data is the single source of
/// truth (a deleted habit simply stops being listed), and asks for content only for
/// the occurrences that made the cut, which is where an app chooses rich or tailored
/// content per entity.
///
/// ```swift
/// struct Habits: ReminderSource {
///     let repository: HabitRepository
///     func reminderRules() async throws -> [ReminderRule] {
///         try await repository.activeHabits().flatMap(\.reminderRules)
///     }
///     func content(for reminder: PlannedReminder) async throws -> NotificationContent {
///         let habit = try await repository.habit(reminder.rule.entity.id)
///         return NotificationContent(title: habit.name, body: "Streak: \(habit.streak) days")
///     }
/// }
/// ```
///
/// The texts of a walking route's spot and completion notifications come from the
/// same source (``routeMessages(for:)``), asked once when the route starts.
public protocol ReminderSource: Sendable {
    /// Every rule the app declares now. Paused entities may be listed: Herald skips them.
    func reminderRules() async throws -> [ReminderRule]
    /// The content of a reminder that made the plan. Herald sets its badge and payload.
    func content(for reminder: PlannedReminder) async throws -> NotificationContent
    /// The texts of a walking route's notifications, as templates (``RouteMessages``),
    /// asked once by ``Engine/startRoute(_:)``: `nil` keeps the session's own
    /// (``RouteSession/messages``, ``RouteMessages``' defaults unless the app set them).
    /// Herald keeps them with the session, so a notification planned again after a
    /// crash reads as the first time, whatever the source says by then. The default
    /// implementation returns `nil`.
    func routeMessages(for session: RouteSession) async throws -> RouteMessages?
    /// The content of a group notification (``PlannedGroup``: reminders deferred by the
    /// quiet hours, or due together), given each member's ``content(for:)`` in the
    /// group's order. Herald sets its badge and payload. The default implementation is
    /// ``PlannedGroup/defaultContent(for:members:)``: "3 habits due: Water, Stretch,
    /// Pills", in the ``ReminderCategory/group`` category ("Done all").
    ///
    /// ```swift
    /// func groupContent(for group: PlannedGroup, members: [NotificationContent]) async throws -> NotificationContent {
    ///     NotificationContent(title: "Good morning", body: members.map(\.title).joined(separator: " · "),
    ///                         categoryIdentifier: ReminderCategory.group.identifier)
    /// }
    /// ```
    func groupContent(for group: PlannedGroup, members: [NotificationContent]) async throws -> NotificationContent
    /// The app's vacations: local days on which no rule fires (``ReminderRule/Vacation``),
    /// asked at every plan. The default implementation returns none.
    func vacations() async throws -> [ReminderRule.Vacation]
    /// The progress the user made on `entity` on the local `day` (glasses drunk, pages
    /// read), for its rules that remind only when behind (``ReminderRule/paced(_:)``):
    /// asked at every plan for today. `nil` counts as 0. The default implementation
    /// returns `nil`.
    func progress(of entity: EntityReference, on day: LocalDate) async throws -> Int?
}

extension ReminderSource {
    /// `nil`: the session's own messages.
    public func routeMessages(for session: RouteSession) async throws -> RouteMessages? { nil }

    /// "3 habits due: Water, Stretch, Pills" (``PlannedGroup/defaultContent(for:members:)``).
    public func groupContent(for group: PlannedGroup, members: [NotificationContent]) async throws
        -> NotificationContent {
        PlannedGroup.defaultContent(for: group, members: members)
    }

    /// No vacations.
    public func vacations() async throws -> [ReminderRule.Vacation] { [] }

    /// No progress reported.
    public func progress(of entity: EntityReference, on day: LocalDate) async throws -> Int? { nil }
}
