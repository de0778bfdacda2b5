#if !canImport(CoreLocation)
import Foundation
import Synchronization

/// Linux stand-in for `CLLocationManagerDelegate`; every method optional on Apple,
/// so each has an empty default here.
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager)
    func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion)
    func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion)
    func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion)
    func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?, withError error: any Error)
}

extension CLLocationManagerDelegate {
    public func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {}
    public func locationManager(_ manager: CLLocationManager, didEnterRegion region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, didExitRegion region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, didDetermineState state: CLRegionState, for region: CLRegion) {}
    public func locationManager(_ manager: CLLocationManager, monitoringDidFailFor region: CLRegion?,
                                withError error: any Error) {}
}

/// Linux stand-in for `CLLocationManager`'s region monitoring. Like the platform, the
/// monitored regions are shared by every manager of the app (and survive relaunch), a
/// region with a monitored identifier replaces it, and above 20 regions monitoring
/// fails for the new one (reported to the delegate, not thrown).
open class CLLocationManager: NSObject {
    open weak var delegate: (any CLLocationManagerDelegate)?

    public override init() {
        super.init()
    }

    /// The regions every manager of the app shares, by identifier, and the status. Kept
    /// as values: like the platform, `monitoredRegions` hands out copies.
    static let shared = Mutex<(regions: [String: MonitoredRegion], status: CLAuthorizationStatus)>(([:], .notDetermined))

    /// A monitored region as the system keeps it.
    struct MonitoredRegion: Sendable {
        var identifier: String
        var latitude: Double
        var longitude: Double
        var radius: Double
        var notifyOnEntry: Bool
        var notifyOnExit: Bool
        /// Whether the device is inside, as the last crossing left it (`nil`: unknown).
        var inside: Bool?

        init(_ region: CLRegion) {
            identifier = region.identifier
            let circle = region as? CLCircularRegion
            latitude = circle?.center.latitude ?? 0
            longitude = circle?.center.longitude ?? 0
            radius = circle?.radius ?? 0
            notifyOnEntry = region.notifyOnEntry
            notifyOnExit = region.notifyOnExit
        }

        var region: CLCircularRegion {
            let region = CLCircularRegion(center: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
                                          radius: radius, identifier: identifier)
            region.notifyOnEntry = notifyOnEntry
            region.notifyOnExit = notifyOnExit
            return region
        }
    }
    /// The platform's limit of monitored regions per app.
    static let regionLimit = 20

    open var authorizationStatus: CLAuthorizationStatus { Self.shared.withLock { $0.status } }

    open func requestAlwaysAuthorization() {}

    open class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool { regionClass is CLCircularRegion.Type }

    open var maximumRegionMonitoringDistance: Double { 200_000 }

    open var monitoredRegions: Set<CLRegion> { Set(Self.shared.withLock { Array($0.regions.values) }.map(\.region)) }

    // Region monitoring exists on iOS, Mac Catalyst and macOS only: not declared under
    // `HERALD_SHIM_WATCHOS` or `HERALD_SHIM_VISIONOS`.
    #if !HERALD_SHIM_WATCHOS && !HERALD_SHIM_VISIONOS
    open func startMonitoring(for region: CLRegion) {
        let stored = MonitoredRegion(region)
        let accepted = Self.shared.withLock { shared -> Bool in
            guard shared.regions[stored.identifier] != nil || shared.regions.count < Self.regionLimit else { return false }
            shared.regions[stored.identifier] = stored
            return true
        }
        if !accepted {
            delegate?.locationManager(self, monitoringDidFailFor: region, withError: CLShimError.regionMonitoringLimit)
        }
    }

    open func stopMonitoring(for region: CLRegion) {
        let identifier = region.identifier
        Self.shared.withLock { _ = $0.regions.removeValue(forKey: identifier) }
    }
    #endif

    /// Answers through the delegate with the side of the boundary the last crossing
    /// left the device on (``crossForTesting(_:entering:)``), `.unknown` before any.
    open func requestState(for region: CLRegion) {
        let inside = Self.shared.withLock { $0.regions[region.identifier]?.inside }
        let state: CLRegionState = switch inside {
        case true?: .inside
        case false?: .outside
        case nil: .unknown
        }
        delegate?.locationManager(self, didDetermineState: state, for: region)
    }
}

/// Why the stand-in refused to monitor a region.
public enum CLShimError: Error, Sendable {
    /// Twenty regions are monitored already.
    case regionMonitoringLimit
}
#endif
