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
    public func observeReports(_ observer: @escaping Engine.ReportObserver) -> Engine.ReportObservation {
        reportObservers.add(observer)
    }

    /// Stops calling the observer `observation` subscribed.
    public func stopObserving(_ observation: Engine.ReportObservation) {
        reportObservers.remove(observation)
    }
}
