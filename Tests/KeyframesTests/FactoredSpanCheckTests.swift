import Foundation
import Motion
import Simulation
import TransExportTestSupport
import TransitionModel
import XCTest

@testable import Keyframes

/// The factored group's check (FactoredSpanCheck.swift) decides as ProjectionFitter.within with
/// both keys the drawn shape, and applies A as PlaneProjection.apply does.
final class FactoredSpanCheckTests: XCTestCase {
    /// Rounded rects and stadiums (lines and cubics), as outlines and painted, drawn with random
    /// errors around their exact shapes and boxes that cut them: the same yes or no every time,
    /// and both answers seen.
    func testOneShapeWithinDecidesAsTheGeneralCheck() {
        var random = SplitMix64(seed: 13)
        let shapes = [
            BezierPath.roundedRect(Rect(0, 0, 120, 40), radius: 8), BezierPath.roundedRect(Rect(-30, 10, 60, 20), radius: 10).withoutEmptyLines,
            BezierPath.rect(Rect(5, 5, 50, 70)),
        ]
        let layout = ProjectionFitter.Layout(shapes, outlines: [false, true, false], shapeErrors: [0, 0, 0.05])
        let fitter = ProjectionFitter(visible: 0.225, outline: 0.45)
        var passed = 0, failed = 0
        for _ in 0..<4000 {
            let exact = layout.flat(shapes.map { $0.map { Point($0.x + random.uniform(-40, 40), $0.y + random.uniform(-40, 40)) } })
            let spread = [0.05, 0.2, 0.4][Int(random.uniform(0, 2.999))]
            let drawn = exact.map { Point($0.x + random.uniform(-spread, spread), $0.y + random.uniform(-spread, spread)) }
            let box = Rect(random.uniform(-60, 60), random.uniform(-60, 60), random.uniform(0, 150), random.uniform(0, 150))
            let general = fitter.within(layout, exact, drawn, drawn, 0, box)
            XCTAssertEqual(fitter.within(layout, exact, drawn, box: box), general)
            if general { passed += 1 } else { failed += 1 }
        }
        XCTAssertGreaterThan(passed, 200)
        XCTAssertGreaterThan(failed, 200)
    }

    /// The check orders written into reused arrays are checkOrder's, coarse and dense, and the
    /// dense order less the coarse times (factoredGroup's search).
    func testCheckOrderIntoReusedArraysIsCheckOrders() {
        var order: [Int] = [], seen: [Bool] = []
        for (i, j) in [(0, 1), (0, 2), (3, 40), (10, 11), (7, 300), (0, 9), (120, 1000), (5, 6)] {
            for every in [1, 2, 4, 7] {
                ProjectionFitter.checkOrder(i, j, into: &order, seen: &seen) { every == 1 || $0 % every == 0 }
                XCTAssertEqual(order, ProjectionFitter.checkOrder(i, j, every: every), "\(i)…\(j) every \(every)")
                ProjectionFitter.checkOrder(i, j, into: &order, seen: &seen) { $0 % every != 0 }
                XCTAssertEqual(order, ProjectionFitter.checkOrder(i, j).filter { $0 % every != 0 }, "\(i)…\(j) every \(every)")
            }
        }
        XCTAssertEqual(ProjectionFitter.checkOrder(0, 16), [2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15])
    }

