import Foundation
import Herald

/// The checks every `NotificationCenter` implementation must pass: one for each point
/// of the contract written on the protocol.
///
/// Give it a factory that makes a fresh center (a freshly installed app: nothing
/// pending, not yet asked for permission) and, when the implementation can, a way to
/// move time so that requests fire. Checks that need time are skipped without one.
///
/// ```swift
/// @Test func conformsToTheContract() async throws {
///     let conformance = NotificationCenterConformance {
///         let center = SimulatedNotificationCenter(clock: VirtualClock(now: start, timeZone: berlin))
///         return .init(center: center, advance: { await center.advance(by: $0) })
///     }
///     let report = try await conformance.runAll()
///     #expect(report.skipped.isEmpty)
/// }
/// ```
public struct NotificationCenterConformance: Sendable {
    /// A fresh center under test and the means to move its time.
    public struct Subject: Sendable {
        public var center: any Herald.NotificationCenter
        /// Moves time forward by some seconds, delivering what falls due (a simulated
        /// center advances its clock; a real one may sleep). `nil` skips the checks
        /// that need deliveries.
        public var advance: (@Sendable (TimeInterval) async -> Void)?

        public init(center: any Herald.NotificationCenter, advance: (@Sendable (TimeInterval) async -> Void)? = nil) {
            self.center = center
            self.advance = advance
        }
    }

    private let makeSubject: @Sendable () async throws -> Subject

    /// - Parameter makeSubject: Makes a fresh center for each check.
    public init(makeSubject: @escaping @Sendable () async throws -> Subject) {
        self.makeSubject = makeSubject
    }

    /// Runs every check (except `skipping`) in ``ConformanceCheck`` order, each on a
    /// fresh center.
    ///
    /// - Returns: which checks passed and which were skipped, and why.
    /// - Throws: ``ConformanceFailure`` for the first check that fails.
    public func runAll(skipping: Set<ConformanceCheck> = []) async throws -> ConformanceReport {
        try await ConformanceRunner.runAll(skipping: skipping) { try await run($0) }
    }

    /// Runs one check on a fresh center.
    ///
    /// - Returns: `nil` when it passed, or the reason it was skipped.
    /// - Throws: ``ConformanceFailure`` when it failed.
    public func run(_ check: ConformanceCheck) async throws -> String? {
        try await ConformanceRunner.run(
            check, of: "center", making: makeSubject,
            missing: { check.needsTime && $0.advance == nil ? "needs a way to move time (Subject.advance is nil)" : nil },
            perform: { try await perform(check, on: $0) })
    }

    private func perform(_ check: ConformanceCheck, on subject: Subject) async throws {
        let probe = ConformanceProbe(check: check, center: subject.center, advance: subject.advance)
        switch check {
        case .addReplaces: try await probe.addReplaces()
        case .addValidatesTriggers: try await probe.addValidatesTriggers()
        case .pendingListsEachRequestOnce: try await probe.pendingListsEachRequestOnce()
        case .passedDateIsNotPending: try await probe.passedDateIsNotPending()
        case .removalIsByIdentifier: try await probe.removalIsByIdentifier()
        case .removeAllPendingEmptiesTheList: try await probe.removeAllPendingEmptiesTheList()
        case .badgeAcceptsAbsoluteCounts: try await probe.badgeAcceptsAbsoluteCounts()
        case .categoriesAreReplacedAsAWhole: try await probe.categoriesAreReplacedAsAWhole()
        case .authorizationStartsNotDetermined: try await probe.authorizationStartsNotDetermined()
        case .requestAuthorizationFixesTheStatus: try await probe.requestAuthorizationFixesTheStatus()
        case .capacityIsEnforced: try await probe.capacityIsEnforced()
        case .repeatingRequestCountsOnce: try await probe.repeatingRequestCountsOnce()
        case .firedOneShotLeavesPending: try await probe.firedOneShotLeavesPending()
        case .repeatingRequestStaysPending: try await probe.repeatingRequestStaysPending()
        case .deliveredIsOldestFirst: try await probe.deliveredIsOldestFirst()
        case .pendingAndDeliveredAreIndependent: try await probe.pendingAndDeliveredAreIndependent()
        }
    }
}
