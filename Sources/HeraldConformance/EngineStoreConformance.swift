import Foundation
import Herald

/// The checks every `EngineStore` implementation must pass: one or more for
/// each point of the contract written on the protocol, and a long random sequence
/// compared with `EngineState.apply(_:)`, which defines what each change means.
///
/// Give it a factory that makes a fresh, empty store for each check, and, when the
/// store can, a way to make its writes fail (a full disk) so that atomicity is checked.
///
/// ```swift
/// @Test func conformsToTheContract() throws {
///     let conformance = EngineStoreConformance { try SQLiteEngineStore.inMemory() }
///     let ran = try conformance.runAll()
///     #expect(ran.count == EngineStoreConformanceCheck.allCases.count - 1) // no failure injection
/// }
/// ```
public struct EngineStoreConformance: Sendable {
    /// A fresh store under test and the means to make its writes fail.
    public struct Subject: Sendable {
        public var store: any EngineStore
        /// Turns simulated write failure on (`true`) or off (`false`): while on, a commit
        /// that writes a few hundred changes must fail partway through, as on a full
        /// disk. `nil` skips ``EngineStoreConformanceCheck/failedCommitChangesNothing``.
        public var failWrites: (@Sendable (Bool) throws -> Void)?

        public init(store: any EngineStore, failWrites: (@Sendable (Bool) throws -> Void)? = nil) {
            self.store = store
            self.failWrites = failWrites
        }
    }

    /// The seed of ``EngineStoreConformanceCheck/matchesTheInMemoryModel``'s sequence.
    public var seed: UInt64
    /// How many random batches that check commits.
    public var randomBatchCount: Int
    private let makeSubject: @Sendable () throws -> Subject

    /// - Parameters:
    ///   - seed: the seed of the random batches' sequence.
    ///   - randomBatchCount: how many random batches the model check commits.
    ///   - makeSubject: Makes a fresh, empty store for each check.
    public init(
        seed: UInt64 = 0x4845_5241_4C44, randomBatchCount: Int = 400,
        makeSubject: @escaping @Sendable () throws -> Subject
    ) {
        self.seed = seed
        self.randomBatchCount = randomBatchCount
        self.makeSubject = makeSubject
    }

    /// - Parameters:
    ///   - seed: the seed of the random batches' sequence.
    ///   - randomBatchCount: how many random batches the model check commits.
    ///   - makeStore: Makes a fresh, empty store for each check; atomicity is
    ///     skipped, since the suite cannot make such a store fail.
    public init(
        seed: UInt64 = 0x4845_5241_4C44, randomBatchCount: Int = 400,
        makeStore: @escaping @Sendable () throws -> any EngineStore
    ) {
        self.init(seed: seed, randomBatchCount: randomBatchCount) { Subject(store: try makeStore()) }
    }

    /// Runs every check (except `skipping`) in ``EngineStoreConformanceCheck`` order,
    /// each on a fresh store.
    ///
    /// - Returns: The names of the checks that ran and passed; those skipped (by the
    ///   caller, or for want of failure injection) are not listed.
    /// - Throws: ``EngineStoreConformanceFailure`` for the first check that fails.
    public func runAll(skipping: Set<EngineStoreConformanceCheck> = []) throws -> [String] {
        var ran: [String] = []
        for check in EngineStoreConformanceCheck.allCases where !skipping.contains(check) {
            if try run(check) == nil { ran.append(check.rawValue) }
        }
        return ran
    }

    /// Runs one check on a fresh store.
    ///
    /// - Returns: `nil` when it passed, or the reason it was skipped.
    /// - Throws: ``EngineStoreConformanceFailure`` when it failed.
    public func run(_ check: EngineStoreConformanceCheck) throws -> String? {
        let subject: Subject
        do {
            subject = try makeSubject()
        } catch {
            throw EngineStoreConformanceFailure(check: check, message: "The factory could not make a store: \(error)")
        }
        if check.needsFailureInjection, subject.failWrites == nil {
            return "needs a way to make writes fail (Subject.failWrites is nil)"
        }
        let probe = EngineStoreProbe(check: check, subject: subject)
        do {
            switch check {
            case .freshStoreIsEmpty: try probe.freshStoreIsEmpty()
            case .readsItsWrites: try probe.readsItsWrites()
            case .valuesRoundTripExactly: try probe.valuesRoundTripExactly()
            case .changesApplyInOrder: try probe.changesApplyInOrder()
            case .batchesAreIdempotent: try probe.batchesAreIdempotent()
            case .matchesTheInMemoryModel: try probe.matchesTheInMemoryModel(seed: seed, batches: randomBatchCount)
            case .failedCommitChangesNothing: try probe.failedCommitChangesNothing()
            case .forgetDropsTheEntity: try probe.forgetDropsTheEntity()
            case .pruneDropsOldEntries: try probe.pruneDropsOldEntries()
            case .boundedLoadMatchesPrune: try probe.boundedLoadMatchesPrune()
            case .handledResponseIsNotQueuedAgain: try probe.handledResponseIsNotQueuedAgain()
            case .queuedResponsesKeepArrivalOrder: try probe.queuedResponsesKeepArrivalOrder()
            case .routeSessionKeepsFirstVisitsAndOneCompletion: try probe.routeSessionKeepsFirstVisitsAndOneCompletion()
            case .featureStateRoundTrips: try probe.featureStateRoundTrips()
            case .syncLogKeepsOrderAndLatestStamps: try probe.syncLogKeepsOrderAndLatestStamps()
            }
            return nil
        } catch let failure as EngineStoreConformanceFailure {
            throw failure
        } catch {
            throw EngineStoreConformanceFailure(check: check, message: "The store threw unexpectedly: \(error)")
        }
    }
}
