import Foundation
import Herald

/// Turns the platform's time signals into ``Herald/Engine/timeChanged(_:)``, one by one,
/// in the order they arrive, so reminders are re-planned at midnight, after a time-zone
/// change and after the clock is set (seed 003), whatever else the app has switched on.
///
/// ```swift
/// let forwarder = TimeSignalForwarder(engine: engine)    // FoundationTimeSignals()
/// let signals = Task { await forwarder.run() }           // for the process's lifetime
/// ```
public struct TimeSignalForwarder: Sendable {
    /// The app's host: each signal goes through it to the engine.
    public let host: AppHost
    public let source: any TimeSignalSource

    public var engine: Engine { host.engine }

    public init(engine: Engine, source: any TimeSignalSource = FoundationTimeSignals()) {
        self.init(host: AppHost(engine: engine), source: source)
    }

    /// A forwarder through the app's host (which sees every run's report).
    public init(host: AppHost, source: any TimeSignalSource = FoundationTimeSignals()) {
        self.host = host
        self.source = source
    }

    /// Forwards every signal until the source ends or the task is cancelled.
    ///
    /// - Parameter onReport: called with each signal and the report of the run it asked
    ///   for (for logs and tests).
    public func run(onReport: (@Sendable (TimeChange, ReconcileReport) async -> Void)? = nil) async {
        for await change in source.timeChanges() {
            if Task.isCancelled { return }
            let report = await host.timeChanged(change)
            await onReport?(change, report)
        }
    }
}
