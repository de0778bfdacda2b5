import ArgumentParser
import Foundation
import HeraldScenario

extension ScenarioFile {
    /// The scenario file a command was given, or the exit status with the located error
    /// on standard error: 64 for an empty path, 65 for a file that cannot be read or
    /// parsed, a folder, or a device (`/dev/zero` is never read). A pipe is read
    /// (`herald simulate <(generate-scenario)`).
    static func read(commandArgument path: String) throws -> ScenarioFile {
        guard !path.isEmpty else {
            StandardError.write("the scenario path is empty; give the scenario file (YAML)")
            throw ExitStatus.usage.exitCode
        }
        let status = FileStatus(path: path)
        switch status.kind {
        case .missing, .regular, .pipe:
            break
        default:
            StandardError.write("\(path): is \(status.kindText), not a scenario file; give the scenario file (YAML)")
            throw ExitStatus.dataError.exitCode
        }
        do {
            return try ScenarioFile(contentsOf: URL(fileURLWithPath: path))
        } catch {
            StandardError.write(error.description)
            throw ExitStatus.of(error).exitCode
        }
    }
}
