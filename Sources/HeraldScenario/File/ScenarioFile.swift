import Foundation

/// A scenario read from a file, with the fingerprint of its exact text, so that a
/// ``ScenarioSession`` only resumes a state this same text saved.
///
/// ```swift
/// let file = try ScenarioFile(contentsOf: URL(fileURLWithPath: "Examples/habits.yaml"))
/// file.scenario.name          // "Habits in Berlin"
/// file.fingerprint            // 16 hex digits
/// ```
public struct ScenarioFile: Hashable, Sendable {
    public let scenario: Scenario
    package let fingerprint: ScenarioFingerprint

    /// Reads and parses a scenario file; errors name the file as given by `url`'s path.
    ///
    /// - Throws: ``ScenarioError`` when the file cannot be read or parsed.
    public init(contentsOf url: URL) throws(ScenarioError) {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioError(code: .unreadable, file: url.relativePath, line: 0, column: 0, field: "",
                                message: "cannot read the file (\(error.localizedDescription))")
        }
        try self.init(text: String(decoding: data, as: UTF8.self), file: url.relativePath)
    }

    /// Parses scenario text; `file` is the name errors mention.
    public init(text: String, file: String = "scenario.yaml") throws(ScenarioError) {
        scenario = try Scenario(yaml: text, file: file)
        fingerprint = ScenarioFingerprint(of: text)
    }
}
