#if !canImport(CoreLocation)
import Foundation

/// Linux stand-in for `CLLocationCoordinate2D`: an imported C struct on Apple, so
/// neither `Equatable` nor declared `Sendable` here.
public struct CLLocationCoordinate2D {
    public var latitude: Double
    public var longitude: Double

    public init() {
        latitude = 0
        longitude = 0
    }

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Linux stand-in for `CLLocation`: a point and the distance to another one.
open class CLLocation: NSObject {
    public let coordinate: CLLocationCoordinate2D

    public init(latitude: Double, longitude: Double) {
        coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        super.init()
    }

    /// Metres on a sphere of the mean Earth radius (haversine); Core Location measures
    /// on the WGS 84 ellipsoid, within half a percent of this.
    open func distance(from location: CLLocation) -> Double {
        let radius = 6_371_008.8
        let φ1 = coordinate.latitude * .pi / 180, φ2 = location.coordinate.latitude * .pi / 180
        let Δφ = φ2 - φ1, Δλ = (location.coordinate.longitude - coordinate.longitude) * .pi / 180
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * radius * asin(min(1, h.squareRoot()))
    }
}

/// Linux stand-in for `CLAuthorizationStatus`.
public enum CLAuthorizationStatus: Int32, Sendable {
    case notDetermined = 0, restricted = 1, denied = 2, authorizedAlways = 3, authorizedWhenInUse = 4
}

/// Linux stand-in for `CLRegionState`.
public enum CLRegionState: Int, Sendable {
    case unknown = 0, inside = 1, outside = 2
}
#endif
