import HeraldTestSupport
import PropertyBased
import Testing

/// Property tests whose input comes from a PropertyBased `Generator`, run for the seeds
/// of ``PropertySeeds`` and shrunk when they fail: a failure reports the smallest input
/// the shrinker found that still fails, next to the one first drawn.
///
/// Each seed of the test's list (its `regressions`, then a tenth of `count`, at least
/// five, by default and all of it under `HERALD_THOROUGH=1`, or `HERALD_FRESH_SEEDS`
/// fresh ones) becomes the generator's fixed seed, so two runs on one commit draw the
/// same inputs and a failing seed, added to `regressions`, draws its input again:
///
/// ```swift
/// @Test(.shrinking) func shrunkPlansKeepEveryPromise() async {
///     await ShrinkingSeeds.check(count: 300, input: Self.cases) { testCase in
///         checkPromises(of: testCase, context: "the drawn case")
///     }
/// }
/// ```
///
/// The failure names its seed ("property seed …") and reads
/// `Failure occured with input <shrunk>. (shrunk down from <drawn> after N iterations)`;
/// the input's `testDescription` is what that line shows.
enum ShrinkingSeeds {
    /// Runs `body` with the input `input` draws from each seed of the test's list,
    /// shrinking the input of a seed that fails.
    static func check<Drawn, Value>(
        count: Int,
        regressions: [UInt64] = [],
        input: Generator<Value, some Sequence<Drawn>>,
        isolation: isolated (any Actor)? = #isolation,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (Value) async throws -> Void
    ) async {
        await PropertySeeds.check(count: count, regressions: regressions, isolation: isolation,
                                  sourceLocation: sourceLocation) { seed in
            await run(input, seed: seed, isolation: isolation, sourceLocation: sourceLocation, body)
        }
    }

    /// One seed: PropertyBased's check under a fixed seed made from `seed`.
    ///
    /// PropertyBased draws from the system's random source unless the test carries its
    /// `.fixedSeed(...)` trait, which runs one input and notes every passing run as an
    /// issue (it is meant for reproducing a failure, not for committing). This applies
    /// the trait to one check at a time and drops that note, recognised by the
    /// trait's source location, which nothing else records at.
    private static func run<Drawn, Value>(
        _ input: Generator<Value, some Sequence<Drawn>>, seed: UInt64, isolation: isolated (any Actor)?,
        sourceLocation: SourceLocation, _ body: (Value) async throws -> Void
    ) async {
        guard let test = Test.current else {
            preconditionFailure("ShrinkingSeeds.check must be called from within a test.")
        }
        var random = SeededGenerator(seed: seed)
        let traitLocation = SourceLocation(fileID: "HeraldTests/ShrinkingSeeds.swift", filePath: #filePath,
                                           line: #line, column: #column)
        let fixedSeed = FixedSeedTrait.fixedSeed(random.next(), random.next(), random.next(), random.next(),
                                                 sourceLocation: traitLocation)
        let passingRunNote = IssueHandlingTrait.compactMapIssues { issue in
            issue.sourceLocation == traitLocation ? nil : issue
        }
        await withoutActuallyEscaping(body) { body in
            // The scopes run the body at once and on this task; it only crosses an
            // isolation boundary in their signatures.
            nonisolated(unsafe) let body = body
            try? await passingRunNote.provideScope(for: test, testCase: Test.Case.current) {
                await fixedSeed.provideScope(for: test, testCase: Test.Case.current) {
                    await propertyCheck(count: 1, input: input, perform: body, isolation: isolation,
                                        sourceLocation: sourceLocation)
                }
            }
        }
    }
}
