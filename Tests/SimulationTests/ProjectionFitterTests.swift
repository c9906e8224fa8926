import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// The projected-content fitter's parts: the one easing per interval, the greedy spans, the
/// player-side check; and the fit on a flip (fewer keys than a linear grid, every key exact to
/// the written 0.1 grid).
final class ProjectionFitterTests: XCTestCase {
    func testEasingFitRecoversAKnownCurve() {
        for c in [CubicBezier.easeOut, .easeInEaseOut, CubicBezier(0.2, 0.6, 0.4, 1)] {
            let u = (1...40).map { Double($0) / 41 }
            let fitted = EasingFit.rounded(EasingFit.curve(u: u, q: u.map(c.progress)), decimals: 3)
            let worst = u.map { abs(fitted.progress(at: $0) - c.progress(at: $0)) }.max()!
            XCTAssertLessThan(worst, 2e-3, "\(c) → \(fitted)")
            XCTAssertTrue(fitted.staysInUnitInterval, "SMIL plays only unit keySplines")
        }
    }

    func testEasingFitStaysInTheUnitSquareForOvershoot() {
        // A target beyond 1 (a spring's overshoot) cannot be met by a unit curve: the fit clamps.
        let u = (1...20).map { Double($0) / 21 }
        let c = EasingFit.curve(u: u, q: u.map { sin($0 * .pi * 0.6) / sin(.pi * 0.6) })
        XCTAssertTrue(c.staysInUnitInterval)
    }

    func testSpansAreTheLongestThatFit() {
        var calls = 0
        let spans = EasingFit.spans(count: 12) { i, j in
            calls += 1; return j - i <= 5 ? .linear : nil
        }
        XCTAssertEqual(spans.map(\.start), [0, 5, 10])
        XCTAssertLessThan(calls, 20)
        // A span that never fits still advances one step at a time.
        XCTAssertEqual(EasingFit.spans(count: 3) { _, j in nil }.map(\.start), [0, 1, 2])
        // Everything fits: one span.
        XCTAssertEqual(EasingFit.spans(count: 1000) { _, _ in .linear }.map(\.start), [0])
    }

    func testCheckSeesTheVisiblePartOnly() {
        let fitter = ProjectionFitter(visible: 0.5, outline: 0.5)
        let square = BezierPath.rect(Rect(0, 0, 100, 100))
        let layout = ProjectionFitter.Layout([square], outlines: [false])
        let a = layout.flat([square]), b = a
        // The exact shape 0.8 off at its right edge: drawn within 0.5 nowhere there.
        let exact = layout.flat([square.map { Point($0.x > 50 ? $0.x + 0.8 : $0.x, $0.y) }])
        XCTAssertFalse(fitter.within(layout, exact, a, b, 0.5, Rect(-2, -2, 200, 200)))
        // With the canvas left of x = 40 only the left edge shows, and it is exact.
        XCTAssertTrue(fitter.within(layout, exact, a, b, 0.5, Rect(-2, -2, 40, 200)))
        // As an outline its vertices count anywhere.
        let outlined = ProjectionFitter.Layout([square], outlines: [true])
        XCTAssertFalse(fitter.within(outlined, exact, a, b, 0.5, Rect(-2, -2, 40, 200)))
    }

    /// A text bar (radius half its height) drops its two zero-length sides and draws the same outline.
    func testStadiumLosesItsEmptySides() {
        let bar = BezierPath.roundedRect(Rect(0, 0, 40, 10), radius: 5), short = bar.withoutEmptyLines
        XCTAssertEqual(bar.segmentCount, 8)
        XCTAssertEqual(short.isLine, [true, false, false, true, false, false])
        for (new, old) in [(0, 0), (1, 1), (2, 3), (3, 4), (4, 5), (5, 7)] {
            for u in [0.0, 0.3, 0.7, 1.0] {
                XCTAssertEqual(short.point(segment: new, at: u).distance(to: bar.point(segment: old, at: u)), 0, accuracy: 1e-9)
            }
        }
        // A rounded rect with straight sides keeps all eight segments.
        XCTAssertEqual(BezierPath.roundedRect(Rect(0, 0, 40, 10), radius: 3).withoutEmptyLines.segmentCount, 8)
    }

    /// A page turning to −60° in 0.6 s, easeOut: its outline (bounds corners, bounded anywhere) in
    /// few keys, each on the written grid, and as played (KeyframeTrack.value, easing solved)
    /// within 0.5 px of the exact corners, on the canvas or off it.
    func testFlipIsFittedWithFewKeysWithinHalfAPixel() throws {
        let def = flipDefinition(to: -60)
        let sim = try Simulation(def)
        let i = try XCTUnwrap(sim.index(ofLayer: "page"))
        let path = try XCTUnwrap(KeyframedTransition(sim).projected[i]?.outline)
        XCTAssertLessThanOrEqual(path.keyframes.count, 20, "17 when written: one key per ~35 ms of the turn")
        for k in path.keyframes {
            for p in k.value.vertices { XCTAssertEqual(p.x * 10, (p.x * 10).rounded(), accuracy: 1e-6) }
        }
        var worst = 0.0
        for step in 0...Int(sim.timeline.duration * 1000) - 1 {
            let t = Double(step) / 1000
            for (a, b) in zip(path.value(at: t).vertices, sim.state(at: t).corners(of: i)) { worst = max(worst, a.distance(to: b)) }
        }
        XCTAssertLessThanOrEqual(worst, 0.5)
    }
}
