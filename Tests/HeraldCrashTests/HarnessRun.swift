import Foundation
import Testing

/// The result a finished `HeraldCrashHarness` process writes (its `HarnessResult`).
struct HarnessOutcome: Codable, Equatable {
    struct Pending: Codable, Hashable {
        var identifier: String
        /// Canonical JSON of the request: content and trigger.
        var request: String
    }

    struct Firing: Codable, Hashable, CustomStringConvertible {
        var identifier: String
        var date: String
        var description: String { "\(identifier)@\(date)" }
    }

    var steps: Int
    var launches: Int
    var pending: [Pending]
    var delivered: [Firing]
    var deliveryLog: [Firing]
    var completions: [String]
    var badge: Int
    var alarms: [String]
    var alarmFirings: [String]
    var untakenPresses: Int
    var fired: [String]
    var handoffs: [String]
}

/// How one harness process ended.
enum HarnessExit: Equatable, CustomStringConvertible {
    case finished(HarnessOutcome)
    case killed(message: String)
    case failed(status: Int32, signal: Bool, stderr: String)

    var description: String {
        switch self {
        case .finished: "finished"
        case .killed(let message): "killed (\(message))"
        case .failed(let status, let signal, let stderr):
            "failed with \(signal ? "signal" : "status") \(status): \(stderr.suffix(2_000))"
        }
    }
}

/// Runs the crash harness as a child process.
enum HarnessRun {
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The built `HeraldCrashHarness`: next to the test bundle (the build products
    /// directory), or in the package's `.build/debug`.
    static func executable() throws -> URL {
        let name = "HeraldCrashHarness"
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            var directory = executable.deletingLastPathComponent()
            // macOS: .../debug/HeraldPackageTests.xctest/Contents/MacOS/HeraldPackageTests
            while directory.pathComponents.count > 1,
                  directory.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) {
                directory.deleteLastPathComponent()
            }
            candidates.append(directory.appendingPathComponent(name))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent(name))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/\(name)"))
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "build the HeraldCrashHarness executable first (swift build --build-tests); looked in \(candidates.map(\.path))")
    }

    /// A fresh directory for one app install. Under /dev/shm when there is one: a
    /// killed process loses nothing the kernel already has, so the harness does not
    /// need the disk's fsyncs, only the file semantics.
    static func makeDirectory(_ name: String) throws -> URL {
        let shm = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        let base = FileManager.default.isWritableFile(atPath: shm.path) ? shm : FileManager.default.temporaryDirectory
        let directory = base.appendingPathComponent("herald-crash-\(UUID().uuidString)-\(name)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// One step of a traced run (`--trace`): its number, what it was, and the
    /// scenario event it was taken in (-1 while launching).
    struct TracedStep: Hashable {
        var number: Int
        var label: String
        var event: Int
    }

    /// What a traced run printed: every step, and each event it played, by index.
    struct Trace {
        var steps: [TracedStep]
        var events: [Int: String]
    }

    /// Runs one process of the harness on `directory`, killed before step `killAt` if
    /// it gets that far.
    /// `untilEvent`: stop before that scenario event (`--until-event`).
    static func launch(in directory: URL, killAt: Int? = nil, regions: Bool = false,
                       untilEvent: Int? = nil) async throws -> HarnessExit {
        let until = untilEvent.map { ["--until-event", String($0)] } ?? []
        return try await launch(in: directory, killAt: killAt, arguments: (regions ? ["--regions"] : []) + until).exit
    }

    /// Runs the harness uninterrupted with `--trace`: its result and every step.
    static func traced(in directory: URL, regions: Bool = false) async throws -> (exit: HarnessExit, steps: [TracedStep]) {
        let (exit, trace) = try await tracing(in: directory, regions: regions)
        return (exit, trace.steps)
    }

    /// Runs the harness uninterrupted with `--trace`: its result, every step and every
    /// event played.
    static func tracing(in directory: URL, regions: Bool = false) async throws -> (exit: HarnessExit, trace: Trace) {
        let (exit, stderr) = try await launch(in: directory, killAt: nil, arguments: ["--trace"] + (regions ? ["--regions"] : []))
        return (exit, trace(from: stderr))
    }

    /// The steps and events a process run with `--trace` printed to standard error.
    static func trace(from stderr: String) -> Trace {
        var trace = Trace(steps: [], events: [:])
        for line in stderr.split(separator: "\n") {
            // "step 12: store commit recordCompletion (event 7)", "event 7: complete h05"
            let isStep = line.hasPrefix("step ")
            guard isStep || line.hasPrefix("event "), let colon = line.firstIndex(of: ":"),
                  let number = Int(line[line.index(line.startIndex, offsetBy: isStep ? 5 : 6)..<colon]) else { continue }
            var label = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard isStep else {
                trace.events[number] = label
                continue
            }
            var event = -1
            if let range = label.range(of: " (event ", options: .backwards) {
                event = Int(label[range.upperBound...].dropLast()) ?? -1
                label = String(label[..<range.lowerBound])
            }
            trace.steps.append(TracedStep(number: number, label: label, event: event))
        }
        return trace
    }

    private static func launch(in directory: URL, killAt: Int?, arguments: [String]) async throws -> (exit: HarnessExit, stderr: String) {
        let (ended, stderr) = try await process(in: directory, killAt: killAt, arguments: arguments)
        switch ended {
        case .finished(let result): return (.finished(try JSONDecoder().decode(HarnessOutcome.self, from: result)), stderr)
        case .killed(let message): return (.killed(message: message), stderr)
        case .failed(let status, let signal, let errors): return (.failed(status: status, signal: signal, stderr: errors), stderr)
        }
    }

    /// How one harness process ended, its result not yet decoded.
    enum Ended {
        /// It exited normally; the result file's contents.
        case finished(Data)
        case killed(message: String)
        case failed(status: Int32, signal: Bool, stderr: String)
    }

    /// Runs one harness process with `--dir directory` (where its result and standard
    /// error go), killed before step `killAt` if it gets that far, and `arguments`.
    static func process(in directory: URL, killAt: Int?, arguments: [String]) async throws -> (ended: Ended, stderr: String) {
        let resultURL = directory.appendingPathComponent("result.json")
        let errorURL = directory.appendingPathComponent("stderr.txt")
        try? FileManager.default.removeItem(at: resultURL)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let errors = try FileHandle(forWritingTo: errorURL)
        defer { try? errors.close() }

        let process = Process()
        process.executableURL = try executable()
        process.arguments = ["--dir", directory.path, "--result", resultURL.path]
            + (killAt.map { ["--kill-at", String($0)] } ?? []) + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        let (ended, end) = AsyncStream<Void>.makeStream()
        process.terminationHandler = { _ in end.finish() }
        try process.run()
        for await _ in ended {}

        let stderr = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
        switch (process.terminationReason, process.terminationStatus) {
        case (.uncaughtSignal, SIGKILL):
            let line = stderr.split(separator: "\n").last { $0.hasPrefix("killed before step") }
            return (.killed(message: line.map(String.init) ?? "no message"), stderr)
        case (.exit, 0):
            return (.finished(try Data(contentsOf: resultURL)), stderr)
        case (let reason, let status):
            return (.failed(status: status, signal: reason == .uncaughtSignal, stderr: String(stderr.suffix(4_000))), stderr)
        }
    }
}
