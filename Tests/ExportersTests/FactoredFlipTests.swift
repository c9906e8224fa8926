import Exporters
import Foundation
import Geometry
import JSONText
import Keyframes
import Motion
import Simulation
import TransExportTestSupport
import XCTest

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Factored flips (docs/smil.md#perspective-in-svg): the SVG's keys are R about the hinge and A
/// a fixed translation with a signed x-scale; R through A as keyed must land on the exact
/// projected corners wherever the SMIL player samples. Lottie draws the same fit: A as the
/// plane's layer transform (docs/lottie.md#perspective-flips).
final class FactoredFlipTests: XCTestCase, LottieReading {
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
        // One fit for both formats (TRANS_EXPORT_FACTORED_LOTTIE=0: Lottie keeps today's keys).
        if FactoredProjection.isEnabledForLottie { XCTAssertEqual(lottie.projected[page], p) } else { XCTAssertNil(lottie.projected[page]?.plane) }
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

    /// The page's Lottie layer carries A as written: a = 0, p = T, s = [sx × 100, 100] with the
    /// SVG's key values (flip-push's scene is a precomp replayed by `tm`, docs/lottie.md#retracing-timelines);
    /// its sublayers in the plane inherit it (identity scale).
    func testLottieDrawsThePlaneAsTheLayerTransform() throws {
        try CatalogTier.require()
        guard FactoredProjection.isEnabled, FactoredProjection.isEnabledForLottie else { throw XCTSkip("factored flips off") }
        let sim = try Simulation(try ExportFixtures.template("flip-push"))
        let lottie = KeyframedTransition.fitted(sim, for: .lottie)
        let page = try XCTUnwrap(sim.index(ofLayer: "page"))
        let plane = try XCTUnwrap(lottie.projected[page]?.plane)
        let doc = try LottieWriter().lottie(lottie)
        let all = array(doc["layers"]) + array(doc["assets"]).flatMap { array($0["layers"]) }
        func ks(_ i: Int) -> JSONValue? { all.first { $0["nm"] == .string(sim.layers[i].id ?? "layer-\(i)") }?["ks"] }
        let k = try XCTUnwrap(ks(page))
        XCTAssertEqual(numbers(k["p"]?["k"]).prefix(2), [0, 422])
        XCTAssertEqual(numbers(k["a"]?["k"]).prefix(2), [0, 0])
        let keys = array(k["s"]?["k"]).map { numbers($0["s"]) }
        XCTAssertGreaterThan(keys.count, 2)
        XCTAssertTrue(keys.allSatisfy { $0[1] == 100 })
        let written = Set(plane.scaleX.keyframes.map { ($0.value * 1e5).rounded() })
        XCTAssertTrue(keys.allSatisfy { written.contains(($0[0] * 1e3).rounded()) }, "x-scale keys are the SVG's (5 decimals)")
        XCTAssertLessThan(keys.map { $0[0] }.min()!, -30)
        let sublayers = sim.layers[page].children.filter { lottie.projected[$0]?.plane != nil }
        for child in sublayers { if let c = ks(child) { XCTAssertEqual(numbers(c["s"]?["k"]), [100, 100]) } }
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
            // Edge-on R is its limit, not x = 0 for every vertex (a key that jumped back out).
            for key in outline.keyframes { XCTAssertTrue(key.value.vertices.contains { abs($0.x) > 1 }, "\(id) at \(key.time)") }
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
    }

    /// Inside a plane's `scale(.1)` group nothing is scaled by a tenth again: the cube's clip
    /// (clipsToBounds) once was, which clipped its face to a tenth (Chromium 109.9/255).
    func testNothingUnderAPlanesTenthsIsScaledAgain() throws {
        try CatalogTier.require()
        guard FactoredProjection.isEnabled else { throw XCTSkip("TRANS_EXPORT_FACTORED_SVG=0") }
        for name in ["stories-cube", "flip-push"] {
            let svg = try SVGWriter().svg(KeyframedTransition.fitted(try Simulation(try ExportFixtures.template(name)), for: .smil))
            let doc = try XMLDocument(xmlString: svg, options: [])
            let planes = try doc.nodes(forXPath: "//*[local-name()='g'][@transform='scale(.1)']")
            XCTAssertFalse(planes.isEmpty, name)
            for g in planes {
                let again = try g.nodes(forXPath: ".//*[@transform='scale(.1)']")
                XCTAssertEqual(again.count, 0, name)
            }
        }
    }
}
