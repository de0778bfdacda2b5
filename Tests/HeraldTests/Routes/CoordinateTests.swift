import Foundation
import Testing
@testable import Herald

/// Great-circle distances against values derived by hand: on a sphere of radius R the
/// distance is R times the central angle, and these pairs have angles known exactly.
@Suite struct CoordinateTests {
    let radius = Coordinate.earthRadius

    @Test func alongAMeridianTheAngleIsTheLatitudeDifference() {
        let a = Coordinate(latitude: 10, longitude: 30), b = Coordinate(latitude: 11, longitude: 30)
        // 1° = π/180 rad: 111 195.08 m on the mean radius.
        #expect(abs(a.distance(to: b) - radius * .pi / 180) < 1e-6)
        #expect(abs(radius * .pi / 180 - 111_195.08) < 0.01)
    }

    @Test func alongTheEquatorTheAngleIsTheLongitudeDifference() {
        let a = Coordinate(latitude: 0, longitude: -0.001), b = Coordinate(latitude: 0, longitude: 0.002)
        #expect(abs(a.distance(to: b) - radius * 0.003 * .pi / 180) < 1e-6)
    }

    @Test func quarterAndHalfWayRoundTheGlobe() {
        let origin = Coordinate(latitude: 0, longitude: 0)
        #expect(abs(origin.distance(to: Coordinate(latitude: 0, longitude: 90)) - radius * .pi / 2) < 1e-6)
        #expect(abs(origin.distance(to: Coordinate(latitude: 90, longitude: 0)) - radius * .pi / 2) < 1e-6)
        // Antipodes: πR, where a careless formula (acos of a rounded cosine) goes wrong.
        #expect(abs(Coordinate(latitude: 20, longitude: 10).distance(to: Coordinate(latitude: -20, longitude: -170))
                    - radius * .pi) < 1e-6)
    }

    @Test func anObliqueArcFromTheSphericalLawOfCosines() {
        // cos c = cos 45° · cos 45° = 1/2 (one point on the equator, the other 45° up
        // and 45° along): c = 60°.
        let a = Coordinate(latitude: 0, longitude: 0), b = Coordinate(latitude: 45, longitude: 45)
        #expect(abs(a.distance(to: b) - radius * .pi / 3) < 1e-6)
        #expect(abs(a.distance(to: b) - b.distance(to: a)) < 1e-9)
    }

    @Test func aPointIsNoDistanceFromItself() {
        let here = Coordinate(latitude: 52.52, longitude: 13.405)
        #expect(here.distance(to: here) == 0)
    }

    @Test func outOfRangeCoordinatesAreNotValid() {
        #expect(!Coordinate(latitude: 91, longitude: 0).isValid)
        #expect(!Coordinate(latitude: 0, longitude: -180.5).isValid)
        #expect(!Coordinate(latitude: .nan, longitude: 0).isValid)
        #expect(Coordinate(latitude: -90, longitude: 180).isValid)
    }
}