    /// R's candidate easings: 1 decimal, then writtenCandidates' 2 and 3, repeats dropped, in that order.
    func testCandidatesAreOneDecimalThenTheWrittenOnes() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<500 {
            let c = CubicBezier(random.uniform(0, 1), random.uniform(0, 1), random.uniform(0, 1), random.uniform(0, 1))
            let first: KeyframeEasing = EasingFit.rounded(c, decimals: 1).isLinear ? .linear : .bezier(EasingFit.rounded(c, decimals: 1))
            let expected = [first] + EasingFit.writtenCandidates(.bezier(c)).filter { $0 != first }
            XCTAssertEqual(FactoredProjection.candidates(.bezier(c)), expected)
        }
        XCTAssertEqual(FactoredProjection.candidates(.bezier(CubicBezier(0.25, 0.1, 0.25, 1))).count, 2)
        XCTAssertEqual(FactoredProjection.candidates(.linear), [.linear])
    }

    /// A as factorInterval writes it (translate · scale(sx, 1), sx edge-on included): the same
    /// point as PlaneProjection.apply.
    func testAIsAppliedAsThePlaneProjection() {
        var random = SplitMix64(seed: 7)
        for sx in [1.0, -0.73, 0.25, 1e-5, -1e-5] {
            let t = Point(random.uniform(-400, 400), random.uniform(-400, 900))
            let h = PlaneProjection([sx, 0, 0, 0, 1, 0, t.x, t.y, 1])
            for _ in 0..<200 {
                let p = Point(random.uniform(-2000, 2000), random.uniform(-2000, 2000))
                let mine = FactoredSpanCheck.apply(sx, t, p), theirs = h.apply(p)
                XCTAssertEqual(mine.x, theirs.x)
                XCTAssertEqual(mine.y, theirs.y)
            }
        }
    }

    /// Errors of lengths within a hair of the tolerance (either side of `Segment.sure`): the
    /// errors-first order and the lines' sure pass decide as the general check.
    func testOneShapeWithinDecidesAsTheGeneralCheckAtTheTolerance() {
        var random = SplitMix64(seed: 17)
        let shapes = [BezierPath.roundedRect(Rect(0, 0, 120, 40), radius: 8), BezierPath.rect(Rect(5, 5, 50, 70))]
        let layout = ProjectionFitter.Layout(shapes, outlines: [false, false], shapeErrors: [0, 0.05])
        let fitter = ProjectionFitter(visible: 0.225, outline: 0.45)
        var passed = 0, failed = 0
        for _ in 0..<3000 {
            let exact = layout.flat(shapes)
            let drawn = exact.indices.map { n -> Point in
                let visible = n < 3 * shapes[0].segmentCount ? 0.225 : 0.175
                let length = visible * (1 + random.uniform(-3e-6, 1e-6)), turn = random.uniform(0, 6.283)
                return Point(exact[n].x + length * cos(turn), exact[n].y + length * sin(turn))
            }
            let box = Rect(random.uniform(-60, 60), random.uniform(-60, 60), random.uniform(0, 150), random.uniform(0, 150))
            let general = fitter.within(layout, exact, drawn, drawn, 0, box)
            XCTAssertEqual(fitter.within(layout, exact, drawn, box: box), general)
            if general { passed += 1 } else { failed += 1 }
        }
        XCTAssertGreaterThan(passed, 100)
        XCTAssertGreaterThan(failed, 100)
    }

    /// The candidates appended to a store are `candidates`' (after whatever the store held).
    func testAppendedCandidatesAreTheCandidates() {
        var random = SplitMix64(seed: 23)
        var store: [KeyframeEasing] = [.hold]
        let easings: [KeyframeEasing] =
            [.linear, .hold, .bezier(CubicBezier(0.25, 0.1, 0.25, 1)), .bezier(CubicBezier(0.1, 0.1, 0.9, 0.9))]
            + (0..<500).map { _ in .bezier(CubicBezier(random.uniform(0, 1), random.uniform(0, 1), random.uniform(0, 1), random.uniform(0, 1))) }
        for easing in easings {
            let start = store.count
            let count = FactoredProjection.appendCandidates(easing, to: &store)
            XCTAssertEqual(Array(store[start...]), FactoredProjection.candidates(easing))
            XCTAssertEqual(count, store.count - start)
        }
        XCTAssertEqual(store[0], .hold)
    }

    /// The prepared progress is KeyframeEasing.progress(at:), bit for bit, ends and outside included.
    func testPreparedProgressIsTheEasingsProgress() {
        var random = SplitMix64(seed: 29)
        let easings: [KeyframeEasing] =
            [.linear, .hold, .bezier(CubicBezier(0, 0, 1, 1)), .bezier(CubicBezier(0, 1, 0, 1)), .bezier(CubicBezier(1, 0, 1, 0))]
            + (0..<300).map { _ in .bezier(CubicBezier(random.uniform(0, 1), random.uniform(0, 1), random.uniform(0, 1), random.uniform(0, 1))) }
        for easing in easings {
            let prepared = PreparedProgress(easing)
            for u in [-0.5, -0.0, 0, 1e-9, 0.5, 1 - 1e-12, 1, 1.5, .nan] + (0..<50).map({ _ in random.uniform(0, 1) }) {
                XCTAssertEqual(prepared.at(u).bitPattern, easing.progress(at: u).bitPattern, "\(easing) at \(u)")
            }
        }
    }

    /// The coarse order visiting only multiples of `every` is checkOrder's, offsets and periods
    /// of every kind (a step sharing factors with `every`, none, a start past the multiples).
    func testCoarseCheckOrderIsCheckOrders() {
        var order: [Int] = [], seen: [Bool] = []
        for i in [0, 1, 3, 7, 12, 120] {
            for length in [1, 2, 3, 5, 8, 9, 16, 17, 40, 63, 64, 65, 100, 293, 880] {
                for every in [1, 2, 3, 4, 5, 6, 7, 8, 12, 16] {
                    ProjectionFitter.checkOrder(i, i + length, every: every, into: &order, seen: &seen)
                    XCTAssertEqual(order, ProjectionFitter.checkOrder(i, i + length, every: every), "\(i)…\(i + length) every \(every)")
                }
            }
        }
    }
}
