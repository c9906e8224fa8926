import Motion
import XCTest

@testable import Keyframes

/// Where the least-squares easing fit (EasingFit.curve) stops: at the best curve inside the unit
/// square when the target leaves it, and early, on an equally good curve, when the target is
/// almost a straight line.
final class EasingFitConvergenceTests: XCTestCase {
    private func cost(_ c: CubicBezier, _ u: [Double], _ q: [Double]) -> Double {
        var sum = 0.0
        for (x, y) in zip(u, q) {
            let e = c.progress(at: x) - y
            sum += e * e
        }
        return sum
    }

    /// The largest share of the cost that moving one control value (kept in [0, 1]) by 0.001 or
    /// 0.01 takes off: 0 at the bounded optimum.
    private func gainByANudge(_ c: CubicBezier, _ u: [Double], _ q: [Double]) -> Double {
        let v = [c.x1, c.y1, c.x2, c.y2], fitted = cost(c, u, q)
        var gain = 0.0
        for d in 0..<4 {
            for h in [-1e-2, -1e-3, 1e-3, 1e-2] {
                var w = v
                w[d] = min(1, max(0, w[d] + h))
                gain = max(gain, (fitted - cost(CubicBezier(w[0], w[1], w[2], w[3]), u, q)) / fitted)
            }
        }
        return gain
    }

    func testATargetBeyondTheSquareEndsAtTheBoundedOptimum() {
        // A curve whose y2 is 1.25: the best unit curve holds y2 (and here y1) at 1. A full
        // step clamped to the square zigzagged against the bound: after the 30 steps the fit
        // stopped at cost 0.0160, 1.8 times the optimum, with a nudge of x1 still gaining 0.9 %.
        let u = (1...15).map { Double($0) / 16 }
        let q = u.map(CubicBezier(0.3, 0.5, 0.6, 1.25).progress)
        let c = EasingFit.curve(u: u, q: q)
        XCTAssertTrue(c.staysInUnitInterval)
        XCTAssertEqual(c.y2, 1)
        XCTAssertLessThan(cost(c, u, q), 0.0088)
        XCTAssertLessThan(gainByANudge(c, u, q), 1e-6, "\(c)")
    }

    func testASpringLikeTargetAtTheEdgeIsFittedToTheOptimum() {
        // 13 progress samples of a flip-push span (its fit was stopped by the 30-step limit at
        // cost 3.23e-5 with y2 clamped at 1).
        let u = [
            0.0054945054945054975, 0.08791208791208796, 0.17032967032967045, 0.2527472527472527, 0.33516483516483514,
            0.41758241758241765, 0.4999999999999999, 0.5824175824175823, 0.6648351648351646, 0.7472527472527472,
            0.8296703296703294, 0.9120879120879121, 0.9945054945054943,
        ]
        let q = [
            0.0036992208421868776, 0.0649912747796123, 0.1401933505514291, 0.23137738126031893, 0.33902102037325826,
            0.46086652576537696, 0.5905699940385177, 0.717383049592851, 0.82822710679529, 0.9122288067152207,
            0.9652775111466286, 0.9913405722383457, 0.9998003995417248,
        ]
        let c = EasingFit.curve(u: u, q: q)
        XCTAssertLessThan(cost(c, u, q), 2.6e-5)
        XCTAssertLessThan(gainByANudge(c, u, q), 1e-6, "\(c)")
    }

    func testANearlyStraightTargetIsFittedWellBelowWhatIsWritten() {
        // q = u bent by 0.2 %: many curves near the diagonal fit it equally; the fit stops once a
        // step changes the fitted progress by under 1e-5, still far below 3 decimals' rounding.
        let u = (1...12).map { Double($0) / 13 }
        let q = u.map { $0 + 0.002 * sin(.pi * $0) }
        let c = EasingFit.curve(u: u, q: q)
        let worst = zip(u, q).map { abs(c.progress(at: $0.0) - $0.1) }.max()!
        XCTAssertLessThan(worst, 2e-4, "\(c)")
    }

    /// The trial step's clamp to the unit square gives SIMD's `clamped` bits lane by lane: −0
    /// kept, values past either bound set to it, NaN to 1 (as Double.maximum and .minimum do).
    func testTheUnitClampEqualsSIMDClampedBitForBit() {
        let values: [Double] = [-0.0, 0, 1e-300, -1e-300, 0.25, 1, 1.0.nextUp, 1.0.nextDown, 2, -2, .infinity, -.infinity, .nan]
        for x in values {
            for y in [0.5, -0.0, .nan] {
                let v = SIMD4(x, y, 1 - x, x * 3)
                let expected = v.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1)), got = EasingFit.unitClamped(v)
                for lane in 0..<4 { XCTAssertEqual(got[lane].bitPattern, expected[lane].bitPattern, "\(v) lane \(lane)") }
            }
        }
    }
}
