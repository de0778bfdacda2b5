/// What a ``ReminderSource`` throws while the app's data is still loading (a cold
/// launch): Herald then leaves pending and delivered notifications as they are and
/// re-plans when the app next asks, instead of taking "no rules" for "everything was
/// deleted".
///
/// ```swift
/// func reminderRules() async throws -> [ReminderRule] {
///     guard let goals = loadedGoals else { throw ReminderSourceNotReady() }
///     return goals.flatMap(\.reminderRules)
/// }
/// ```
public struct ReminderSourceNotReady: Error, Hashable, Sendable, CustomStringConvertible {
    public init() {}
    public var description: String { "the app's data is still loading; pending reminders are left as they are" }
}
