import Foundation

/// The in-app prompt offering the travel choice for every rule at once, built when the
/// app asks for it (``PlannerConfiguration/travelPrompt``) and carried by the
/// ``TravelNotice``. Choosing one of its actions with ``Engine/chose(_:in:)`` (or
/// `HeraldSystem.chose(_:in:)`) records the same choice as ``Engine/chooseTravel(_:for:)``.
///
/// ```swift
/// if let prompt = report.travel?.prompt {
///     let picked = await ui.ask(prompt.title, prompt.body, buttons: prompt.actions.map(\.title))
///     try await herald.chose(prompt.actions[picked].identifier, in: prompt)
/// }
/// ```
public struct TravelPrompt: Hashable, Sendable {
    public struct Action: Hashable, Sendable {
        public var identifier: String
        public var title: String
        public var choice: Choice
    }

    public var title: String
    public var body: String
    /// Keep home time, then follow local time.
    public var actions: [Action]

    /// The identifier of the keep-home action.
    public static let keepHomeAction = "herald.travel.keepHome"
    /// The identifier of the follow-local action.
    public static let followLocalAction = "herald.travel.followLocal"

    /// The prompt for `notice`: its title names the zone, its body how many reminders
    /// differ and the first of them both ways.
    public init(for notice: TravelNotice) {
        let here = notice.zone.identifier, home = notice.homeZone.identifier
        let count = notice.affected.count
        title = "Reminders while in \(here)"
        var body = "\(count) reminder\(count == 1 ? "" : "s") would come at another time than at home (\(home))."
        if let first = notice.affected.first {
            body += " \(first.rule): \(first.atHome.local.time) at home is \(first.homeTimeHere.time) here."
        }
        self.body = body + " Keep home time, or follow local time?"
        actions = [Action(identifier: Self.keepHomeAction, title: "Keep home time", choice: .keepHome),
                   Action(identifier: Self.followLocalAction, title: "Follow local time", choice: .followLocal)]
    }

    /// The choice an action of this prompt stands for; `nil` for an identifier it has not.
    public func choice(of actionIdentifier: String) -> Choice? {
        actions.first { $0.identifier == actionIdentifier }?.choice
    }
}
