import Foundation
import Testing

/// What one household step's process writes for its device (its `HouseholdResult`).
struct HouseholdOutcome: Codable, Equatable {
    var device: String
    var step: Int
    var facts: HarnessOutcome
    var paused: [String]
    var answered: [String]
    var snoozes: [String]
    var deferred: [String]
    var outbox: [String]
    var known: [String]
}

/// A household's timeline as the harness gives it (`--household-plan`, its `HouseholdPlan`).
struct HouseholdTimeline: Codable {
    struct Step: Codable {
        var device: String
        var date: String
        var description: String
    }

    var seed: UInt64
    var latency: Double
    var devices: [String]
    var steps: [Step]
}

/// Plays a household run (the harness's `HouseholdScenario`) as the user's devices live
/// it: one `HeraldCrashHarness` process per step of the timeline, in order, each on its
/// device's directory under one household directory, the channel's folder beside them.
/// A step whose process is killed is started again at once, as the system relaunches
/// the app, until one process finishes it; then the timeline goes on.
///
/// ```swift
/// let timeline = try await HouseholdRun.timeline(seed: 7, acts: 3)
/// let reference = try await HouseholdRun.play(timeline, acts: 3, traced: true)
/// let killed = try await HouseholdRun.play(timeline, acts: 3, kills: [12: [40]])   // step 12's first process dies before its 40th step
/// ```
enum HouseholdRun {
    /// What a played run ended with.
    struct Played {
        /// Each device's result after its last step, by device.
        var outcomes: [String: HouseholdOutcome] = [:]
        /// The kills that landed, with the timeline step and device.
        var kills: [String] = []
        /// The kill points that did not land: the process finished before them.
        var missed: [String] = []
        /// With `traced`, the app's steps in each timeline step (of its one process).
        var traces: [Int: [HarnessRun.TracedStep]] = [:]
        /// Why the run did not end, if it did not.
        var failure: String?
    }

    static func arguments(seed: UInt64, acts: Int?) -> [String] {
        ["--household-seed", String(seed)] + (acts.map { ["--household-acts", String($0)] } ?? [])
    }

    /// The timeline of `seed`'s household, `acts` acts of the user (the seed's count when `nil`).
    static func timeline(seed: UInt64, acts: Int? = nil) async throws -> HouseholdTimeline {
        let directory = try HarnessRun.makeDirectory("household-plan")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (ended, _) = try await HarnessRun.process(in: directory, killAt: nil,
                                                       arguments: arguments(seed: seed, acts: acts) + ["--household-plan"])
        guard case .finished(let data) = ended else { throw CrashTestFailure(description: "the plan: \(ended)") }
        return try JSONDecoder().decode(HouseholdTimeline.self, from: data)
    }

    /// Plays the whole timeline in a fresh household directory. `kills`: for a timeline
    /// step, the kill points of its processes in turn: the first is killed before step
    /// `kills[i][0]` of its own, if it gets that far, the next (if any) before
    /// `kills[i][1]`, and so on; the last runs to the end.
    static func play(_ timeline: HouseholdTimeline, acts: Int?, kills: [Int: [Int]] = [:],
                     traced: Bool = false) async throws -> Played {
        let directory = try HarnessRun.makeDirectory("household-\(timeline.seed)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var played = Played()
        for (index, step) in timeline.steps.enumerated() {
            var points = kills[index] ?? []
            while true {
                let killAt = points.isEmpty ? nil : points.removeFirst()
                let arguments = arguments(seed: timeline.seed, acts: acts) + ["--household-step", String(index)]
                    + (traced ? ["--trace"] : [])
                let (ended, stderr) = try await HarnessRun.process(in: directory, killAt: killAt, arguments: arguments)
                let context = "step \(index) (\(step.description))"
                switch ended {
                case .finished(let data):
                    let outcome = try JSONDecoder().decode(HouseholdOutcome.self, from: data)
                    played.outcomes[outcome.device] = outcome
                    if traced { played.traces[index] = HarnessRun.trace(from: stderr).steps }
                    if let killAt { played.missed.append("\(context): finished before step \(killAt)") }
                    played.missed += points.map { "\(context): never reached its kill at \($0)" }
                case .killed(let message):
                    played.kills.append("\(context): \(message)")
                    continue
                case .failed:
                    played.failure = "\(context): \(ended)"
                    return played
                }
                break
            }
        }
        return played
    }
}

extension HarnessRun.Ended: CustomStringConvertible {
    var description: String {
        switch self {
        case .finished: "finished"
        case .killed(let message): "killed (\(message))"
        case .failed(let status, let signal, let stderr):
            "failed with \(signal ? "signal" : "status") \(status): \(stderr.suffix(2_000))"
        }
    }
}
