import Foundation
import Synchronization
import Testing

/// The seeds a property test runs: a fixed list by default, so two runs of `swift test`
/// on one commit give the same results, and fresh random seeds when asked.
///
/// Each seed feeds a ``SeededGenerator`` from which the test draws its whole input, so a
/// seed names a case completely. The fixed list is derived from the test's file and name;
/// `regressions` are seeds that once failed and stay in the list for good. Every issue
/// recorded while a seed runs names that seed.
///
/// ```swift
/// @Test func plansNeverExceedTheCapacity() async {
///     await PropertySeeds.check(count: 300, regressions: [13_270_218_518_246_484_898]) { seed in
///         var random = SeededGenerator(seed: seed)
///         let input = makeInput(using: &random)
///         #expect(Planner().plan(input).pendingCount <= 64)
///     }
/// }
/// ```
///
/// By default a test runs its regressions and the first tenth of its list (at least
/// ``quickSeeds``, never more than `count`), so a newcomer's `swift test` stays quick;
/// the thorough run (``ThoroughRun``, `HERALD_THOROUGH=1`, as `.ci/run` sets it) runs
/// all `count`.
///
/// To explore, set `HERALD_FRESH_SEEDS` to a number: each property test then runs its
/// regressions and that many fresh random seeds instead of the fixed list, and a
/// failing seed is reported as an issue and on standard error, to be added to
/// `regressions`:
///
/// ```sh
/// HERALD_FRESH_SEEDS=20000 swift test -c release -Xswiftc -enable-testing --filter Property
/// ```
public enum PropertySeeds {
    /// The environment variable that asks for fresh random seeds, and how many.
    public static let freshSeedsVariable = "HERALD_FRESH_SEEDS"

    /// The fewest listed seeds a test runs by default (fewer when its `count` is smaller).
    public static let quickSeeds = 5

    /// After this many failing seeds a run stops trying more.
    public static let failingSeedsReported = 10

    /// How many of a list of `count` seeds this run plays (all of them in the thorough
    /// run): a test that counts how often its cases reach a path scales its minimum by it.
    ///
    /// ```swift
    /// #expect(replayed >= PropertySeeds.listed(300) / 2)
    /// ```
    public static func listed(_ count: Int) -> Int {
        SeedList.listed(count, environment: ProcessInfo.processInfo.environment)
    }

    /// Runs `body` once for each seed of the test's list (see ``PropertySeeds``).
    ///
    /// - Parameters:
    ///   - count: How many seeds of the fixed list the thorough run runs (a tenth of
    ///     them, at least ``quickSeeds``, by default).
    ///   - regressions: Seeds that once failed; they run first, in every mode.
    ///   - body: The property, given one seed.
    public static func check(
        count: Int,
        regressions: [UInt64] = [],
        isolation: isolated (any Actor)? = #isolation,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (UInt64) async throws -> Void
    ) async {
        let seeds: SeedList
        do {
            seeds = try SeedList(count: count, regressions: regressions, test: Test.current?.name ?? "",
                                 file: sourceLocation.fileID, environment: ProcessInfo.processInfo.environment)
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return
        }
        var failing: [UInt64] = []
        for seed in seeds.seeds {
            guard !Task.isCancelled else { return }
            if await failures(of: body, seed: seed, isolation: isolation) > 0 {
                failing.append(seed)
                if failing.count >= failingSeedsReported { break }
            }
        }
        guard seeds.isFresh, !failing.isEmpty else { return }
        let list = failing.map { "\($0)" }.joined(separator: ", ")
        let message = "\(Test.current?.name ?? "a property test") failed for fresh seeds [\(list)]: add them to its regressions."
        FileHandle.standardError.write(Data((message + "\n").utf8))
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    /// Runs `body` for `seed`, adding the seed to every issue it records, and counts them.
    private static func failures(
        of body: (UInt64) async throws -> Void, seed: UInt64, isolation: isolated (any Actor)?
    ) async -> Int {
        let count = Mutex(0)
        let label = Comment(rawValue: "property seed \(seed)")
        let handler = IssueHandlingTrait.compactMapIssues { issue in
            var issue = issue
            issue.comments.append(label)
            count.withLock { $0 += 1 }
            return issue
        }
        guard let test = Test.current else {
            preconditionFailure("PropertySeeds.check must be called from within a test.")
        }
        await withoutActuallyEscaping(body) { body in
            // The scope runs the body at once and on this task; it only crosses an
            // isolation boundary in its signature.
            nonisolated(unsafe) let body = body
            try? await handler.provideScope(for: test, testCase: Test.Case.current) {
                do {
                    try await run(body, seed: seed, in: isolation)
                } catch {
                    Issue.record(error)
                }
            }
        }
        return count.withLock { $0 }
    }

    private static func run(
        _ body: (UInt64) async throws -> Void, seed: UInt64, in isolation: isolated (any Actor)?
    ) async throws {
        try await body(seed)
    }
}

/// The seeds one property test runs in one mode.
struct SeedList {
    /// Seeds that once failed, then the fixed list or fresh random seeds.
    let seeds: [UInt64]
    /// Whether the seeds after the regressions were drawn at random for this run.
    let isFresh: Bool

    struct InvalidFreshCount: Error, CustomStringConvertible {
        let text: String
        var description: String {
            "\(PropertySeeds.freshSeedsVariable)=\(text) is not a number of seeds: give a whole number from 1 on, or unset it for the fixed list."
        }
    }

    init(count: Int, regressions: [UInt64], test: String, file: String, environment: [String: String]) throws {
        if let text = environment[PropertySeeds.freshSeedsVariable], !text.isEmpty {
            guard let fresh = Int(text), fresh > 0 else { throw InvalidFreshCount(text: text) }
            var system = SystemRandomNumberGenerator()
            seeds = regressions + (0..<fresh).map { _ in system.next() }
            isFresh = true
        } else {
            let listed = Self.listed(count, environment: environment)
            var generator = SeededGenerator(seed: Self.stableHash("\(file)/\(test)"))
            seeds = regressions + (0..<listed).map { _ in generator.next() }
            isFresh = false
        }
    }

    /// How many of `count` listed seeds run: all in the thorough run, else a tenth (at
    /// least ``PropertySeeds/quickSeeds``, at most `count`).
    static func listed(_ count: Int, environment: [String: String]) -> Int {
        ThoroughRun.isOn(in: environment) ? count : min(count, max(PropertySeeds.quickSeeds, count / 10))
    }

    /// FNV-1a: the same text gives the same number on every machine and run (unlike
    /// `Hasher`, which is seeded per process).
    static func stableHash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }
}
