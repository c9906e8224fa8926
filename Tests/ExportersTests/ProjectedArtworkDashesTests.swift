import Foundation
import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters
@testable import Keyframes

/// A dashed stroke of SVG art under a 3D transform: cut into its dashes in the art's user space,
/// each outlined with its caps (docs/artwork.md#dashed-strokes-under-3d).
final class ProjectedArtworkDashesTests: XCTestCase, SVGArtFixture {
    /// Each dash's start and end point.
    func ends(_ path: ArtPath) -> [[ArtPoint]] {
        var out: [[ArtPoint]] = []
        for s in path.segments {
            switch s {
            case .move(let p): out.append([p, p])
            case .line(let p), .cubic(_, _, let p): out[out.count - 1][1] = p
            case .close: break
            }
        }
        return out
    }

    func testALineIsCutByTheArrayFromTheOffset() {
        let line = ArtPath([.move(ArtPoint(0, 0)), .line(ArtPoint(10, 0))])
        XCTAssertEqual(
            ends(StrokeDashes.dashed(line, dashes: [3, 2], offset: 1)),
            [[ArtPoint(0, 0), ArtPoint(2, 0)], [ArtPoint(4, 0), ArtPoint(7, 0)], [ArtPoint(9, 0), ArtPoint(10, 0)]])
        // A negative offset counts back into the pattern: -1 is 4 into 3 + 2.
        XCTAssertEqual(
            ends(StrokeDashes.dashed(line, dashes: [3, 2], offset: -1)),
            [[ArtPoint(1, 0), ArtPoint(4, 0)], [ArtPoint(6, 0), ArtPoint(9, 0)]])
        // A pattern summing to 0 strokes solid.
        XCTAssertEqual(StrokeDashes.dashed(line, dashes: [0, 0], offset: 0), line)
    }

    func testAClosedPathsLastDashRunsIntoItsFirst() {
        // A 10 x 10 square (perimeter 40), dashes 6 on 4 off, 3 in: the dash 37…40 runs on
        // through the corner (0, 0) to 3, one dash with a join there and no caps.
        let square = ArtPath([.move(ArtPoint(0, 0)), .line(ArtPoint(10, 0)), .line(ArtPoint(10, 10)), .line(ArtPoint(0, 10)), .close])
        let dashed = StrokeDashes.dashed(square, dashes: [6, 4], offset: 3)
        XCTAssertEqual(
            ends(dashed),
            [[ArtPoint(7, 0), ArtPoint(10, 3)], [ArtPoint(10, 7), ArtPoint(7, 10)], [ArtPoint(3, 10), ArtPoint(0, 7)], [ArtPoint(0, 3), ArtPoint(3, 0)]])
        XCTAssertFalse(dashed.segments.contains(.close))
        // A dash longer than the path: the square stays closed.
        XCTAssertEqual(StrokeDashes.dashed(square, dashes: [50, 10], offset: 0).segments.last, .close)
    }

    func testACurveIsCutAtArcLength() {
        // A quarter circle of radius 10 (length 5π ≈ 15.708) cut in halves: the cut at 45°.
        let k = 0.5522847498 * 10
        let arc = ArtPath([.move(ArtPoint(10, 0)), .cubic(ArtPoint(10, k), ArtPoint(k, 10), ArtPoint(0, 10))])
        let half = 5 * Double.pi / 2
        let cut = ends(StrokeDashes.dashed(arc, dashes: [half, 100], offset: 0))
        XCTAssertEqual(cut.count, 1)
        XCTAssertEqual(cut[0][1].x, 10 / 2.0.squareRoot(), accuracy: 0.01)
        XCTAssertEqual(cut[0][1].y, 10 / 2.0.squareRoot(), accuracy: 0.01)
    }

