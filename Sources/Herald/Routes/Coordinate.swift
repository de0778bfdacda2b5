import Foundation

/// A point on the Earth, in degrees (WGS 84 latitude and longitude, like
/// `CLLocationCoordinate2D`), with the great-circle distance between two points.
///
/// ```swift
/// let gate = Coordinate(latitude: 52.5163, longitude: 13.3777)
/// let tower = Coordinate(latitude: 52.5208, longitude: 13.4094)
/// gate.distance(to: tower)   // ≈ 2_194 metres
/// ```
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The mean Earth radius (IUGG), in metres: the sphere distances are measured on.
    public static let earthRadius = 6_371_008.8

    /// Whether both angles are finite and in range (latitude −90…90, longitude −180…180).
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
    }

    /// The great-circle distance to `other` in metres, on a sphere of
    /// ``earthRadius`` (the haversine formula, exact for antipodes too). Within 0.5 %
    /// of the ellipsoidal distance Core Location measures.
    public func distance(to other: Coordinate) -> Double {
        let φ1 = latitude * .pi / 180, φ2 = other.latitude * .pi / 180
        let Δφ = φ2 - φ1
        let Δλ = (other.longitude - longitude) * .pi / 180
        let h = sin(Δφ / 2) * sin(Δφ / 2) + cos(φ1) * cos(φ2) * sin(Δλ / 2) * sin(Δλ / 2)
        return 2 * Self.earthRadius * asin(min(1, h.squareRoot()))
    }

    public var description: String { "\(latitude),\(longitude)" }
}
