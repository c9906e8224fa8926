import Geometry
import Motion
import XCTest

@testable import Keyframes

/// The factored projection of issue 13's measurement (ProjectionFactorBench): H = R·A exactly,
/// R moves each point along its ray from the origin, A is affine.
final class ProjectionFactorTests: XCTestCase {
    func flip(_ degrees: Double) -> PlaneProjection { .turnedPage(degrees) }

    func testFactorsReproduceTheProjectionAndMoveAlongRays() throws {
        for degrees in [-10.0, -45, -80] {
            let h = flip(degrees)
            for origin in [Point(0, 0), Point(0, 422), Point(195, 422)] {
                let f = try XCTUnwrap(h.factored(origin: origin))
                XCTAssertEqual(f.affine.h[2], 0); XCTAssertEqual(f.affine.h[5], 0); XCTAssertEqual(f.affine.h[8], 1)
                let r0 = f.residual.apply(origin)
                XCTAssertEqual(r0.x, 0, accuracy: 1e-9); XCTAssertEqual(r0.y, 0, accuracy: 1e-9)
                for p in [Point(390, 0), Point(390, 844), Point(100, 300), Point(0, 844)] {
                    let exact = h.apply(p), composed = f.affine.apply(f.residual.apply(p))
                    XCTAssertEqual(composed.x, exact.x, accuracy: 1e-9); XCTAssertEqual(composed.y, exact.y, accuracy: 1e-9)
                    // On the ray from the origin through p (and on its side of the origin).
                    let r: Point = f.residual.apply(p)
                    let u = Point(p.x - origin.x, p.y - origin.y)
                    let cross: Double = r.x * u.y - r.y * u.x, dot: Double = r.x * u.x + r.y * u.y
                    XCTAssertEqual(cross, 0, accuracy: 1e-9 * dot)
                    XCTAssertGreaterThan(dot, 0)
                }
            }
        }
    }

    func testLargestSingularValue() {
        XCTAssertEqual(PlaneProjection([3, 0, 0, 0, 2, 0, 5, 7, 1]).largestSingularValue, 3, accuracy: 1e-12)
        let c = cos(0.7), s = sin(0.7)
        XCTAssertEqual(PlaneProjection([2 * c, 2 * s, 0, -2 * s, 2 * c, 0, 0, 0, 1]).largestSingularValue, 2, accuracy: 1e-12)
        // A shear [[1, 1], [0, 1]]: the golden ratio.
        XCTAssertEqual(PlaneProjection([1, 0, 0, 1, 1, 0, 0, 0, 1]).largestSingularValue, (1 + 5.0.squareRoot()) / 2, accuracy: 1e-12)
    }
}

extension PlaneProjection {
    /// A page turned about its left edge under a 500 pt eye, placed off the perspective centre
    /// (the flips' and the cube's turn, for ProjectionFactorTests and ProjectedEllipseTests).
    static func turnedPage(_ degrees: Double) -> PlaneProjection {
        let m = Transform3D.translation(-195, -422).concatenating(.rotation(angle: degrees * .pi / 180, x: 0, y: 1, z: 0))
            .concatenating(.perspective(eyeDistance: 500)).concatenating(.translation(195, 422))
        return PlaneProjection(m)
    }
}
