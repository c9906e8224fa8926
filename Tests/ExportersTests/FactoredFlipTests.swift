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
        XCTAssertEqual(plane.translation, Point(0, 422))
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
            let drawn = outline.value(at: t).vertices.map { Point(plane.translation.x + sx * $0.x, plane.translation.y + $0.y) }
            for (a, b) in zip(drawn, sim.state(at: t).corners(of: page)) { worst = max(worst, a.distance(to: b)) }
        }
        // The outline's tolerance (ProjectionTolerance.outline) plus the written 0.1 grid.
        XCTAssertLessThan(worst, 0.5)
    }

    func testTheCubeKeepsTodaysKeys() throws {
        try CatalogTier.require()
        let sim = try Simulation(try ExportFixtures.template("stories-cube"))
        let svg = KeyframedTransition.fitted(sim, for: .smil)
        XCTAssertTrue(svg.projected.allSatisfy { $0?.plane == nil })
    }
}
