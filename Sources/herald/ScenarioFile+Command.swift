import ArgumentParser
import Foundation
import HeraldScenario

extension ScenarioFile {
    /// The scenario file a command was given, or exit status 65 with the located error
    /// on standard error.
    static func read(commandArgument path: String) throws -> ScenarioFile {
        do {
            return try ScenarioFile(contentsOf: URL(fileURLWithPath: path))
        } catch {
            StandardError.write(error.description)
            throw ExitCode(65)
        }
    }
}
