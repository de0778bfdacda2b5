/// What the streak app shows after a notification response.
///
/// ```swift
/// responder.screens   // [.gamePicker(["wordle"]), .achievement("streak-30")]
/// ```
public enum StreakScreen: Hashable, Sendable {
    /// The games at risk, to play now (Play Now, or a tap on the streak reminder).
    case gamePicker([String])
    /// One achievement (View Achievement, or a tap on it).
    case achievement(String)
    /// A game's imported result (a tap on "result imported").
    case result(game: String)
}
