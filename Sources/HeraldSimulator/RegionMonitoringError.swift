/// The simulated system refused to monitor a region: the app already uses all of the
/// platform's regions (20, counting pending location-triggered requests, which the
/// simulator budgets together with monitored regions as Herald does, since iOS does
/// not say they are apart). Core Location reports this through
/// `locationManager(_:monitoringDidFailFor:withError:)`.
///
/// ```swift
/// do { try await center.startMonitoring(region) } catch let error as RegionMonitoringError {
///     logger.warning("\(error)")   // "cannot monitor region w21: 20 of 20 regions in use …"
/// }
/// ```
public struct RegionMonitoringError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The region that was not monitored.
    public let identifier: String
    /// What was wrong and what to do instead.
    public let message: String

    public init(identifier: String, message: String) {
        self.identifier = identifier
        self.message = message
    }

    public var description: String { message }
}
