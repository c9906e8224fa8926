import Geometry
import Keyframes
import Motion
import Simulation
import TransExportTestSupport
import XCTest

/// Factored flips (docs/smil.md#perspective-in-svg): the SVG's keys are R about the hinge and A
/// a fixed translation with a signed x-scale; R through A as keyed must land on the exact
/// projected corners wherever the SMIL player samples, and only SVG gets them.
final class FactoredFlipTests: XCTestCase {
    func testPageOutlineThroughTheDrawnPlaneIsTheExactProjection() throws {
        try CatalogTier.require()
        guard FactoredProjection.isEnabled else { throw XCTSkip("TRANS_EXPORT_FACTORED_SVG=0") }
        let sim = try Simulation(try ExportFixtures.template("flip-push"))
        let svg = KeyframedTransition.fitted(sim, for: .smil), lottie = KeyframedTransition.fitted(sim, for: .lottie)
        let page = try XCTUnwrap(sim.index(ofLayer: "page")), shadow = try XCTUnwrap(sim.index(ofLayer: "shadow"))
        let p = try XCTUnwrap(svg.projected[page])
        let plane = try XCTUnwrap(p.plane)
        // The hinge: anchor (0, 0.5) at position (0, 422); the page turns past edge-on (-90° under perspective).
        XCTAssertEqual(plane.translation, .constant(Point(0, 422)))
        XCTAssertEqual(svg.projected[shadow]?.plane?.reference, plane.reference)
        let scales = plane.scaleX.keyframes.map(\.value)
        XCTAssertEqual(scales.max(), 1)
        XCTAssertLessThan(scales.min()!, -0.3)
        XCTAssertNil(lottie.projected[page]?.plane)
        let outline = try XCTUnwrap(p.outline)
        let end = sim.timeline.duration
        var worst = 0.0
        for n in 0..<600 {
            let t = end * Double(n) / 600 + 1e-4
            let sx = plane.scaleX.value(at: t)
            let drawn = outline.value(at: t).vertices.map { Point(plane.translation.initialValue.x + sx * $0.x, plane.translation.initialValue.y + $0.y) }
            for (a, b) in zip(drawn, sim.state(at: t).corners(of: page)) { worst = max(worst, a.distance(to: b)) }
        }
        // The outline's tolerance (ProjectionTolerance.outline) plus the written 0.1 grid.
        XCTAssertLessThan(worst, 0.5)
    }

    /// The cube's faces (BENCHMARKS.md#the-cube-factored-about-its-moving-edge): each face's A is
    /// about its anchor on the shared edge, which travels 390 -> 0 (one eased key), and its
    /// x-scale is cos of the turn; the face's sublayers (the shade, the art's rotated marks) share
    /// its plane; the outline through A as keyed lands within 0.5 px of the exact corners.
    func testTheCubesFacesAreFactoredAboutTheMovingEdge() throws {
        try CatalogTier.require()
        guard FactoredProjection.isEnabled else { throw XCTSkip("TRANS_EXPORT_FACTORED_SVG=0") }
        let sim = try Simulation(try ExportFixtures.template("stories-cube"))
        let svg = KeyframedTransition.fitted(sim, for: .smil)
        let end = sim.timeline.duration
        for id in ["story-1", "story-2"] {
            let face = try XCTUnwrap(sim.index(ofLayer: id))
            let p = try XCTUnwrap(svg.projected[face])
            let plane = try XCTUnwrap(p.plane, id)
            XCTAssertEqual(plane.translation.keyframes.map(\.value).first, Point(390, 422), id)
            XCTAssertEqual(plane.translation.keyframes.map(\.value).last, Point(0, 422), id)
            XCTAssertLessThanOrEqual(plane.translation.keyframes.count, 4, id)
            XCTAssertEqual(plane.scaleX.keyframes.map(\.value).max(), 1, id)
            XCTAssertEqual(plane.scaleX.keyframes.map(\.value).min(), 0.00001, id)
            let outline = try XCTUnwrap(p.outline)
            var worst = 0.0
            for n in 0..<600 {
                let t = end * Double(n) / 600 + 1e-4
                let drawn = outline.value(at: t).vertices.map { p.host($0, at: t) }
                for (a, b) in zip(drawn, sim.state(at: t).corners(of: face)) { worst = max(worst, a.distance(to: b)) }
            }
            XCTAssertLessThan(worst, 0.5, id)
        }
        let shade = try XCTUnwrap(sim.index(ofLayer: "story-1-shade"))
        XCTAssertEqual(svg.projected[shade]?.plane?.reference, sim.index(ofLayer: "story-1"))
        XCTAssertNil(KeyframedTransition.fitted(sim, for: .lottie).projected[try XCTUnwrap(sim.index(ofLayer: "story-1"))]?.plane)
    }
}
