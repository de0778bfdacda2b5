import Foundation
import HeraldTestSupport
import Testing

/// An alarm's button press across a real kill: the app is killed before each step of
/// its handling of one "Taken" press on the pill's alarm (the last evening, Friday
/// 2026-04-03 at 20:02 in Berlin, summer time), relaunched, and must end as the
/// uninterrupted run: the press handed over to the app once, the pill completed once,
/// the alarm's occurrence in the fired log once. The system retries the press at the
/// next launch (it stays untaken until the app has handled it), as iOS retries an
/// alarm button's App Intent.
@Suite(.serialized, ThoroughRun.only)
struct AlarmPressCrashTests {
    /// The last evening's pill, at 20:00 CEST (18:00 UTC).
    static let occurrence = "herald:reminder:habit:h13:r1:20260403T2000"
    static let occurrenceInstant = "2026-04-03T18:00:00Z"
    /// Taken at 20:02 CEST.
    static let completion = "habit/h13|2026-04-03|2026-04-03T18:02:00Z"
    static let pressEvent = "press taken on h13's alarm"

    @Test func killedAtEachStepOfATakenPressTheAppHandlesItOnce() async throws {
        // Given the uninterrupted run, and the event of the last Taken press
        let directory = try HarnessRun.makeDirectory("alarm-reference")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (exit, trace) = try await HarnessRun.tracing(in: directory)
        guard case .finished(let reference) = exit else { throw CrashTestFailure(description: "reference: \(exit)") }
        let press = try #require(trace.events.filter { $0.value == Self.pressEvent }.map(\.key).max())
        Self.expectHandledOnce(reference, context: "uninterrupted")

        // And an install standing just before that press, and the steps its handling takes
        let before = try HarnessRun.makeDirectory("alarm-before")
        defer { try? FileManager.default.removeItem(at: before) }
        let stopped = try await HarnessRun.launch(in: before, untilEvent: press)
        guard case .finished(let partial) = stopped else { throw CrashTestFailure(description: "prefix: \(stopped)") }
        #expect(!partial.completions.contains(Self.completion), "the prefix should stop before the press")
        let continued = try Self.copy(before, as: "alarm-continued")
        defer { try? FileManager.default.removeItem(at: continued) }
        let (rest, restTrace) = try await HarnessRun.tracing(in: continued)
        guard case .finished(let resumed) = rest else { throw CrashTestFailure(description: "resumed: \(rest)") }
        Self.expectSame(resumed, as: reference, context: "resumed without a kill")
        let steps = restTrace.steps.filter { $0.event == press }.map(\.number)
        // the engine's commits and its calls on both services, at least
        #expect(steps.count >= 5, "the press took only \(steps.count) steps")

        // When the app is killed before each of them and relaunched to the end
        for step in steps {
            let context = "killed before step \(step) of the press"
            let install = try Self.copy(before, as: "alarm-kill-\(step)")
            defer { try? FileManager.default.removeItem(at: install) }
            let killed = try await HarnessRun.launch(in: install, killAt: step)
            guard case .killed = killed else {
                Issue.record("\(context): expected a death by SIGKILL, got \(killed)")
                continue
            }
            let last = try await HarnessRun.launch(in: install)
            guard case .finished(let outcome) = last else {
                Issue.record("\(context): the relaunch did not finish: \(last)")
                continue
            }
            // Then the press was handled once, and the run ends as the uninterrupted one
            Self.expectHandledOnce(outcome, context: context)
            Self.expectSame(outcome, as: reference, context: context)
        }
    }

    /// Worked out by hand for the 2026-04-03 press.
    static func expectHandledOnce(_ outcome: HarnessOutcome, context: String) {
        #expect(outcome.completions.filter { $0.hasPrefix("habit/h13|2026-04-03|") } == [completion],
                "\(context): the pill's completions that day: \(outcome.completions.filter { $0.hasPrefix("habit/h13|") })")
        // Taken at 20:02, then the stop at 20:03 (a dismissal), each handed over once
        let dismiss = "com.apple.UNNotificationDismissActionIdentifier"
        #expect(outcome.handoffs.filter { $0.hasPrefix(occurrence + "|") }
                    == ["\(occurrence)|taken|\(occurrenceInstant)", "\(occurrence)|\(dismiss)|\(occurrenceInstant)"],
                "\(context): the handoffs of that evening's pill")
        #expect(outcome.fired.filter { $0.hasPrefix(occurrence + "|") } == ["\(occurrence)|\(occurrenceInstant)"],
                "\(context): the fired log")
        #expect(outcome.alarmFirings.filter { $0.hasSuffix("@\(occurrenceInstant)") }.count == 1,
                "\(context): the alarm sounded \(outcome.alarmFirings.filter { $0.contains("2026-04-03") })")
        #expect(outcome.untakenPresses == 0, "\(context): presses left untaken")
    }

    static func expectSame(_ outcome: HarnessOutcome, as reference: HarnessOutcome, context: String) {
        #expect(CrashConvergenceTests.duplicates(in: outcome.deliveryLog).isEmpty, "\(context): delivered twice")
        for difference in CrashConvergenceTests.differences(outcome, from: reference) {
            Issue.record("\(context): \(difference)")
        }
    }

    static func copy(_ directory: URL, as name: String) throws -> URL {
        let copy = try HarnessRun.makeDirectory(name)
        try FileManager.default.removeItem(at: copy)
        try FileManager.default.copyItem(at: directory, to: copy)
        return copy
    }
}
