import Foundation
import Herald

/// An in-app prompt the app showed for a notification that arrived in the foreground
/// (its category's `foreground: prompt`): the system banner was silenced and the app
/// shows the title with the category's actions plus Dismiss.
///
/// ```swift
/// let prompt = try #require(result.prompts.first)
/// #expect(prompt.actions.map(\.title) == ["Log Exercise", "Snooze 5 min", "Dismiss"])
/// ```
public struct TimelinePrompt: Hashable, Sendable {
    public var date: Date
    public var local: LocalDateTime
    public var identifier: String
    public var title: String
    /// The buttons, in order: the category's actions, then Dismiss.
    public var actions: [Action]

    package init(date: Date, local: LocalDateTime, identifier: String, title: String, actions: [Action]) {
        self.date = date
        self.local = local
        self.identifier = identifier
        self.title = title
        self.actions = actions
    }

    public struct Action: Hashable, Sendable {
        public var id: String
        public var title: String

        package init(id: String, title: String) {
            self.id = id
            self.title = title
        }
    }
}
