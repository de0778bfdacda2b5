import Foundation
import Herald

extension Coordinate {
    /// The point a `fraction` (0...1) of the way to `other` along the great circle
    /// through both (the shortest way, as `Coordinate.distance(to:)` measures
    /// it), so a leg across the antimeridian stays near longitude ±180 instead of
    /// crossing the whole map:
    ///
    /// ```swift
    /// let west = Coordinate(latitude: 0, longitude: 179.999), east = Coordinate(latitude: 0, longitude: -179.999)
    /// west.interpolated(to: east, fraction: 0.5)   // 0, 180 (not 0, 0)
    /// ```
    ///
    /// Between two antipodes every great circle is as short: the walk heads east
    /// (from a pole, along the meridian of longitude 0).
    public func interpolated(to other: Coordinate, fraction: Double) -> Coordinate {
        if fraction <= 0 { return self }
        if fraction >= 1 { return other }
        let a = Vector(self), b = Vector(other)
        let cosine = a.dot(b)
        // The part of `b` square to `a`: with `a`, it spans the great circle.
        let across = b.minus(a.scaled(by: cosine))
        let sine = across.length
        guard sine > 1e-12 || cosine > 0 else {
            // Antipodes: east (from a pole, towards longitude 0).
            let heading = abs(latitude) < 90 ? a.eastward : Vector(x: 1, y: 0, z: 0)
            return a.scaled(by: cos(.pi * fraction)).plus(heading.scaled(by: sin(.pi * fraction))).coordinate
        }
        guard sine > 1e-15 else { return self }
        let angle = atan2(sine, cosine) * fraction
        return a.scaled(by: cos(angle)).plus(across.scaled(by: sin(angle) / sine)).coordinate
    }

    /// A point as a unit vector from the Earth's centre (x towards 0°, 0°; z north).
    private struct Vector {
        var x, y, z: Double

        init(x: Double, y: Double, z: Double) {
            self.x = x
            self.y = y
            self.z = z
        }

        init(_ point: Coordinate) {
            let φ = point.latitude * .pi / 180, λ = point.longitude * .pi / 180
            self.init(x: cos(φ) * cos(λ), y: cos(φ) * sin(λ), z: sin(φ))
        }

        /// The unit vector pointing east at this point (not at a pole).
        var eastward: Vector {
            let length = (x * x + y * y).squareRoot()
            return Vector(x: -y / length, y: x / length, z: 0)
        }

        var length: Double { (x * x + y * y + z * z).squareRoot() }
        func dot(_ other: Vector) -> Double { x * other.x + y * other.y + z * other.z }
        func scaled(by factor: Double) -> Vector { Vector(x: x * factor, y: y * factor, z: z * factor) }
        func plus(_ other: Vector) -> Vector { Vector(x: x + other.x, y: y + other.y, z: z + other.z) }
        func minus(_ other: Vector) -> Vector { Vector(x: x - other.x, y: y - other.y, z: z - other.z) }

        /// Back to degrees, clamped into range against rounding.
        var coordinate: Coordinate {
            let latitude = atan2(z, (x * x + y * y).squareRoot()) * 180 / .pi
            let longitude = atan2(y, x) * 180 / .pi
            return Coordinate(latitude: min(90, max(-90, latitude)), longitude: min(180, max(-180, longitude)))
        }
    }
}
