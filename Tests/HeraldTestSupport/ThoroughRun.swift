import Foundation
import Testing

/// Whether this is the thorough run, which `.ci/run` makes: `HERALD_THOROUGH=1`.
///
/// A newcomer's `swift test` stays quick: each property test runs a share of its
/// listed seeds (``PropertySeeds/check(count:regressions:isolation:sourceLocation:_:)``
/// says which), and the long fuzz and crash-harness runs are skipped with a message
/// naming the variable. With it set, every listed seed and every long run runs.
///
/// ```swift
/// @Test(ThoroughRun.only) func killsAtRandomStepsConvergeOnTheUninterruptedRun() async throws { ... }
/// ```
public enum ThoroughRun {
    /// The environment variable that asks for the thorough run.
    public static let variable = "HERALD_THOROUGH"

    /// Whether `HERALD_THOROUGH` is set to `1`.
    public static var isOn: Bool { isOn(in: ProcessInfo.processInfo.environment) }

    static func isOn(in environment: [String: String]) -> Bool { environment[variable] == "1" }

    /// The trait of a test that runs only in the thorough run.
    public static var only: ConditionTrait {
        .enabled(if: isOn, "a long run, skipped by default: \(variable)=1 runs it (as .ci/run does)")
    }
}
