import Herald

/// A game with the user's streak in it: how many days in a row, and the last day played.
public struct TrackedGame: Hashable, Sendable {
    public var game: Game
    public var streak: Int
    public var lastPlayed: LocalDate?

    public init(game: Game, streak: Int = 0, lastPlayed: LocalDate? = nil) {
        self.game = game
        self.streak = streak
        self.lastPlayed = lastPlayed
    }

    /// At risk on `today`: the streak is alive (played yesterday) and not yet extended today.
    public func isAtRisk(on today: LocalDate) -> Bool {
        streak > 0 && lastPlayed == today.adding(days: -1)
    }

    /// Records a result played on `day`.
    public mutating func play(on day: LocalDate) {
        guard lastPlayed != day else { return }
        streak = lastPlayed == day.adding(days: -1) ? streak + 1 : 1
        lastPlayed = day
    }
}
