import Motion
import TransitionModel
import XCTest

@testable import Exporters
@testable import Keyframes

/// Neighbouring solid paints as one path (SVGMergedPaths): only where their outlines stay apart
/// at every time a player draws, with one `d` animation whose values are the subpaths in order.
final class SVGMergedPathsTests: XCTestCase {
    let white = Fill.solid(Color(red: 1, green: 1, blue: 1, alpha: 1))

    /// A square of side 10 at (x, y) per key, keys at t = 0 and 1 with an ease-in-out.
    func square(_ corners: [(Double, Double)], fill: Fill? = nil, easing: KeyframeEasing = .bezier(CubicBezier(0.42, 0, 0.58, 1))) -> ProjectedPaint {
        let keys = corners.enumerated().map { n, c in
            Keyframe(time: Double(n), value: MultiPath([BezierPath.rect(Rect(c.0, c.1, 10, 10))]), easing: easing)
        }
        return ProjectedPaint(shape: KeyframeTrack(keys), fill: fill ?? white, gradient: nil, gradientColors: [])
    }

    func testSquaresApartAtEveryTimeShareOnePathWithBothSubpaths() {
        // Both travel 20 pt right: always 10 pt apart.
        let a = square([(0, 0), (20, 0)]), b = square([(20, 0), (40, 0)])
        let runs = SVGMergedPaths.runs([a, b])
        XCTAssertEqual(runs.count, 1)
        let merged = SVGMergedPaths.merged(runs[0])
        XCTAssertEqual(SVGPath.d(merged.shape.initialValue), "m0 0 100 0 0 100-100 0zM200 0l100 0 0 100-100 0z")
        let smil = Dictionary(uniqueKeysWithValues: SMILAnimation(merged.shape, duration: 1, format: { SVGPath.d($0) }).attributes)
        XCTAssertEqual(
            smil["values"], "m0 0 100 0 0 100-100 0zM200 0l100 0 0 100-100 0z;m200 0 100 0 0 100-100 0zM400 0l100 0 0 100-100 0z")
        XCTAssertEqual(smil["keySplines"], ".42 0 .58 1")
    }

    func testTouchingSquaresKeepTheirOwnPaths() {
        // Side by side, sharing the edge x = 10: one path would blend that edge's pixels as one.
        let runs = SVGMergedPaths.runs([square([(0, 0), (0, 5)]), square([(10, 0), (10, 5)])])
        XCTAssertEqual(runs.map(\.count), [1, 1])
    }

    func testSquaresApartAtBothKeysButMeetingBetweenThemKeepTheirOwnPaths() {
        // b goes from right of a to below it; halfway (u = 0.5) it sits at (10, 10), a's corner.
        let a = square([(0, 0), (0, 0.1)]), b = square([(20, 0), (0, 20)])
        XCTAssertEqual(SVGMergedPaths.runs([a, b]).count, 2)
        // 2 pt further down it clears the corner by sqrt(2) pt at every time: merged.
        XCTAssertEqual(SVGMergedPaths.runs([a, square([(22, 2), (2, 22)])]).count, 1)
    }

    func testOtherFillsOrTimingKeepTheirOwnPaths() {
        let a = square([(0, 0), (0, 0.5)])
        let red = Fill.solid(Color(red: 1, green: 0, blue: 0, alpha: 1))
        XCTAssertEqual(SVGMergedPaths.runs([a, square([(50, 0), (50, 1)], fill: red)]).count, 2)
        XCTAssertEqual(SVGMergedPaths.runs([a, square([(50, 0), (50, 1)], easing: .linear)]).count, 2)
        // A run joins only neighbours apart from all of it: c overlaps a, so it starts a new run.
        let runs = SVGMergedPaths.runs([a, square([(50, 0), (50, 1)]), square([(5, 5), (5, 5.5)])])
        XCTAssertEqual(runs.map(\.count), [2, 1])
    }
}
