/// Called with the report of each run, in run order (``Engine/observeReports(_:)``), on
/// the engine's executor: it leaves it only for what it awaits elsewhere, so an observer
/// that records a report synchronously costs the run no hop.
public typealias ReportObserver = nonisolated(nonsending) @Sendable (ReconcileReport) async -> Void

/// A subscription to the engine's reports; pass it to ``Engine/stopObserving(_:)``.
public struct ReportObservation: Hashable, Sendable {
    let id: Int
}

extension Engine {
    /// Calls `observer` with the report of every run from now on, whatever caused it
    /// (an app event, a response, a time change, a background refresh, a position). A
    /// position that needed no run is not reported: it changed neither the plan nor the
    /// places watched. Reports come in run order,
    /// each before the caller that asked for the run gets it and before the next run
    /// starts, so a timeline, the background-refresh scheduler and region monitoring
    /// see every run once without any call site carrying reports to them.
    ///
    /// An observer must not wait for a run of the same engine (the run waits for the
    /// observer): to act on the engine, start a task.
    ///
    /// ```swift
    /// await engine.observeReports { report in
    ///     if let plan = report.plan { monitor.apply(plan.regions) }
    /// }
    /// ```
    @discardableResult
    public func observeReports(_ observer: @escaping ReportObserver) -> ReportObservation {
        nextObservationID += 1
        let observation = ReportObservation(id: nextObservationID)
        reportObservers.append((observation, observer))
        return observation
    }

    /// Stops calling the observer `observation` subscribed.
    public func stopObserving(_ observation: ReportObservation) {
        reportObservers.removeAll { $0.observation == observation }
    }

    /// Hands `report` to every observer, in the order they subscribed.
    func publish(_ report: ReconcileReport) async {
        for (_, observer) in reportObservers { await observer(report) }
    }
}
