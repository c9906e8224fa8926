import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// The keys' search on a coarse subset of the grid times, each span it finds then verified on
/// the dense grid (EasingFit.spans with `coarse`): whatever the coarse check lets through, no
/// span the dense check rejects is kept.
final class ProjectionCoarseSearchTests: XCTestCase {
    func testVerifiedSpansAreTheLongestTheDenseCheckPasses() {
        var verified: [(Int, Int)] = []
        // The cheap check passes spans up to 8 steps, the dense one up to 5.
        let spans = EasingFit.spans(count: 12, coarse: true) { i, j, dense in
            guard dense else { return j - i <= 8 ? .linear : nil }
            verified.append((i, j))
            return j - i <= 5 ? .linear : nil
        }
        XCTAssertEqual(spans.map(\.start), [0, 5, 10])
        // Every kept span longer than one step was passed by `verify`.
        let ends = spans.dropFirst().map(\.start) + [12]
        for (span, end) in zip(spans, ends) where end - span.start > 1 {
            XCTAssertTrue(verified.contains { $0 == (span.start, end) }, "span \(span.start)…\(end) not verified")
        }
        // Where both checks agree the verification costs one call per span.
        var calls = 0
        let same = EasingFit.spans(count: 12, coarse: true) { i, j, dense in
            if dense { calls += 1 }
            return j - i <= 5 ? .linear : nil
        }
        XCTAssertEqual(same.map(\.start), [0, 5, 10])
        XCTAssertEqual(calls, 3)
    }

    /// A square sliding right 0.5 pt a grid step (linear: one span fits it all), except at grid
    /// time 7, off the coarse subset (every 4th time at 480 a second), where it is 3 pt lower.
    func testCoarseSearchNeverKeepsASpanTheDenseCheckRejects() {
        let fitter = ProjectionFitter(visible: 0.5, outline: 0.5)
        let square = BezierPath.rect(Rect(0, 0, 100, 100))
        let layout = ProjectionFitter.Layout([square], outlines: [false])
        let n = 40
        let times = (0...n).map { Double($0) / 480 }
        XCTAssertEqual(ProjectionFitter.coarseStride(times), 4)
        let samples = (0...n).map { k in
            layout.flat([square.map { Point($0.x + 0.5 * Double(k), $0.y + (k == 7 ? 3 : 0)) }])
        }
        let boxes = [Rect](repeating: Rect(-2, -2, 400, 400), count: n + 1)
        let a = samples[0].map(ProjectionFitter.onGrid), b = samples[n].map(ProjectionFitter.onGrid)
        // The case: the coarse check passes the whole interval, the dense one does not.
        XCTAssertTrue(fitter.fits(layout, times, samples, a, b, boxes, 0, n, .linear, ProjectionFitter.checkOrder(0, n, every: 4)))
        XCTAssertFalse(fitter.fits(layout, times, samples, a, b, boxes, 0, n, .linear, ProjectionFitter.checkOrder(0, n)))
        let coarse = fitter.fit(layout, times: times, samples: samples, boxes: boxes, coarse: true)
        let dense = fitter.fit(layout, times: times, samples: samples, boxes: boxes, coarse: false)
        // Around the odd time: a key a step before it and on it; from there an easing that leaves
        // the odd key fast (3 pt at u = 0 to 0.3 pt at u = 0.5) spans two steps, the rest one span.
        XCTAssertEqual(coarse.map(\.start), [0, 6, 7, 9])
        XCTAssertEqual(coarse.map(\.start), dense.map(\.start))
        // Every kept span passes the dense check with its easing, keys as written.
        let ends = coarse.dropFirst().map(\.start) + [n]
        for (span, end) in zip(coarse, ends) {
            let a = samples[span.start].map(ProjectionFitter.onGrid), b = samples[end].map(ProjectionFitter.onGrid)
            XCTAssertTrue(
                fitter.fits(layout, times, samples, a, b, boxes, span.start, end, span.easing, ProjectionFitter.checkOrder(span.start, end)),
                "span \(span.start)…\(end)")
        }
    }
}
