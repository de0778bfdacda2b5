import Foundation
import Herald

/// An entry into or exit from a region the app monitors, as Core Location reports it to
/// the app's delegate (`locationManager(_:didEnterRegion:)` / `didExitRegion`): only for
/// monitored regions, and the platform's delay after the boundary was crossed.
///
/// ```swift
/// await center.setRegionHandler { event in
///     guard event.kind == .entry else { return }
///     try? await engine.positionChanged(event.region.center)
/// }
/// ```
public struct RegionEvent: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, Codable {
        case entry
        case exit
    }

    public var kind: Kind
    public var region: LocationRegion
    /// When the device was first seen on the other side of the boundary.
    public var crossedAt: Date
    /// When the app hears of it: ``crossedAt`` plus the center's region delay.
    public var date: Date

    public init(kind: Kind, region: LocationRegion, crossedAt: Date, date: Date) {
        self.kind = kind
        self.region = region
        self.crossedAt = crossedAt
        self.date = date
    }

    public var description: String { "\(kind.rawValue) \(region.identifier)" }
}

extension LocationRegion {
    /// The region's centre as a coordinate.
    public var center: Coordinate { Coordinate(latitude: latitude, longitude: longitude) }
}
