import Foundation
import HeraldTestSupport
import HeraldScenario
import Testing

/// Seeded mutations of the bundled examples: every mutant either parses and plays (or
/// stops at an event that cannot happen) or is refused with a located error; nothing
/// traps, and nothing takes long. A failure names the example, the seed and the mutant.
struct ScenarioMutationFuzzTests {
    /// 120 in the thorough run (``ThoroughRun``), 12 by default.
    static let mutantsPerExample = ThoroughRun.isOn ? 120 : 12
    /// A guard against a mutant that never ends, not a measure of speed: the whole test
    /// suite runs in parallel on two cores, and a mutant's task can wait minutes behind
    /// property tests that hold both of Swift concurrency's threads. Cost is bounded
    /// tightly, in processor time, by the schedule and parser cost tests and by the
    /// benchmarks; a run that does not end still exceeds this.
    static let timeLimit: Duration = .seconds(600)

    @Test(arguments: ScenarioFixtures.allExampleNames + ["travel-and-clock.yaml", "travel-choice.yaml"])
    func mutantsAreRefusedWhereTheyAreWrongOrPlay(example: String) async throws {
        let original = try String(contentsOf: ScenarioFixtures.examples.appendingPathComponent(example), encoding: .utf8)
        let seed = UInt64(example.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) })
        var random = SeededGenerator(seed: seed)
        for index in 0..<Self.mutantsPerExample {
            let (mutant, mutation) = Self.mutate(original, using: &random)
            let context = "\(example), seed \(seed), mutant \(index) (\(mutation))"
            let clock = ContinuousClock()
            let began = clock.now
            do {
                let scenario = try Scenario(yaml: mutant, file: example)
                // A short run: the limits on a file's days are tested on their own.
                _ = try await ScenarioRunner(scenario: scenario, days: min(scenario.days, 2)).run()
            } catch let error as ScenarioError where error.line == 0 {
                // About the whole file (it is empty): named by the file alone.
                #expect(error.description.hasPrefix("\(example): the file is empty"), "\(context): \(error)")
            } catch let error as ScenarioError {
                #expect(error.line >= 1 && error.column >= 1, "\(context): \(error)")
                #expect(error.description.hasPrefix("\(example):\(error.line):\(error.column): "), "\(context): \(error)")
            } catch {
                Issue.record("\(context): not a located scenario error: \(error)")
            }
            #expect(clock.now - began < Self.timeLimit, "\(context): took \(clock.now - began)")
        }
    }

    /// One seeded mutation of a file's text, and what it did.
    static func mutate(_ text: String, using random: inout SeededGenerator) -> (String, String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = Int.random(in: 0..<lines.count, using: &random)
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
            lines.remove(at: line)
            return (lines.joined(separator: "\n"), "deleted line \(line + 1)")
        case 1:
            lines.insert(lines[line], at: line)
            return (lines.joined(separator: "\n"), "duplicated line \(line + 1)")
        case 2:
            let extreme = ["0", "-1", "99999999999999999999", "366", "367", "2147483648", "1e309", "0.5"]
                .randomElement(using: &random)!
            guard let range = lines[line].range(of: "[0-9]+", options: .regularExpression) else {
                return (text, "no number on line \(line + 1)")
            }
            lines[line].replaceSubrange(range, with: extreme)
            return (lines.joined(separator: "\n"), "number on line \(line + 1) → \(extreme)")
        case 3:
            let junk = ["null", "~", "[]", "{}", "\"\"", "*a", "&a x", "-", ":", "\\u0000", "[[[", "'", "!!binary x"]
                .randomElement(using: &random)!
            guard let range = lines[line].range(of: "[A-Za-z_][A-Za-z_0-9-]*", options: .regularExpression) else {
                return (text, "no word on line \(line + 1)")
            }
            lines[line].replaceSubrange(range, with: junk)
            return (lines.joined(separator: "\n"), "word on line \(line + 1) → \(junk)")
        case 4:
            let cut = Int.random(in: 0...text.count, using: &random)
            return (String(text.prefix(cut)), "truncated at \(cut)")
        case 5:
            let other = Int.random(in: 0..<lines.count, using: &random)
            lines.swapAt(line, other)
            return (lines.joined(separator: "\n"), "swapped lines \(line + 1) and \(other + 1)")
        default:
            if lines[line].hasPrefix("  ") {
                lines[line].removeFirst(2)
                return (lines.joined(separator: "\n"), "dedented line \(line + 1)")
            }
            lines[line] = "  " + lines[line]
            return (lines.joined(separator: "\n"), "indented line \(line + 1)")
        }
    }
}
