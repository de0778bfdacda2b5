import Foundation
import HeraldTestSupport
import Testing

/// The decision that skips, runs or fails the tests needing a program a fresh machine
/// lacks (Chromium for the browser tests), from the environment alone.
struct OptionalToolTests {
    /// A folder holding an executable file named `name`, and the file.
    func makeFakeProgram(named name: String) throws -> (directory: URL, program: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let program = directory.appendingPathComponent(name)
        try "#!/bin/sh\n".write(to: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        return (directory, program)
    }

    @Test func chromiumOnThePathRunsTheTests() throws {
        // Given chromium-browser in the second folder of the PATH
        let fake = try makeFakeProgram(named: "chromium-browser")
        defer { try? FileManager.default.removeItem(at: fake.directory) }

        // When the availability is read
        let availability = OptionalTool.chromium.availability(environment: ["PATH": "/nonexistent:\(fake.directory.path)"])

        // Then the tests run with it
        #expect(availability == .found(fake.program))
        #expect(availability.runsTests)
    }

    @Test func withoutChromiumTheTestsAreSkippedSayingWhatToInstall() {
        // When no folder of the PATH holds Chromium and nothing requires it
        let availability = OptionalTool.chromium.availability(environment: ["PATH": "/nonexistent"])

        // Then the tests are skipped, and the reason names the package and the variable
        #expect(availability == .skipped(reason: """
            Chromium is not installed: none of chromium, chromium-browser, google-chrome is on the PATH \
            (apt-get install chromium); set HERALD_REQUIRE_BROWSER=1 to make this a failure
            """))
        #expect(!availability.runsTests)
    }

    @Test func withoutChromiumButRequiredTheTestsRunAndFail() {
        // When Chromium is missing and HERALD_REQUIRE_BROWSER=1
        let environment = ["PATH": "/nonexistent", "HERALD_REQUIRE_BROWSER": "1"]
        let availability = OptionalTool.chromium.availability(environment: environment)

        // Then the tests run, to fail saying what is missing and what requires it
        #expect(availability == .missingButRequired(reason: """
            Chromium is not installed: none of chromium, chromium-browser, google-chrome is on the PATH, \
            and HERALD_REQUIRE_BROWSER=1 requires it: install it (apt-get install chromium)
            """))
        #expect(availability.runsTests)
    }

    @Test(arguments: ["0", "", "yes"])
    func onlyOneRequiresIt(_ value: String) {
        // Any other value of HERALD_REQUIRE_BROWSER skips
        let availability = OptionalTool.chromium.availability(environment: ["PATH": "", "HERALD_REQUIRE_BROWSER": value])
        #expect(!availability.runsTests)
    }

    @Test func aPathVariableWinsOverThePathAndCanHideChromium() throws {
        // Given Chromium on the PATH
        let fake = try makeFakeProgram(named: "chromium")
        defer { try? FileManager.default.removeItem(at: fake.directory) }
        let other = try makeFakeProgram(named: "my-browser")
        defer { try? FileManager.default.removeItem(at: other.directory) }

        // When HERALD_CHROMIUM names another executable, it is used
        #expect(OptionalTool.chromium.availability(environment: ["PATH": fake.directory.path, "HERALD_CHROMIUM": other.program.path])
            == .found(other.program))

        // And when it names none, Chromium counts as missing: skipped, or failed when required
        let hidden = ["PATH": fake.directory.path, "HERALD_CHROMIUM": "/nonexistent/chromium"]
        #expect(OptionalTool.chromium.availability(environment: hidden) == .skipped(reason: """
            HERALD_CHROMIUM=/nonexistent/chromium is not an executable (apt-get install chromium); \
            set HERALD_REQUIRE_BROWSER=1 to make this a failure
            """))
        #expect(OptionalTool.chromium.availability(environment: hidden.merging(["HERALD_REQUIRE_BROWSER": "1"]) { $1 })
            == .missingButRequired(reason: """
                HERALD_CHROMIUM=/nonexistent/chromium is not an executable, and HERALD_REQUIRE_BROWSER=1 requires it: \
                install it (apt-get install chromium)
                """))
    }
}
