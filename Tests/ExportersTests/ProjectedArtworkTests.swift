import Foundation
import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters

/// SVG art under a 3D transform goes through the projection path like any paint; what that path
/// cannot carry, and pictures, are refused with the art's file and line.
final class ProjectedArtworkTests: XCTestCase, SVGArtFixture {
    func testShapesAreClosedPathsInTheBoundsWithTheirColours() throws {
        let shapes = try ProjectedArtwork.shapes(
            try art(##"<rect width="10" height="10" fill="#ff0000"/><g opacity="0.5"><circle cx="15" cy="5" r="5" fill="#0000ff"/></g>"##),
            bounds: Size(40, 20))
        XCTAssertEqual(shapes.count, 2)
        // scaleToFill 20 x 10 → 40 x 20: the rect doubles.
        XCTAssertEqual(shapes[0].subpaths.map(\.vertices), [[Point(0, 0), Point(20, 0), Point(20, 20), Point(0, 20)]])
        XCTAssertEqual(shapes[0].subpaths[0].isLine, [true, true, true, true])
        XCTAssertEqual(shapes[0].fill, .solid(Color(red: 1, green: 0, blue: 0)))
        XCTAssertEqual(shapes[1].fill, .solid(Color(red: 0, green: 0, blue: 1, alpha: 0.5)))
        XCTAssertFalse(shapes[1].subpaths[0].isLine.contains(true), "a circle is four cubics")
    }

    func testHolesKeepTheirSubpathsAndFillRule() throws {
        let shapes = try ProjectedArtwork.shapes(
            try art(##"<path d="M0 0H9V9H0ZM2 2H4V4H2Z" fill="#000" fill-rule="evenodd"/><path d="M10 0H19V9H10ZM12 2V4H14V2Z" fill="#000"/>"##),
            bounds: Size(20, 10))
        XCTAssertEqual(shapes.map(\.subpaths.count), [2, 2])
        XCTAssertEqual(shapes.map(\.evenOdd), [true, false])
        XCTAssertEqual(shapes[0].subpaths[1].vertices, [Point(2, 2), Point(4, 2), Point(4, 4), Point(2, 4)])
    }

    func testAStrokeIsTheOutlineItPaints() throws {
        // A ring (circle r 4, width 2), a miter corner and an open round-capped line, in a 20 x 10 art at 40 x 20.
        let shapes = try ProjectedArtwork.shapes(
            try art(
                ##"<circle cx="5" cy="5" r="4" fill="none" stroke="#00f" stroke-width="2"/>"##
                    + ##"<path d="M11 8V2H18" fill="none" stroke="#f00" stroke-opacity=".5" stroke-linecap="round"/>"##),
            bounds: Size(40, 20))
        XCTAssertEqual(shapes.count, 2)
        XCTAssertEqual(shapes[0].fill, .solid(Color(red: 0, green: 0, blue: 1)))
        XCTAssertEqual(shapes[1].fill, .solid(Color(red: 1, green: 0, blue: 0, alpha: 0.5)))
        XCTAssertFalse(shapes[0].evenOdd)
        // The ring in the bounds (x2): radius 6…10 around (10, 10) along x; 3…5 along y... stretched x2 both ways.
        let ring = shapes[0].subpaths
        for angle in stride(from: 0.0, to: 360, by: 15) {
            let c = Point(cos(angle * .pi / 180), sin(angle * .pi / 180))
            func at(_ r: Double) -> Point { Point(10 + 2 * r * c.x, 10 + 2 * r * c.y) }
            XCTAssertTrue(painted(at(4), ring), "on the circle at \(angle)°")
            XCTAssertTrue(painted(at(4.9), ring) && painted(at(3.1), ring), "inside the width at \(angle)°")
            XCTAssertFalse(painted(at(5.1), ring) || painted(at(2.9), ring) || painted(at(0), ring), "outside at \(angle)°")
        }
        // Its curved edges are the offsets at 6 and 10, within StrokeOutline.tolerance (0.02 pt).
        for path in ring {
            for k in 0..<path.segmentCount where !path.isLine[k] {
                for s in stride(from: 0.0, through: 1, by: 1.0 / 16) {
                    let r = path.point(segment: k, at: s).distance(to: Point(10, 10))
                    XCTAssertLessThanOrEqual(min(abs(r - 10), abs(r - 6)), 0.02, "r = \(r)")
                }
            }
        }
        // Width 1: the miter corner (11, 2) reaches (10.5, 1.5); round caps reach 0.5 past the ends.
        let line = shapes[1].subpaths
        func bounds(_ x: Double, _ y: Double) -> Point { Point(2 * x, 2 * y) }
        XCTAssertTrue(painted(bounds(10.55, 1.55), line) && painted(bounds(11, 8.45), line) && painted(bounds(18.45, 2), line))
        XCTAssertFalse(painted(bounds(10.45, 1.45), line) || painted(bounds(11, 8.55), line) || painted(bounds(18.55, 2), line))
        XCTAssertFalse(painted(bounds(12, 3), line), "inside the corner")
    }

    func testAGradientKeepsItsIsoLinesThroughTheArtTransform() throws {
        // A horizontal gradient under skewX(45): its iso-colour lines lean 45 degrees, not vertical.
        let shapes = try ProjectedArtwork.shapes(
            try art(
                ##"<defs><linearGradient id="g" x1="0" y1="0" x2="10" y2="0" gradientUnits="userSpaceOnUse">"##
                    + ##"<stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></linearGradient></defs>"##
                    + ##"<rect width="10" height="10" fill="url(#g)" transform="skewX(45)"/>"##),
            bounds: Size(20, 10))
        guard case .linearGradient(let g) = shapes[0].fill else { return XCTFail("a gradient") }
        XCTAssertEqual(g.start, Point(0, 0))
        XCTAssertEqual(g.end, Point(0.5, 0))  // (10, 0) of 20 x 10
        let iso = try XCTUnwrap(shapes[0].isoLine)
        XCTAssertEqual(iso.x, iso.y, accuracy: 1e-9)
    }

    func testWhatTheProjectionCannotCarryIsRefusedWithItsLine() throws {
        func refusal(_ body: String) -> String {
            do { _ = try ProjectedArtwork.shapes(try art(body), bounds: Size(20, 10)); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(refusal(##"<rect width="5" height="5" stroke="#000" stroke-dasharray="1 1"/>"##), "no error", "dashes are drawn")
        XCTAssertEqual(
            refusal(
                ##"<radialGradient id="r"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></radialGradient><rect width="5" height="5" fill="url(#r)"/>"##
            ),
            "art.svg:2: a radial gradient under a 3D transform is not drawn yet")
        XCTAssertEqual(
            refusal("<g opacity=\".5\"><rect width=\"5\" height=\"5\"/><rect width=\"2\" height=\"2\"/></g>"), "no error",
            "an opacity group (ProjectedArtworkOpacityTests)")
        let picture = LayerArtwork(path: "p.png", artwork: .raster(try RasterImage(bytes: PNGBytes.png(width: 2, height: 2), file: "p.png")))
        XCTAssertThrowsError(try ProjectedArtwork.shapes(picture, bounds: Size(2, 2))) {
            XCTAssertEqual("\($0)", "p.png: a PNG/JPEG picture under a 3D transform is not drawn yet (SVG art is)")
        }
    }

    func testArtUnderPerspectiveIsDrawnWithinHalfAPoint() throws {
        let card = LayerDefinition(
            id: "card", kind: .artwork(try art(##"<rect x="2" y="2" width="16" height="6" fill="#ff0000"/>"##)),
            frame: Rect(95, 322, 200, 200))
        let sim = try turnedAwayHalfASecond(card)
        XCTAssertNoThrow(try ArtworkLayerChecks.refuseUnderPerspective(sim))
        let projected = try XCTUnwrap(KeyframedTransition.fitted(sim, for: .smil).projected[0])
        XCTAssertEqual(projected.paint.count, 1)
        XCTAssertEqual(projected.paint[0].fill, .solid(Color(red: 1, green: 0, blue: 0)))
        // The art rect (2, 2)-(18, 8) of 20 x 10 stretched to 200 x 200: (20, 40)-(180, 160).
        for t in stride(from: 0.0, through: 0.5, by: 0.05) {
            let h = PlaneProjection(sim.state(at: min(t, 0.5.nextDown)).boundsToScreen[0])
            let drawn = projected.paint[0].path.value(at: t).vertices.map { projected.host($0, at: t) }  // SVG: R through A when factored
            for (p, q) in zip(drawn, [Point(20, 40), Point(180, 40), Point(180, 160), Point(20, 160)]) {
                XCTAssertLessThanOrEqual(p.distance(to: h.apply(q)), 0.5, "t = \(t)")
            }
        }
    }

    func testGradientHolesAndStrokesUnderPerspectiveStayOnTheirProjection() throws {
        let body =
            ##"<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient></defs>"##
            + ##"<path d="M1 1H9V9H1ZM3 3H7V7H3Z" fill="url(#g)" fill-rule="evenodd"/>"##
            + ##"<circle cx="15" cy="5" r="3" fill="none" stroke="#0f0" stroke-width="1.5"/>"##
        let artwork = try art(body)
        let card = LayerDefinition(id: "card", kind: .artwork(artwork), frame: Rect(165, 407, 60, 30))
        let sim = try turnedAwayHalfASecond(card)
        XCTAssertNoThrow(try ArtworkLayerChecks.refuseUnderPerspective(sim))
        let projected = try XCTUnwrap(KeyframedTransition.fitted(sim, for: .smil).projected[0])
        let exact = try ProjectedArtwork.shapes(artwork, bounds: Size(60, 30))
        XCTAssertEqual(projected.paint.map(\.evenOdd), [true, false])
        XCTAssertEqual(projected.paint.map { $0.shape.initialValue.subpaths.count }, [2, 4], "the hole; the ring's 4 strips")
        XCTAssertNotNil(projected.paint[0].gradient, "the gradient rides on an animated axis")
        // Every drawn vertex lies within 0.5 pt of its exact subpath projected (sampled at 1/32 of each segment).
        for t in stride(from: 0.0, through: 0.5, by: 0.05) {
            let h = PlaneProjection(sim.state(at: min(t, 0.5.nextDown)).boundsToScreen[0])
            for (paint, shape) in zip(projected.paint, exact) {
                for (drawn, sub) in zip(paint.shape.value(at: t).subpaths, shape.subpaths) {
                    let curve = (0..<sub.segmentCount).flatMap { k in (0..<32).map { h.apply(sub.point(segment: k, at: Double($0) / 32)) } }
                    for p in drawn.vertices.map({ projected.host($0, at: t) }) {
                        XCTAssertLessThanOrEqual(curve.map { $0.distance(to: p) }.min()!, 0.5, "t = \(t)")
                    }
                }
            }
        }
    }
}
