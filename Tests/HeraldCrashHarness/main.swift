import Foundation

// A process the crash tests kill at chosen steps; see `CrashHarness` and `HarnessOptions`.
do {
    let options = try HarnessOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    let result: any Encodable
    if let seed = options.householdSeed, let step = options.householdStep {
        result = try await HouseholdHarness(options: options, seed: seed, acts: options.householdActs).run(step: step)
    } else if let seed = options.householdSeed {
        result = HouseholdHarness(options: options, seed: seed, acts: options.householdActs).plan()
    } else {
        result = try await CrashHarness(options: options).run()
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    let json = try encoder.encode(result)
    if let path = options.resultPath {
        try json.write(to: URL(fileURLWithPath: path), options: .atomic)
    } else {
        FileHandle.standardOutput.write(json)
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("HeraldCrashHarness: \(error)\n".utf8))
    exit(1)
}
