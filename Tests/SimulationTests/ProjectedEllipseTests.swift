import Geometry
import Motion
import XCTest

@testable import Keyframes

/// An ellipse under a projection as 4 arcs of its image (ProjectedEllipse.swift): the image's
/// centre and conjugate semi-diameters are exact, so its vertices lie on the exact image and
/// its arcs stray no more than the kappa arcs' 0.027 % of the radius.
final class ProjectedEllipseTests: XCTestCase {
    /// The cube's turn of a face about its left edge under a 500 pt eye (PlaneProjection.turnedPage).
    func turned(_ degrees: Double) -> PlaneProjection { .turnedPage(degrees) }

    /// How far p is from the exact image of the ellipse in rect r, in r's plane (0 on it): the
    /// point taken back through h, in units of the ellipse's radii.
    func offEllipse(_ p: Point, _ r: Rect, _ h: PlaneProjection) throws -> Double {
        let q = try XCTUnwrap(h.inverse).apply(p)
        let u = (q.x - r.midX) / (r.size.width / 2), v = (q.y - r.midY) / (r.size.height / 2)
        return (u * u + v * v).squareRoot() - 1
    }

    func testTheHillsImageIsFourArcsOnTheExactImage() throws {
        // story.json's hills and sun.
        for r in [Rect(-140, 560, 460, 320), Rect(150, 610, 420, 300), Rect(200, 170, 150, 150)] {
            let path = BezierPath.ellipse(r)
            let e = try XCTUnwrap(path.quarterArcs)
            XCTAssertEqual(e.c.x, r.midX, accuracy: 1e-12); XCTAssertEqual(e.a.y, -r.size.height / 2, accuracy: 1e-12)
            for degrees in [0.0, -20, -45, -70, -89, 30, 60] {
                let h = turned(degrees)
                let arcs = try XCTUnwrap(BezierPath.projectedEllipse(e, h))
                XCTAssertEqual(arcs.segmentCount, 4)
                // Vertex 0 is the image of the ellipse's own vertex 0: it moves with the plane.
                XCTAssertEqual(arcs.vertices[0].distance(to: h.apply(path.vertices[0])), 0, accuracy: 1e-9)
                for v in arcs.vertices { XCTAssertEqual(try offEllipse(v, r, h), 0, accuracy: 1e-9) }
                // Every point of the arcs within 0.03 % of the image's largest semi-diameter
                // (kappa's 0.027 %) of the exact projected ellipse (4,000 points; the arcs at 400)
                // (0.06 pt for a 230 pt radius seen face-on).
                let (d1, d2) = (arcs.vertices[0] - arcs.vertices[2], arcs.vertices[1] - arcs.vertices[3])
                let radius = PlaneProjection([d1.x / 2, d1.y / 2, 0, d2.x / 2, d2.y / 2, 0, 0, 0, 1]).largestSingularValue
                let exact = (0..<4000).map { m -> Point in
                    let t = 2 * Double.pi * Double(m) / 4000
                    return h.apply(Point(r.midX + r.size.width / 2 * sin(t), r.midY - r.size.height / 2 * cos(t)))
                }
                let drawn = (0..<4).flatMap { k in (0..<100).map { arcs.point(segment: k, at: Double($0) / 100) } } + [arcs.vertices[0]]
                XCTAssertLessThan(PathSpec.farthest(exact, from: drawn), 0.0003 * radius, "\(r) at \(degrees)°")
                XCTAssertLessThan(PathSpec.farthest(drawn, from: exact), 0.0003 * radius, "\(r) at \(degrees)°")
                if degrees == 0 { XCTAssertLessThan(PathSpec.farthest(exact, from: drawn), r.size.width / 2 * 0.00028, "\(r)") }
                // The same way round as the projected cubics (signed area of the 4 vertices).
                func area(_ v: [Point]) -> Double { (0..<4).reduce(0) { $0 + v[$1].x * v[($1 + 1) % 4].y - v[($1 + 1) % 4].x * v[$1].y } }
                XCTAssertGreaterThan(area(arcs.vertices) * area(path.projected(by: h).vertices), 0)
            }
        }
    }

    func testAnEllipsePartlyBehindTheEyeIsNotArcs() throws {
        // A 2,000 pt ellipse turned 80° under a 500 pt eye reaches behind it.
        let e = try XCTUnwrap(BezierPath.ellipse(Rect(-800, -800, 2000, 2000)).quarterArcs)
        XCTAssertNil(BezierPath.projectedEllipse(e, turned(-80)))
        XCTAssertNil(BezierPath.rect(Rect(0, 0, 10, 10)).quarterArcs)
    }
}
