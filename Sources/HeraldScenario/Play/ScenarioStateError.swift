/// Why a ``ScenarioSession`` will not continue from the state it was given: the state
/// belongs to another scenario, is not a scenario's state, or a run on it stopped half
/// way. The state is left exactly as it was; the message names it and says what to do.
///
/// ```swift
/// do {
///     let result = try await session.play(days: 3)
/// } catch let error as ScenarioStateError where error.code == .differentScenario {
///     print(error)  // s.sqlite: holds the state of "Habits", not of this scenario file (...)
/// }
/// ```
///
/// The set of codes can grow; match on ``code`` with `==`, never exhaustively.
public struct ScenarioStateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The state's name as the session was given it (a file's path).
    public let location: String
    /// What is wrong.
    public let reason: String
    /// What to do about it.
    public let recovery: String
    public let code: Code

    init(code: Code, location: String, reason: String, recovery: String) {
        self.code = code
        self.location = location
        self.reason = reason
        self.recovery = recovery
    }

    /// `location: reason; recovery`.
    public var description: String {
        "\(location): \(reason); \(recovery)"
    }

    /// The kind of problem, for matching in `catch`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Hashable, Sendable {
            case differentScenario, notScenarioState, interrupted, damaged
        }

        let base: Base
        public var description: String { base.rawValue }

        /// The state was saved by another scenario file, or by this one before it changed.
        public static let differentScenario = Code(base: .differentScenario)
        /// The store holds Herald state, but no scenario's progress (an app's database).
        public static let notScenarioState = Code(base: .notScenarioState)
        /// A run on this state stopped before it saved its progress (an impossible event,
        /// a crash): the engine's state and the scenario's progress no longer match.
        public static let interrupted = Code(base: .interrupted)
        /// The scenario's progress is there but cannot be read.
        public static let damaged = Code(base: .damaged)
    }

    static func differentScenario(_ location: String, savedBy name: String) -> ScenarioStateError {
        ScenarioStateError(
            code: .differentScenario, location: location,
            reason: "holds the state of the scenario \"\(name)\" as its file was then, not of this scenario file",
            recovery: "give another state path to start this scenario afresh, or delete the file to start over")
    }

    static func notScenarioState(_ location: String) -> ScenarioStateError {
        ScenarioStateError(
            code: .notScenarioState, location: location,
            reason: "holds Herald state but no scenario's progress, so it is not a state file of herald simulate",
            recovery: "give a path that does not exist yet to start afresh")
    }

    static func interrupted(_ location: String, name: String) -> ScenarioStateError {
        ScenarioStateError(
            code: .interrupted, location: location,
            reason: "a run of \"\(name)\" on it stopped before it could save its progress, so it cannot be resumed",
            recovery: "delete the file to start the scenario over")
    }

    static func damaged(_ location: String, key: String, _ error: any Error) -> ScenarioStateError {
        ScenarioStateError(
            code: .damaged, location: location, reason: "the saved \(key) cannot be read (\(error))",
            recovery: "delete the file to start the scenario over")
    }
}
