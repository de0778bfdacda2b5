import Foundation

extension Engine {
    /// The zone the user lives in: the first zone Herald saw, kept in its store, or
    /// the one set with ``setHomeZone(_:)``; `nil` before the first run.
    public func homeZone() throws -> TimeZone? {
        try recentState().homeZone
    }

    /// Sets the zone the user lives in (the user moved, or the app knows better than
    /// the first zone Herald saw). Any trip ends and its choices lapse; the run that
    /// follows tells the app how the device's zone compares with the new home
    /// (``ReconcileReport/travel``).
    ///
    /// ```swift
    /// try await engine.setHomeZone(TimeZone(identifier: "Europe/Lisbon")!)
    /// ```
    @discardableResult
    public func setHomeZone(_ zone: TimeZone) async throws -> ReconcileReport? {
        try await handle(.homeZoneChanged(zone))
    }

    /// Chooses how floating rules behave while away from home, for one rule or (`nil`)
    /// for all: ``TravelPrompt/Choice/keepHome`` plans the rule as if pinned to the home zone,
    /// ``TravelPrompt/Choice/followLocal`` (what every rule does until the app chooses) keeps
    /// its wall-clock time here. The choice is kept for the trip: coming home ends it.
    /// At home nothing is recorded.
    ///
    /// ```swift
    /// try await engine.chooseTravel(.keepHome, for: ReminderRule.ID(entity: pill, rule: "morning"))
    /// try await engine.chooseTravel(.followLocal)       // every rule, replacing single choices
    /// ```
    @discardableResult
    public func chooseTravel(_ choice: TravelPrompt.Choice, for rule: ReminderRule.ID? = nil) async throws -> ReconcileReport? {
        try await handle(.travelChoice(choice, rule: rule))
    }

    /// The user answered the travel prompt: records its action's choice for every rule
    /// (``chooseTravel(_:for:)``).
    ///
    /// - Throws: ``EngineError`` (`unknownTravelAction`) for an identifier the prompt
    ///   does not offer; nothing is recorded then.
    @discardableResult
    public func chose(_ actionIdentifier: String, in prompt: TravelPrompt) async throws -> ReconcileReport? {
        try await chooseTravel(try prompt.choosing(actionIdentifier))
    }

    /// How the device's zone compares with home now, whether or not a run reported it
    /// already: for an app that shows the choice again (a settings screen), or that
    /// missed the report. `nil` before a home zone is known.
    public func travelNotice() async throws -> TravelNotice? {
        TravelStep.notice(rules: try await source.reminderRules(), state: try recentState(), deviceZone: clock.timeZone,
                          now: clock.now, prompt: planner.configuration.travelPrompt)
    }
}
