import Foundation

extension TravelPrompt {
    /// The choice the action `actionIdentifier` of this prompt stands for
    /// (what ``Engine`` records when the user answers the prompt).
    ///
    /// ```swift
    /// try await engine.chooseTravel(try prompt.choosing("herald.travel.keep-home"))
    /// ```
    ///
    /// - Throws: ``EngineError`` (`unknownTravelAction`) for an identifier it does not offer.
    func choosing(_ actionIdentifier: String) throws -> Choice {
        guard let choice = choice(of: actionIdentifier) else {
            throw EngineError.unknownTravelAction(actionIdentifier, offered: actions.map(\.identifier))
        }
        return choice
    }
}
