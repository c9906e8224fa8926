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

    /// `apart` tries the directions as it makes them and stops at one that separates; the answer
    /// is the one of testing every direction first (the former order), on point sets near and
    /// far, overlapping, touching and apart by about `gap`.
    func testApartIsTheAnswerOverEveryDirection() {
        func everyDirection(_ a0: [Point], _ a1: [Point], _ b0: [Point], _ b1: [Point]) -> Bool {
            func centre(_ p: [Point]) -> Point { p.reduce(Point(0, 0), +) * (1 / Double(max(p.count, 1))) }
            let (d0, d1) = (centre(b0) - centre(a0), centre(b1) - centre(a1))
            var directions = [Point(1, 0), Point(0, 1)]
            for d in [d0, d1, d0 + d1] {
                let length = (d.x * d.x + d.y * d.y).squareRoot()
                if length > 1e-9 { directions.append(d * (1 / length)) }
            }
            for set in [a0, a1, b0, b1] {
                let h = SVGMergedPaths.hull(set)
                for i in h.indices {
                    let e = h[(i + 1) % h.count] - h[i]
                    let length = (e.x * e.x + e.y * e.y).squareRoot()
                    if length > 1e-9 { directions.append(Point(-e.y / length, e.x / length)) }
                }
            }
            func range(_ p: [Point], _ n: Point) -> (lo: Double, hi: Double) {
                p.reduce((Double.infinity, -Double.infinity)) { r, q in
                    let d = q.x * n.x + q.y * n.y
                    return (min(r.0, d), max(r.1, d))
                }
            }
            return directions.contains { n in
                let (ra0, ra1, rb0, rb1) = (range(a0, n), range(a1, n), range(b0, n), range(b1, n))
                let gap = SVGMergedPaths.gap
                return (ra0.hi + gap <= rb0.lo && ra1.hi + gap <= rb1.lo) || (rb0.hi + gap <= ra0.lo && rb1.hi + gap <= ra1.lo)
            }
        }
        var generator = SystemRandomNumberGenerator()
        func set(around c: Point, size: Double) -> [Point] {
            (0..<Int.random(in: 1...9, using: &generator)).map { _ in
                Point(c.x + Double.random(in: 0...size, using: &generator), c.y + Double.random(in: 0...size, using: &generator))
            }
        }
        var (separated, joined) = (0, 0)
        for _ in 0..<4000 {
            let size = Double.random(in: 0.5...12, using: &generator)
            let reach = Double.random(in: 0...30, using: &generator)
            func near() -> Point { Point(Double.random(in: -reach...reach, using: &generator), Double.random(in: -reach...reach, using: &generator)) }
            let a0 = set(around: Point(0, 0), size: size), b0 = set(around: near(), size: size)
            let still = Bool.random(using: &generator)
            let a1 = still ? a0 : set(around: near(), size: size), b1 = still ? b0 : set(around: near(), size: size)
            let expected = everyDirection(a0, a1, b0, b1)
            XCTAssertEqual(SVGMergedPaths.apart(a0, a1, b0, b1), expected)
            if expected { separated += 1 } else { joined += 1 }
        }
        XCTAssertGreaterThan(min(separated, joined), 400)  // both answers are tested
    }
}