    func testEachDashIsOutlinedWithItsCaps() throws {
        // y = 5 from x 1 to 18, width 2, dashes 4 on 4 off, round caps (reaching 1 past each end).
        let shapes = try ProjectedArtwork.shapes(
            try art(##"<path d="M1 5H18" fill="none" stroke="#000" stroke-width="2" stroke-dasharray="4 4" stroke-linecap="round"/>"##),
            bounds: Size(20, 10))
        XCTAssertEqual(shapes.count, 1)
        let outline = shapes[0].subpaths
        // Dashes 1…5, 9…13, 17…18, each with its caps: 0…6, 8…14, 16…19.
        for x in [0.1, 3, 5.9, 8.1, 11, 13.9, 16.1, 18.9] { XCTAssertTrue(painted(Point(x, 5), outline), "x = \(x)") }
        for x in [6.1, 7, 7.9, 14.1, 15, 15.9, 19.1] { XCTAssertFalse(painted(Point(x, 5), outline), "gap at x = \(x)") }
        XCTAssertTrue(painted(Point(3, 5.9), outline) && !painted(Point(3, 6.1), outline), "width 2")
        // Butt caps, 1 in: dashes 1…4, 6…10, 12…16, 18…19.
        let butt = try ProjectedArtwork.shapes(
            try art(##"<path d="M1 5H19" fill="none" stroke="#000" stroke-width="2" stroke-dasharray="4 2" stroke-dashoffset="1"/>"##),
            bounds: Size(20, 10))[0].subpaths
        for x in [1.1, 3.9, 6.1, 9.9, 12.1, 15.9, 18.1, 18.9] { XCTAssertTrue(painted(Point(x, 5), butt), "x = \(x)") }
        for x in [0.9, 4.1, 5.9, 10.1, 11.9, 16.1, 17.9, 19.1] { XCTAssertFalse(painted(Point(x, 5), butt), "x = \(x)") }
    }

    func testASquareDotTurnsWithThePath() throws {
        // Dots every 10 along a 45-degree line from (5, 0), width 2: squares turned 45 degrees.
        let shapes = try ProjectedArtwork.shapes(
            try art(##"<path d="M5 0L15 10" fill="none" stroke="#000" stroke-width="2" stroke-dasharray="0 10" stroke-linecap="square"/>"##),
            bounds: Size(20, 10))
        let dot = shapes[0].subpaths
        XCTAssertTrue(painted(Point(6.2, 0), dot), "inside the turned square, outside an upright one")
        XCTAssertFalse(painted(Point(5.9, 0.9), dot), "inside an upright square, outside the turned one")
    }

    func testTheReaderKeepsTheDashOffset() throws {
        let a = try art(##"<path d="M0 0H9" stroke="#000" stroke-dasharray="1 2 3" stroke-dashoffset="-2.5"/>"##)
        guard case .vector(let doc) = a.artwork, case .shape(let shape) = doc.nodes[0].content else { return XCTFail("a shape") }
        XCTAssertEqual(shape.stroke?.dashes, [1, 2, 3, 1, 2, 3])
        XCTAssertEqual(shape.stroke?.dashOffset, -2.5)
    }

    func testADashedCircleUnderPerspectiveStaysOnItsProjection() throws {
        let artwork = try art(##"<circle cx="10" cy="5" r="4" fill="none" stroke="#0f0" stroke-width="1.5" stroke-dasharray="3 1.5" stroke-linecap="round"/>"##)
        let card = LayerDefinition(id: "card", kind: .artwork(artwork), frame: Rect(165, 407, 60, 30))
        let sim = try turnedAwayHalfASecond(card)
        XCTAssertNoThrow(try ArtworkLayerChecks.refuseUnderPerspective(sim))
        let projected = try XCTUnwrap(KeyframedTransition.fitted(sim, for: .smil).projected[0])
        let exact = try ProjectedArtwork.shapes(artwork, bounds: Size(60, 30))
        XCTAssertEqual(projected.paint.count, 1)
        XCTAssertGreaterThan(projected.paint[0].shape.initialValue.subpaths.count, 8, "strips and caps of each dash")
        for t in stride(from: 0.0, through: 0.5, by: 0.05) {
            let h = PlaneProjection(sim.state(at: min(t, 0.5.nextDown)).boundsToScreen[0])
            for (drawn, sub) in zip(projected.paint[0].shape.value(at: t).subpaths, exact[0].subpaths) {
                let curve = (0..<sub.segmentCount).flatMap { k in (0..<32).map { h.apply(sub.point(segment: k, at: Double($0) / 32)) } }
                for p in drawn.vertices.map({ projected.host($0, at: t) }) {
                    XCTAssertLessThanOrEqual(curve.map { $0.distance(to: p) }.min()!, 0.5, "t = \(t)")
                }
            }
        }
    }
}
