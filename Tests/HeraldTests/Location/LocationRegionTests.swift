import Foundation
import Testing
@testable import Herald

/// `LocationRegion.contains(_:)` against distances derived by hand: along a meridian a
/// latitude difference of d degrees is R·d·π/180 metres (111 195.08 m per degree on the
/// mean radius), so a region of 100 m at the equator holds 0.0008° (88.96 m) and not
/// 0.00095° (105.64 m).
@Suite struct LocationRegionTests {
    let gate = LocationRegion(identifier: "gate", latitude: 0, longitude: 0, radius: 100)

    @Test func aPositionWithinTheRadiusIsInside() {
        #expect(gate.contains(Coordinate(latitude: 0.0008, longitude: 0)))
        #expect(gate.contains(Coordinate(latitude: 0, longitude: 0)))
        #expect(gate.contains(Coordinate(latitude: 0, longitude: -0.0008)))
    }

    @Test func aPositionBeyondTheRadiusIsOutside() {
        #expect(!gate.contains(Coordinate(latitude: 0.00095, longitude: 0)))
        #expect(!gate.contains(Coordinate(latitude: 0, longitude: 0.00095)))
    }

    @Test func theEdgeIsInside() {
        // Exactly the radius away: 100 m is 100 / 111 195.08 of a degree along the meridian.
        let edge = Coordinate(latitude: 100 / (Coordinate.earthRadius * .pi / 180), longitude: 0)
        let region = LocationRegion(identifier: "edge", latitude: 0, longitude: 0,
                                    radius: Coordinate(latitude: 0, longitude: 0).distance(to: edge))
        #expect(region.contains(edge))
    }
}
