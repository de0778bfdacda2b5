import Foundation
import Testing

/// The shims know each Apple platform the package declares: built with
/// `-DHERALD_SHIM_MACOS`, `_WATCHOS`, `_MACCATALYST` or `_VISIONOS` they declare only what
/// that platform's SDK has, so an adapter that uses something the platform lacks does not
/// compile on Linux either. Each case is a use of a missing API, typechecked against the
/// shim's sources with the platform's flag (refused on its own line, naming it) and
/// without it (accepted: the refusal is the flag's doing); the cases of one shim and flag
/// share one compiler run. What each platform lacks is from Apple's SDK headers and
/// documentation: location triggers are iOS and watchOS only, CarPlay options are not on
/// macOS, watchOS has no badge, no settings callback, no named sounds and no hidden
/// previews, region monitoring and `CLMonitor` are iOS, Mac Catalyst and macOS only,
/// `CLServiceSession` is not on macOS, background tasks are not on macOS or watchOS, AlarmKit is
/// on iOS and Mac Catalyst only, WatchConnectivity is not on macOS and `isPaired` is iOS only.
@Suite(.serialized) struct ShimPlatformTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var module: String
        var flag: String
        var use: String
        /// A word the refusal names.
        var names: String
        var testDescription: String { "\(flag): \(names)" }
    }

    static let cases: [Case] = [
        Case(module: "UserNotificationsShim", flag: "HERALD_SHIM_MACOS",
             use: "func use() { _ = UNLocationNotificationTrigger.self }", names: "UNLocationNotificationTrigger"),
        Case(module: "UserNotificationsShim", flag: "HERALD_SHIM_MACOS",
             use: "func use() { let _: UNNotificationCategoryOptions = .allowInCarPlay }", names: "allowInCarPlay"),
        Case(module: "UserNotificationsShim", flag: "HERALD_SHIM_MACCATALYST",
             use: "func use() { _ = UNLocationNotificationTrigger.self }", names: "UNLocationNotificationTrigger"),
        Case(module: "UserNotificationsShim", flag: "HERALD_SHIM_VISIONOS",
             use: "func use() { _ = UNLocationNotificationTrigger.self }", names: "UNLocationNotificationTrigger"),
        Case(module: "UserNotificationsShim", flag: "HERALD_SHIM_WATCHOS",
             use: "func badge(_ center: UNUserNotificationCenter) async throws { try await center.setBadgeCount(1) }",
             names: "setBadgeCount"),
        Case(module: "UserNotificationsShim", flag: "HERALD_SHIM_WATCHOS",
             use: "func use() { let _: UNNotificationCategoryOptions = .hiddenPreviewsShowTitle }", names: "hiddenPreviewsShowTitle"),
        Case(module: "UserNotificationsShim", flag: "HERALD_SHIM_WATCHOS",
             use: "func use() { _ = UNNotificationSound(named: UNNotificationSoundName(rawValue: \"chime.caf\")) }", names: "named"),
        Case(module: "CoreLocationShim", flag: "HERALD_SHIM_WATCHOS",
             use: "func watch(_ manager: CLLocationManager, _ region: CLRegion) { manager.startMonitoring(for: region) }",
             names: "startMonitoring"),
        Case(module: "CoreLocationShim", flag: "HERALD_SHIM_VISIONOS",
             use: "func watch(_ manager: CLLocationManager, _ region: CLRegion) { manager.startMonitoring(for: region) }",
             names: "startMonitoring"),
        Case(module: "CoreLocationShim", flag: "HERALD_SHIM_WATCHOS",
             use: "func use() { _ = CLMonitor.self }", names: "CLMonitor"),
        Case(module: "CoreLocationShim", flag: "HERALD_SHIM_VISIONOS",
             use: "func use() { _ = CLMonitor.self }", names: "CLMonitor"),
        Case(module: "CoreLocationShim", flag: "HERALD_SHIM_MACOS",
             use: "func use() { _ = CLServiceSession(authorization: .always) }", names: "CLServiceSession"),
        Case(module: "BackgroundTasksShim", flag: "HERALD_SHIM_MACOS",
             use: "func use() { _ = BGTaskScheduler.self }", names: "BGTaskScheduler"),
        Case(module: "BackgroundTasksShim", flag: "HERALD_SHIM_WATCHOS",
             use: "func use() { _ = BGTaskScheduler.self }", names: "BGTaskScheduler"),
        Case(module: "AlarmKitShim", flag: "HERALD_SHIM_MACOS",
             use: "func use() { _ = AlarmManager.self }", names: "AlarmManager"),
        Case(module: "AlarmKitShim", flag: "HERALD_SHIM_WATCHOS",
             use: "func use() { _ = AlarmManager.self }", names: "AlarmManager"),
        Case(module: "AlarmKitShim", flag: "HERALD_SHIM_VISIONOS",
             use: "func use() { _ = AlarmManager.self }", names: "AlarmManager"),
        Case(module: "WatchConnectivityShim", flag: "HERALD_SHIM_MACOS",
             use: "func use() { _ = WCSession.self }", names: "WCSession"),
        Case(module: "WatchConnectivityShim", flag: "HERALD_SHIM_WATCHOS",
             use: "func use(_ session: WCSession) { _ = session.isPaired }", names: "isPaired"),
    ]

    /// The cases typechecked together: one compiler run for each shim and flag.
    struct Batch: CustomTestStringConvertible, Sendable {
        var module: String
        var flag: String
        var cases: [Case]
        var testDescription: String { "\(flag): \(module)" }
    }

    /// The cases grouped by shim and flag, in the order of ``cases``.
    static let batches: [Batch] = cases.reduce(into: []) { batches, check in
        if let index = batches.firstIndex(where: { $0.module == check.module && $0.flag == check.flag }) {
            batches[index].cases.append(check)
        } else {
            batches.append(Batch(module: check.module, flag: check.flag, cases: [check]))
        }
    }

    /// Each use is refused on its own line, with an error naming what the platform lacks.
    @Test(arguments: batches)
    func eachPlatformsShimRefusesWhatThatPlatformLacks(_ batch: Batch) throws {
        let refused = try Self.typecheck(batch.module, flag: batch.flag, uses: batch.cases.map(\.use))
        #expect(!refused.succeeded, "\(batch.flag) accepted: \(batch.cases.map(\.use))")
        let errors = refused.diagnostics.split(separator: "\n").filter { $0.contains("error:") }
        for (offset, check) in batch.cases.enumerated() {
            let line = "Use.swift:\(Self.firstUseLine + offset):"
            #expect(errors.contains { $0.contains(line) && $0.contains(check.names) },
                    "\(check.flag) gave no error naming \(check.names) for \(check.use): \(refused.diagnostics.prefix(2_000))")
        }
    }

    /// Without a flag every use of a shim is accepted: each refusal is its flag's doing.
    @Test(arguments: Set(cases.map(\.module)).sorted())
    func withoutAFlagEveryUseIsAccepted(_ module: String) throws {
        let uses = Self.cases.filter { $0.module == module }.map(\.use)
        let accepted = try Self.typecheck(module, flag: nil, uses: uses)
        #expect(accepted.succeeded, "without a flag: \(accepted.diagnostics.prefix(2_000))")
    }

    // MARK: Typechecking

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The line of `Use.swift` that holds the first use; each next use is on the next line.
    static let firstUseLine = 2

    /// Typechecks `uses`, each in its own enum on its own line of `Use.swift`, inside the
    /// shim module's own sources (so internal and public declarations alike are in
    /// scope), with `-D flag` when given. The notification shim imports the location
    /// shim, which is built first as a module with the same flag.
    static func typecheck(_ module: String, flag: String?, uses: [String]) throws -> (succeeded: Bool, diagnostics: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-shim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let defines = flag.map { ["-D", $0] } ?? []
        if module == "UserNotificationsShim" {
            let location = try run(["swiftc", "-emit-module", "-parse-as-library", "-module-name", "CoreLocationShim",
                                    "-emit-module-path", folder.appendingPathComponent("CoreLocationShim.swiftmodule").path]
                                   + defines + sources(of: "CoreLocationShim"))
            guard location.succeeded else { return location }
        }
        let file = folder.appendingPathComponent("Use.swift")
        let body = uses.enumerated().map { "enum Use\($0.offset) { \($0.element) }" }.joined(separator: "\n")
        try "import Foundation\n\(body)\n".write(to: file, atomically: true, encoding: .utf8)
        return try run(["swiftc", "-typecheck", "-parse-as-library", "-module-name", module, "-I", folder.path]
                       + defines + sources(of: module) + [file.path])
    }

    /// The Swift files of a shim target.
    static func sources(of module: String) throws -> [String] {
        let folder = packageRoot.appendingPathComponent("Sources/\(module)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// Runs a toolchain command found on the `PATH`; its exit status and its output.
    static func run(_ arguments: [String]) throws -> (succeeded: Bool, diagnostics: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus == 0, String(decoding: data, as: UTF8.self))
    }
}
