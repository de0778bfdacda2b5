/// The loop every conformance suite runs: each check in order, each on a fresh subject
/// from the caller's factory, a check that cannot run skipped with why, and the first
/// failure thrown as ``ConformanceSuiteFailure``.
///
/// ```swift
/// public func run(_ check: AlarmCenterConformanceCheck) async throws -> String? {
///     try await ConformanceRunner.run(check, of: "center", making: makeSubject,
///                                     missing: { await Self.missing(for: check, in: $0) },
///                                     perform: { try await perform(check, on: $0) })
/// }
/// ```
enum ConformanceRunner {
    /// Runs every check but `skipping`, in `Check.allCases` order, with `run` (which
    /// answers `nil` when the check passed, or why it was skipped).
    static func runAll<Check: CaseIterable & Hashable & Sendable>(
        skipping: Set<Check>, _ run: (Check) async throws -> String?
    ) async throws -> ConformanceSuiteReport<Check> {
        var report = ConformanceSuiteReport<Check>()
        for check in Check.allCases {
            if skipping.contains(check) {
                report.skipped.append(.init(check: check, reason: "skipped by the caller"))
                continue
            }
            switch try await run(check) {
            case nil: report.passed.append(check)
            case let reason?: report.skipped.append(.init(check: check, reason: reason))
            }
        }
        return report
    }

    /// Runs `check` on a fresh subject (a `subjectName`: "center", "store").
    ///
    /// - Returns: `nil` when it passed, or why it was skipped: `missing`'s answer for
    ///   the subject, or the reason a ``CheckSkipped`` it threw gives.
    /// - Throws: ``ConformanceSuiteFailure`` when it failed, the factory failed, or the
    ///   subject threw anything else.
    static func run<Check: Hashable & Sendable, Subject>(
        _ check: Check, of subjectName: String, making makeSubject: () async throws -> Subject,
        missing: (Subject) async -> String? = { _ in nil }, perform: (Subject) async throws -> Void
    ) async throws -> String? {
        let subject: Subject
        do {
            subject = try await makeSubject()
        } catch {
            throw ConformanceSuiteFailure(check: check, message: "The factory could not make a \(subjectName): \(error)")
        }
        if let reason = await missing(subject) { return reason }
        do {
            try await perform(subject)
            return nil
        } catch let skip as CheckSkipped {
            return skip.reason
        } catch let failure as ConformanceSuiteFailure<Check> {
            throw failure
        } catch {
            throw ConformanceSuiteFailure(check: check, message: "The \(subjectName) threw unexpectedly: \(error)")
        }
    }
}

/// Thrown by a check that cannot run on this subject (delivery is not authorized, the
/// user refused alarms, say).
struct CheckSkipped: Error {
    var reason: String
}
