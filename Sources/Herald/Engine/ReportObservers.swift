extension Engine {
    /// Called with the report of each run, in run order (``Engine/observeReports(_:)``), on
    /// the engine's executor: it leaves it only for what it awaits elsewhere, so an observer
    /// that records a report synchronously costs the run no hop.
    public typealias ReportObserver = nonisolated(nonsending) @Sendable (ReconcileReport) async -> Void
}

extension Engine {
    /// A subscription to the engine's reports; pass it to ``Engine/stopObserving(_:)``.
    public struct ReportObservation: Hashable, Sendable {
        let id: Int
    }
}

/// Who hears of every run, in the order they subscribed.
///
/// ```swift
/// var observers = ReportObservers { report in history.record(report) }   // hears first, cannot be stopped
/// let observation = observers.add { report in print(report.outcome) }
/// await observers.publish(report)
/// observers.remove(observation)
/// ```
struct ReportObservers {
    private var observers: [(observation: Engine.ReportObservation, observer: Engine.ReportObserver)]
    private var lastID = 0

    /// Observers with `first`, which hears of every run before the others.
    init(first: @escaping Engine.ReportObserver) {
        observers = [(Engine.ReportObservation(id: 0), first)]
    }

    mutating func add(_ observer: @escaping Engine.ReportObserver) -> Engine.ReportObservation {
        lastID += 1
        let observation = Engine.ReportObservation(id: lastID)
        observers.append((observation, observer))
        return observation
    }

    mutating func remove(_ observation: Engine.ReportObservation) {
        observers.removeAll { $0.observation == observation }
    }

    /// Hands `report` to every observer, in the order they subscribed.
    nonisolated(nonsending) func publish(_ report: ReconcileReport) async {
        for (_, observer) in observers { await observer(report) }
    }
}
