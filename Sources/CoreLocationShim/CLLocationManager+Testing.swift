#if !canImport(CoreLocation)
import Foundation

/// What tests do that only the system does on Apple platforms: forget the monitored
/// regions, change the authorization, and cross a region's boundary.
extension CLLocationManager {
    /// A fresh install: no region monitored, authorization as given.
    @_spi(Testing)
    public static func resetForTesting(status: CLAuthorizationStatus = .authorizedAlways) {
        shared.withLock { $0 = ([:], status) }
    }

    /// The device crosses the boundary of a monitored region: the system knows which
    /// side it is on (``requestState(for:)``) and this manager's delegate hears of it, if
    /// it has one (nothing happens for a region that is not monitored).
    @_spi(Testing)
    public func crossForTesting(_ identifier: String, entering: Bool) {
        guard let stored = Self.shared.withLock({ shared -> MonitoredRegion? in
            shared.regions[identifier]?.inside = entering
            return shared.regions[identifier]
        }) else { return }
        let region = stored.region
        if entering {
            if region.notifyOnEntry { delegate?.locationManager(self, didEnterRegion: region) }
        } else if region.notifyOnExit {
            delegate?.locationManager(self, didExitRegion: region)
        }
    }
}
#endif
