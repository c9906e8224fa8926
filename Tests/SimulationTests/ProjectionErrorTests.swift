import Foundation
import Keyframes
import Motion
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

/// The baked perspective (KeyframedTransition.projected) evaluated as a player does (linear
/// between keyframes) at fine time steps, against the exact projection from Simulation.state.
final class ProjectionErrorTests: XCTestCase {
    /// Largest distance between the drawn and the exact outline (both dense polylines), both
    /// ways, over the points that lie on the canvas.
    static func visibleError(drawn: [Point], exact: [Point], canvas: Size) -> Double {
        max(oneWay(drawn, exact, canvas), oneWay(exact, drawn, canvas))
    }

    static func oneWay(_ drawn: [Point], _ exact: [Point], _ canvas: Size) -> Double {
        func segmentDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
            let d = b - a, l2 = d.x * d.x + d.y * d.y
            let t = l2 > 0 ? max(0, min(1, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / l2)) : 0
            return p.distance(to: a + d.scaled(by: t))
        }
        var worst = 0.0
        for p in drawn where p.x >= 0 && p.y >= 0 && p.x <= canvas.width && p.y <= canvas.height {
            var best = Double.infinity
            for k in exact.indices { best = min(best, segmentDistance(p, exact[k], exact[(k + 1) % exact.count])) }
            worst = max(worst, best)
        }
        return worst
    }

    /// Points along a closed path: n per segment.
    static func polyline(_ path: BezierPath, _ n: Int) -> [Point] {
        (0..<path.segmentCount).flatMap { k in (0..<n).map { path.point(segment: k, at: Double($0) / Double(n)) } }
    }

    /// The seed's flip turning toward the viewer (−90°, d = 500): the page's corners, drawn from
    /// the keyframes as played (easing solved), stay within 0.5 px of the exact projection wherever they are on the canvas,
    /// every 1/1000 s (every 3/1000 s in the fast tier); the corners themselves are exact at every
    /// keyframe (to the written 0.1 grid).
    func testFlipTowardTheViewerStaysWithinOnePixel() throws {
        for (degrees, d) in [(-90.0, 500.0), (90, 500), (-90, 1000)] {
            let sim = try Simulation(flipDefinition(to: degrees, eyeDistance: d))
            let page = try XCTUnwrap(sim.index(ofLayer: "page"))
            let kt = KeyframedTransition(sim)
            let path = try XCTUnwrap(kt.projected[page]?.paint.first?.path)
            XCTAssertNil(kt.projected[0], "the container itself is drawn in 2D")
            var worst = 0.0
            // Every millisecond in the catalog tier, every third in the fast tier.
            for step in stride(from: 0, to: Int(sim.timeline.duration * 1000), by: CatalogTier.cases(whole: 1, fast: 3)) {
                let t = Double(step) / 1000
                let exact = sim.state(at: t).corners(of: page)
                let drawn = path.value(at: t)
                let e = Self.visibleError(drawn: Self.polyline(drawn, 32), exact: exact, canvas: Size(390, 844))
                worst = max(worst, e)
            }
            XCTAssertLessThanOrEqual(worst, ProjectionTolerance.interpolation, "θ → \(degrees)°, d \(d)")
            print("flip to \(degrees)° d \(d): \(path.keyframes.count) keyframes, max on-canvas error \(worst) px")
            for k in path.keyframes {
                for (a, b) in zip(k.value.vertices, sim.state(at: min(k.time, sim.timeline.duration.nextDown)).corners(of: page))
                where k.easing != .hold {
                    XCTAssertEqual(a.distance(to: b), 0, accuracy: 0.0708, "keys are the exact corners on the written 0.1 grid")
                }
            }
        }
    }

    /// Rounded corners and ellipses: the drawn cubics (Hermite fits of the projected curves) stay
    /// within 1 px of the exact projected curve, at keyframes and between them (every 4 ms; every
    /// 12 ms in the fast tier).
    func testProjectedCurvesStayWithinOnePixel() throws {
        var def = flipDefinition()
        def.layers[0].children[0].numbers[.cornerRadius] = 44
        def.layers[0].children[0].children = [LayerDefinition(id: "disc", kind: .ellipse, frame: Rect(100, 300, 250, 250), fill: .solid(.black))]
        let sim = try Simulation(def)
        let kt = KeyframedTransition(sim)
        for (id, bounds) in [("page", BezierPath.roundedRect(Rect(0, 0, 390, 844), radius: 44)), ("disc", BezierPath.ellipse(Rect(0, 0, 250, 250)))] {
            let i = try XCTUnwrap(sim.index(ofLayer: id))
            let path = try XCTUnwrap(kt.projected[i]?.paint.first?.path)
            var worst = 0.0
            for step in stride(from: 0.5, to: 1.1, by: CatalogTier.isEnabled ? 0.004 : 0.012) {
                let h = PlaneProjection(sim.state(at: step).boundsToScreen[i])
                let exact = Self.polyline(bounds, 48).map(h.apply)
                worst = max(worst, Self.visibleError(drawn: Self.polyline(path.value(at: step), 6), exact: exact, canvas: Size(390, 844)))
            }
            XCTAssertLessThanOrEqual(worst, 1, id)
            print("\(id): max on-canvas error \(worst) px")
        }
    }

    /// Text bars (stadiums) drawn with one cubic per round end (BezierPath.stadium, 1.33 % of
    /// the radius off a half circle) where that fits: what a player draws between keys stays
    /// within 0.5 px of the exact projected stadium (quarter arcs, dense) on the canvas, every
    /// 1/100 s (3/100 s in the fast tier), the shape error counted in (PathSpec.shapeError). Turning away (+90°) the bars
    /// take one cubic per end; turning toward the viewer (−90°, magnified) quarter arcs.
    func testOneCubicBarEndsStayWithinHalfAPixelOfTheExactStadium() throws {
        for (degrees, d, segments) in [(-90.0, 500.0, 10), (90, 500, 4)] {
            var def = flipDefinition(to: degrees, eyeDistance: d)
            def.layers[0].children[0].children = [
                LayerDefinition(id: "copy", kind: .text(lines: 3), frame: Rect(40, 380, 330, 90), fill: .solid(.black))
            ]
            let sim = try Simulation(def)
            let i = try XCTUnwrap(sim.index(ofLayer: "copy"))
            let kt = KeyframedTransition(sim)
            let bars = try XCTUnwrap(kt.projected[i]?.paint.map(\.path))
            XCTAssertEqual(bars.count, 3)
            XCTAssertEqual(bars.first?.initialValue.segmentCount, segments)
            var worst = 0.0
            for step in stride(from: 0.5, to: 1.1, by: CatalogTier.isEnabled ? 0.01 : 0.03) {
                let s = sim.state(at: step)
                let h = PlaneProjection(s.boundsToScreen[i])
                for (bar, rect) in zip(bars, TextBars.bars(size: Size(330, 90), lines: 3)) {
                    let exact = Self.polyline(BezierPath.roundedRect(rect, radius: rect.size.height / 2), 32).map(h.apply)
                    let drawn = Self.polyline(bar.value(at: step), 16)
                    worst = max(worst, Self.visibleError(drawn: drawn, exact: exact, canvas: Size(390, 844)))
                }
            }
            XCTAssertLessThanOrEqual(worst, ProjectionTolerance.interpolation, "θ → \(degrees)°")
            let keys = bars.map { $0.keyframes.count }, segmentCounts = bars.map { $0.initialValue.segmentCount }
            print("bars, flip to \(degrees)°: \(keys) keys, \(segmentCounts) segments, max on-canvas error \(worst) px")
        }
    }
}
