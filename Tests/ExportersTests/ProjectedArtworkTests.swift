import Keyframes
import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Artwork
@testable import Exporters

/// SVG art under a 3D transform goes through the projection path like any paint; what that path
/// cannot carry, and pictures, are refused with the art's file and line.
final class ProjectedArtworkTests: XCTestCase {
    func art(_ body: String) throws -> LayerArtwork {
        let doc = try SVGArtReader.read(
            bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\">\n\(body)</svg>".utf8),
            file: "art.svg")
        return LayerArtwork(path: "art.svg", artwork: .vector(doc))
    }

    func testShapesAreClosedPathsInTheBoundsWithTheirColours() throws {
        let shapes = try ProjectedArtwork.shapes(
            try art(##"<rect width="10" height="10" fill="#ff0000"/><g opacity="0.5"><circle cx="15" cy="5" r="5" fill="#0000ff"/></g>"##),
            bounds: Size(40, 20))
        XCTAssertEqual(shapes.count, 2)
        // scaleToFill 20 x 10 → 40 x 20: the rect doubles.
        XCTAssertEqual(shapes[0].path.vertices, [Point(0, 0), Point(20, 0), Point(20, 20), Point(0, 20)])
        XCTAssertEqual(shapes[0].path.isLine, [true, true, true, true])
        XCTAssertEqual(shapes[0].color, Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(shapes[1].color.alpha, 0.5)
        XCTAssertFalse(shapes[1].path.isLine.contains(true), "a circle is four cubics")
    }

    func testWhatTheProjectionCannotCarryIsRefusedWithItsLine() throws {
        func refusal(_ body: String) -> String {
            do { _ = try ProjectedArtwork.shapes(try art(body), bounds: Size(20, 10)); return "no error" } catch { return "\(error)" }
        }
        XCTAssertEqual(refusal(##"<rect width="5" height="5" stroke="#000"/>"##), "art.svg:2: a stroke under a 3D transform is not drawn yet")
        XCTAssertEqual(refusal(#"<path d="M0 0H9V9ZM2 2H4V4Z"/>"#), "art.svg:2: a shape of several subpaths under a 3D transform is not drawn yet")
        let picture = LayerArtwork(path: "p.png", artwork: .raster(try RasterImage(bytes: PNGBytes.png(width: 2, height: 2), file: "p.png")))
        XCTAssertThrowsError(try ProjectedArtwork.shapes(picture, bounds: Size(2, 2))) {
            XCTAssertEqual("\($0)", "p.png: a PNG/JPEG picture under a 3D transform is not drawn yet (SVG art is)")
        }
    }

    func testArtUnderPerspectiveIsDrawnWithinHalfAPoint() throws {
        let card = LayerDefinition(
            id: "card", kind: .artwork(try art(##"<rect x="2" y="2" width="16" height="6" fill="#ff0000"/>"##)),
            frame: Rect(95, 322, 200, 200))
        let flip = AnimationBlock(
            duration: 0.5, timing: .named(.easeInOut),
            changes: [
                PropertyChange(layer: "card", .transform(LayerTransform(rotationY: .pi / 3, m34: -1.0 / 500)))
            ])
        let d = TransitionDefinition(
            name: "t", description: "d", canvas: Canvas(size: Size(390, 844), background: .white),
            timeline: TimelineSettings(holdBefore: 0, holdBetween: 0, holdAfter: 0),
            layers: [card], phases: [Phase(name: "flip", blocks: [flip])])
        let sim = try Simulation(d)
        XCTAssertNoThrow(try ArtworkLayerChecks.refuseUnderPerspective(sim))
        let projected = try XCTUnwrap(KeyframedTransition.fitted(sim, for: .smil).projected[0])
        XCTAssertEqual(projected.paint.count, 1)
        XCTAssertEqual(projected.paint[0].fill, .solid(Color(red: 1, green: 0, blue: 0)))
        // The art rect (2, 2)-(18, 8) of 20 x 10 stretched to 200 x 200: (20, 40)-(180, 160).
        for t in stride(from: 0.0, through: 0.5, by: 0.05) {
            let h = PlaneProjection(sim.state(at: min(t, 0.5.nextDown)).boundsToScreen[0])
            let drawn = projected.paint[0].path.value(at: t).vertices
            for (p, q) in zip(drawn, [Point(20, 40), Point(180, 40), Point(180, 160), Point(20, 160)]) {
                XCTAssertLessThanOrEqual(p.distance(to: h.apply(q)), 0.5, "t = \(t)")
            }
        }
    }
}
