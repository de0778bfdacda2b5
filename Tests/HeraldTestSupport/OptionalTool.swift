import Foundation
import Testing

/// A program some tests need that a fresh Swift image does not ship, such as Chromium
/// for the browser tests. Without it those tests are skipped, with a message naming what
/// to install; with the ``requireVariable`` set to `1` (as `.ci/run` does) a missing
/// program is a failure instead, so CI never passes by skipping.
///
/// ```swift
/// @Suite(.enabled(if: OptionalTool.chromium.availability().runsTests, OptionalTool.chromium.skipComment))
/// struct BrowserTests {
///     @Test func rendersThePage() throws {
///         let chromium = try OptionalTool.chromium.require()   // fails when required and missing
///     }
/// }
/// ```
public struct OptionalTool: Sendable {
    /// What people call it: `Chromium`.
    public var name: String
    /// The executables that count as the program, looked up in order on the PATH.
    public var executables: [String]
    /// The variable that names the program's path instead of the PATH lookup; a path
    /// that is not an executable counts as missing (to try the tests without it).
    public var pathVariable: String
    /// How to install it on Debian: `apt-get install chromium`.
    public var install: String
    /// The variable that, set to `1`, makes a missing program a failure, not a skip.
    public var requireVariable: String

    public init(name: String, executables: [String], pathVariable: String, install: String, requireVariable: String) {
        self.name = name
        self.executables = executables
        self.pathVariable = pathVariable
        self.install = install
        self.requireVariable = requireVariable
    }

    /// Headless Chromium for ``HTMLReportBrowserTests``: `chromium`, `chromium-browser` or
    /// `google-chrome` on the PATH, or `HERALD_CHROMIUM`; required by `HERALD_REQUIRE_BROWSER=1`.
    public static let chromium = OptionalTool(
        name: "Chromium", executables: ["chromium", "chromium-browser", "google-chrome"],
        pathVariable: "HERALD_CHROMIUM", install: "apt-get install chromium",
        requireVariable: "HERALD_REQUIRE_BROWSER")

    /// Whether the tests that need the program run, and with which executable.
    public enum Availability: Equatable, Sendable {
        /// The program is there.
        case found(URL)
        /// It is missing and not required: its tests are skipped, saying why.
        case skipped(reason: String)
        /// It is missing and required: its tests run and fail, saying why.
        case missingButRequired(reason: String)

        /// Whether the tests run: when the program is there, or required.
        public var runsTests: Bool {
            if case .skipped = self { return false }
            return true
        }
    }

    /// Where the program is, read from `environment` (the test process's by default).
    public func availability(environment: [String: String] = ProcessInfo.processInfo.environment) -> Availability {
        if let executable = locate(environment: environment) { return .found(executable) }
        let missing: String
        if let path = environment[pathVariable], !path.isEmpty {
            missing = "\(pathVariable)=\(path) is not an executable"
        } else {
            missing = "\(name) is not installed: none of \(executables.joined(separator: ", ")) is on the PATH"
        }
        if environment[requireVariable] == "1" {
            return .missingButRequired(reason: "\(missing), and \(requireVariable)=1 requires it: install it (\(install))")
        }
        return .skipped(reason: "\(missing) (\(install)); set \(requireVariable)=1 to make this a failure")
    }

    /// The program's executable: ``pathVariable``'s value when set, else the first of
    /// ``executables`` on the PATH; `nil` when missing.
    public func locate(environment: [String: String]) -> URL? {
        let isExecutable = { (url: URL) in FileManager.default.isExecutableFile(atPath: url.path) }
        if let path = environment[pathVariable], !path.isEmpty {
            let url = URL(fileURLWithPath: path)
            return isExecutable(url) ? url : nil
        }
        let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.lazy.flatMap { directory in
            executables.map { URL(fileURLWithPath: String(directory)).appendingPathComponent($0) }
        }.first(where: isExecutable)
    }

    /// The reason the tests are skipped, for `.enabled(if:_:)`, read from the test
    /// process's environment; the trait shows it only when they are.
    public var skipComment: Comment {
        if case .skipped(let reason) = availability() { return Comment(rawValue: reason) }
        return Comment(rawValue: "\(name) is there")
    }

    /// The executable, or a thrown failure saying it is missing, what to install, and
    /// (when required) which variable requires it.
    public func require() throws -> URL {
        switch availability() {
        case .found(let executable): return executable
        case .skipped(let reason), .missingButRequired(let reason): throw Missing(description: reason)
        }
    }

    /// A required program that is not there.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }
}
