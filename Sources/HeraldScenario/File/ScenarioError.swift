import Herald

/// Why a scenario file could not be read, and exactly where.
///
/// Every error names the file, the line and column of the offending YAML node, the
/// field path from the document's root (`entities[2].rules[0].daily[1]`) and says what
/// was expected, so it can be printed as it is, like a compiler diagnostic:
///
/// ```swift
/// do {
///     let scenario = try Scenario(contentsOf: url)
/// } catch let error as ScenarioError where error.code == .invalidValue {
///     print(error)   // habits.yaml:14:9: entities[0].rules[1].daily[0]: "25:00" is not a time (expected HH:mm)
/// }
/// ```
///
/// The set of codes can grow; match on ``code`` with `==`, never exhaustively.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name as given to the parser (`scenario.yaml` for text without a file).
    public let file: String
    /// 1-based line of the node the error is about; 0 when unknown.
    public let line: Int
    /// 1-based column of the node the error is about; 0 when unknown.
    public let column: Int
    /// The field path from the root, such as `events[3].complete`; empty for the document.
    public let field: String
    /// What was wrong and what was expected.
    public let message: String
    public let code: Code
    /// The schedule's own error, when Herald refused a rule (code ``Code/invalidSchedule``).
    public let scheduleError: ScheduleError?
    /// For an event that could not happen (code ``Code/impossibleEvent``): the run up to
    /// it, its timeline and the summary of where things stood, so it can be shown
    /// before the error.
    public internal(set) var runSoFar: ScenarioResult?
    /// For an event that could not happen: the summary of where things stood then (a
    /// streamed run's timeline went to its sink as it happened).
    public internal(set) var summarySoFar: ScenarioSummary?

    /// An error found while running an event written at `location`.
    init(code: Code, at location: ScenarioLocation?, message: String) {
        self.init(code: code, file: location?.file ?? "", line: location?.line ?? 0, column: location?.column ?? 0,
                  field: location?.field ?? "", message: message)
    }

    init(code: Code, file: String, line: Int, column: Int, field: String, message: String,
         scheduleError: ScheduleError? = nil) {
        self.code = code
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.message = message
        self.scheduleError = scheduleError
    }

    /// `file:line:column: field: message`.
    public var description: String {
        let location = line > 0 ? "\(file):\(line):\(column)" : file
        return field.isEmpty ? "\(location): \(message)" : "\(location): \(field): \(message)"
    }

    /// The kind of problem, for matching in `catch`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Hashable, Sendable {
            case unreadable, syntax, unknownKey, missingKey, wrongType, invalidValue, invalidSchedule,
                 outOfOrder, unknownEntity, duplicate, unknownCategory, unknownAction, impossibleEvent, tooLarge
        }

        let base: Base
        public var description: String { base.rawValue }

        /// The file could not be read.
        public static let unreadable = Code(base: .unreadable)
        /// The text is not valid YAML.
        public static let syntax = Code(base: .syntax)
        /// A key the format does not know (often a typo).
        public static let unknownKey = Code(base: .unknownKey)
        /// A required key is missing.
        public static let missingKey = Code(base: .missingKey)
        /// A mapping, list or scalar where another was expected.
        public static let wrongType = Code(base: .wrongType)
        /// A scalar that is not a valid time, date, zone, number, ...
        public static let invalidValue = Code(base: .invalidValue)
        /// A rule Herald's `Schedule` refuses; the message carries the `ScheduleError`.
        public static let invalidSchedule = Code(base: .invalidSchedule)
        /// An event earlier than the one before it, or outside the run.
        public static let outOfOrder = Code(base: .outOfOrder)
        /// An entity or rule id that does not exist at that point of the scenario.
        public static let unknownEntity = Code(base: .unknownEntity)
        /// An id given twice where ids must be unique.
        public static let duplicate = Code(base: .duplicate)
        /// A category id no entry of `categories` declares.
        public static let unknownCategory = Code(base: .unknownCategory)
        /// An action id the categories of the notification do not have, or the wrong
        /// event for its kind (`action` on a text action, `text` on another).
        public static let unknownAction = Code(base: .unknownAction)
        /// The file holds more than a scenario may: more than
        /// `Scenario.maximumNodes` YAML nodes once its aliases are expanded.
        public static let tooLarge = Code(base: .tooLarge)
        /// Found while running: the event cannot happen at that point (a tap when no
        /// notification of the entity is in the list, a launch of a running app, an
        /// action the delivered notification did not offer). The run stops there.
        public static let impossibleEvent = Code(base: .impossibleEvent)
    }
}
