import Foundation
import Testing

/// The shims know each Apple platform the package declares: built with
/// `-DHERALD_SHIM_MACOS`, `_WATCHOS`, `_MACCATALYST` or `_VISIONOS` they declare only what
/// that platform's SDK has, so an adapter that uses something the platform lacks does not
/// compile on Linux either. Each case typechecks a use of a missing API against the shim's
/// sources with the platform's flag (refused, naming it) and without it (accepted: the
/// refusal is the flag's doing). What each platform lacks is from Apple's SDK headers and
/// documentation: location triggers are iOS and watchOS only, CarPlay options are not on
/// macOS, watchOS has no badge, no settings callback, no named sounds and no hidden
/// previews, region monitoring and `CLMonitor` are iOS, Mac Catalyst and macOS only,
/// `CLServiceSession` is not on macOS, background tasks are not on macOS or watchOS, AlarmKit is
/// on iOS and Mac Catalyst only.
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
    ]

    @Test(arguments: cases)
    func eachPlatformsShimRefusesWhatThatPlatformLacks(_ check: Case) throws {
        let refused = try Self.typecheck(check.module, flag: check.flag, use: check.use)
        #expect(!refused.succeeded, "\(check.flag) accepted: \(check.use)")
        #expect(refused.diagnostics.contains("error:") && refused.diagnostics.contains(check.names),
                "\(refused.diagnostics.prefix(2_000))")

        let accepted = try Self.typecheck(check.module, flag: nil, use: check.use)
        #expect(accepted.succeeded, "without a flag: \(accepted.diagnostics.prefix(2_000))")
    }

    // MARK: Typechecking

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Typechecks `use` inside the shim module's own sources (so internal and public
    /// declarations alike are in scope), with `-D flag` when given. The notification shim
    /// imports the location shim, which is built first as a module with the same flag.
    static func typecheck(_ module: String, flag: String?, use: String) throws -> (succeeded: Bool, diagnostics: String) {
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
        try "import Foundation\n\(use)\n".write(to: file, atomically: true, encoding: .utf8)
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
