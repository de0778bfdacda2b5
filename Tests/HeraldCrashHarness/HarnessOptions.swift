import Foundation

/// The command line: `HeraldCrashHarness --dir PATH [--kill-at N] [--result PATH]
/// [--write-system-every-change] [--trace] [--regions] [--until-event N]
/// [--household-seed S [--household-acts N] (--household-step I | --household-plan)]`.
///
/// - `--dir`: where the SQLite store, the simulated system and the app's data live;
///   a process given the same directory continues where the last one stopped.
/// - `--kill-at N`: the process sends itself SIGKILL right before its N-th step.
/// - `--result`: where to write the JSON result when the scenario is finished
///   (standard output by default).
/// - `--write-system-every-change`: write the simulated system's file after every
///   change instead of when the process is about to die (same results, slower).
/// - `--trace`: print every step (number, what, scenario event) and the start of every
///   scenario event (`event N: description`) to standard error.
/// - `--regions`: the app hears where the device is only through the regions it
///   monitors (the plan's waypoints), reported by the system 20 s after each crossing,
///   as Core Location does; a crossing the app dies before handling is reported again
///   when the system relaunches it (the process started next).
/// - `--until-event N`: stop before scenario event N (counted from 0) and write the
///   result of what was played; a process started next in the directory goes on from
///   there. Tests use it to copy an install standing just before a chosen event.
/// - `--household-seed S`: a household run (``HouseholdScenario``) of seed S instead of
///   the single-device scenario; `--dir` is the household's directory (one directory
///   per device, and the channel's folder).
/// - `--household-step I`: play step I of the household's timeline, one process of the
///   step's device (``HouseholdHarness``), and write that device's result.
/// - `--household-plan`: write the household's timeline (``HouseholdPlan``) and play nothing.
/// - `--household-acts N`: the user acts N times in the household's day (by default
///   the seed draws from 8 to 14): a shorter day for a quick run.
struct HarnessOptions: Sendable {
    var directory: URL
    var killAt: Int?
    var resultPath: String?
    var writesSystemEveryChange = false
    var traces = false
    var regions = false
    var untilEvent: Int?
    var householdSeed: UInt64?
    var householdStep: Int?
    var householdPlan = false
    var householdActs: Int?

    static let usage = "usage: HeraldCrashHarness --dir PATH [--kill-at N] [--result PATH] [--write-system-every-change] [--trace] [--regions] [--until-event N] [--household-seed S [--household-acts N] (--household-step I | --household-plan)]"

    init(arguments: [String]) throws {
        var directory: URL?
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            func value() throws -> String {
                guard let value = iterator.next() else { throw HarnessError("\(argument) needs a value; \(Self.usage)") }
                return value
            }
            switch argument {
            case "--dir": directory = URL(fileURLWithPath: try value(), isDirectory: true)
            case "--kill-at":
                let text = try value()
                guard let step = Int(text), step > 0 else {
                    throw HarnessError("--kill-at takes a step number from 1, got \(text)")
                }
                killAt = step
            case "--result": resultPath = try value()
            case "--write-system-every-change": writesSystemEveryChange = true
            case "--trace": traces = true
            case "--regions": regions = true
            case "--until-event":
                let text = try value()
                guard let event = Int(text), event >= 0 else {
                    throw HarnessError("--until-event takes an event index from 0, got \(text)")
                }
                untilEvent = event
            case "--household-seed":
                let text = try value()
                guard let seed = UInt64(text) else { throw HarnessError("--household-seed takes a UInt64, got \(text)") }
                householdSeed = seed
            case "--household-step":
                let text = try value()
                guard let step = Int(text), step >= 0 else {
                    throw HarnessError("--household-step takes a step index from 0, got \(text)")
                }
                householdStep = step
            case "--household-plan": householdPlan = true
            case "--household-acts":
                let text = try value()
                guard let acts = Int(text), acts >= 0 else { throw HarnessError("--household-acts takes a count, got \(text)") }
                householdActs = acts
            default: throw HarnessError("unknown argument \(argument); \(Self.usage)")
            }
        }
        guard let directory else { throw HarnessError("--dir is required; \(Self.usage)") }
        self.directory = directory
        guard (householdStep != nil || householdPlan) == (householdSeed != nil), householdStep == nil || !householdPlan else {
            throw HarnessError("--household-seed goes with one of --household-step and --household-plan; \(Self.usage)")
        }
    }
}
