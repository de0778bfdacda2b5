import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the app's steps (store commits, center calls, the app's own data writes) and
/// kills the process with SIGKILL right before the chosen one: no cleanup, no flush,
/// as the system does to an app.
///
/// ```swift
/// StepCounter.shared.killAt = 17
/// StepCounter.shared.step("center add habit/h01/...")  // the 17th: the process dies here
/// ```
final class StepCounter: Sendable {
    static let shared = StepCounter()

    private struct State {
        var count = 0
        var killAt: Int?
        var event = -1
        var beforeKill: (@Sendable () -> Void)?
        var traces = false
    }

    private let state = Mutex(State())

    /// The step before which the process kills itself, counted in this process from 1.
    var killAt: Int? {
        get { state.withLock { $0.killAt } }
        set { state.withLock { $0.killAt = newValue } }
    }

    /// The scenario event being played (for the message printed before a kill).
    var event: Int {
        get { state.withLock { $0.event } }
        set { state.withLock { $0.event = newValue } }
    }

    /// Runs right before the kill: the simulated system, which outlives the app, writes
    /// its state (see ``SimulatedSystem``). Nothing of the app's is flushed.
    var beforeKill: (@Sendable () -> Void)? {
        get { state.withLock { $0.beforeKill } }
        set { state.withLock { $0.beforeKill = newValue } }
    }

    /// Whether every step is printed to standard error (`--trace`), to find the step
    /// number of a moment worth killing at.
    var traces: Bool {
        get { state.withLock { $0.traces } }
        set { state.withLock { $0.traces = newValue } }
    }

    /// How many steps this process has taken.
    var count: Int { state.withLock { $0.count } }

    /// Counts one step, and dies first when it is the chosen one.
    func step(_ label: @autoclosure () -> String) {
        let (number, dies, event, traces) = state.withLock { state -> (Int, Bool, Int, Bool) in
            state.count += 1
            return (state.count, state.count == state.killAt, state.event, state.traces)
        }
        if traces { FileHandle.standardError.write(Data("step \(number): \(label()) (event \(event))\n".utf8)) }
        guard dies else { return }
        // One line for the test's failure message; stderr is unbuffered.
        FileHandle.standardError.write(Data("killed before step \(number): \(label()) (event \(event))\n".utf8))
        beforeKill?()
        kill(getpid(), SIGKILL)
    }
}
