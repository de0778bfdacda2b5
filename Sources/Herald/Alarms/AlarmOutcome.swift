/// What a run did to the alarm service (``ReconcileReport/alarms``).
///
/// ```swift
/// let report = try await engine.completed(pills)
/// print(report.alarms.cancelled, report.alarms.scheduled)   // today's alarm gone, tomorrow's fixed one in
/// ```
package struct AlarmOutcome: Hashable, Sendable {
    /// Alarms scheduled (new or changed).
    public var scheduled = 0
    /// Alarms Herald had scheduled and no longer wants, cancelled.
    public var cancelled = 0
    /// Alarms the service already held as planned.
    public var unchanged = 0
    /// Alarms not scheduled this run: the service refused one (its limit, or no
    /// authorization), and the rest were not tried. The next run tries again.
    public var refused: [NotificationIdentifier] = []

    public init() {}

    /// Calls made to the service that changed it.
    public var touched: Int { scheduled + cancelled }
}
