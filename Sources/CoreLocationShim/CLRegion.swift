#if !canImport(CoreLocation)
import Foundation

/// Linux stand-in for `CLRegion`: compared by identifier (as `monitoredRegions` is on
/// Apple); Apple gives it no public initializer worth using.
open class CLRegion: NSObject {
    public let identifier: String
    open var notifyOnEntry = true
    open var notifyOnExit = true

    init(identifier: String) {
        self.identifier = identifier
        super.init()
    }

    open override func isEqual(_ object: Any?) -> Bool {
        (object as? CLRegion)?.identifier == identifier
    }

    open override var hash: Int { identifier.hashValue }
}

/// Linux stand-in for `CLCircularRegion`.
open class CLCircularRegion: CLRegion {
    public let center: CLLocationCoordinate2D
    public let radius: Double

    public init(center: CLLocationCoordinate2D, radius: Double, identifier: String) {
        self.center = center
        self.radius = radius
        super.init(identifier: identifier)
    }

    open func contains(_ coordinate: CLLocationCoordinate2D) -> Bool {
        CLLocation(latitude: center.latitude, longitude: center.longitude)
            .distance(from: CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude)) <= radius
    }
}
#endif
