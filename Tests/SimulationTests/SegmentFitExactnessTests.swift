import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// SegmentProblem's least squares and the exact-value memo, rewritten for fewer instructions,
/// give the same bits as the forms they replaced (kept here as references).
final class SegmentFitExactnessTests: XCTestCase {
    /// The present spring's position for both players (CurveFitterCheckTests' fitters).
    func fitters() throws -> [CurveFitter<Point>] { try CurveFitterCheckTests.presentFitters() }

    /// The Newton solve of x(s) = u as it was: both bounds updated, then the step, then the
    /// midpoint when the step leaves (lo, hi).
    static func referenceParameter(_ c: CubicBezier, _ u: Double) -> Double {
        if !(u > 0) { return 0 }
        if u >= 1 { return 1 }
        var lo = 0.0, hi = 1.0, s = u
        for _ in 0..<40 {
            let (x, dx) = SegmentProblem.poly(s, c.x1, c.x2)
            let f = x - u
            if abs(f) < 1e-12 { return s }
            if f > 0 { hi = s } else { lo = s }
            var next = dx > 1e-9 ? s - f / dx : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            s = next
        }
        return s
    }

    func testTheParameterIsTheReferenceBitForBit() {
        var generator = SystemRandomNumberGenerator()
        var curves = [CubicBezier(0, 0, 1, 1), CubicBezier(1, 0, 0, 1), CubicBezier(0, 0, 0, 1), CubicBezier(1, 0, 1, 1)]
        curves.append(CubicBezier(0.42, 0, 0.58, 1))
        curves.append(CubicBezier(-0.0, 0, 1e-300, 1))
        for _ in 0..<500 {
            curves.append(CubicBezier(Double.random(in: 0...1, using: &generator), 0, Double.random(in: 0...1, using: &generator), 1))
        }
        var compared = 0
        for c in curves {
            for u in [0, -0.0, 1, 1.5, -1, .nan, 1e-300, 1 - 1e-16] + (0..<64).map({ (Double($0) + 0.5) / 64 }) {
                XCTAssertEqual(SegmentProblem.parameter(c, u).bitPattern, Self.referenceParameter(c, u).bitPattern, "\(c) \(u)")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 30_000)
    }

    /// `projected` clamps as `SIMD4.clamped(lowerBound:upperBound:)` does, signed zeros and NaN included.
    func testTheProjectionIsTheStandardClamp() throws {
        for f in try fitters() {
            let rules = f.rules
            let problem = try XCTUnwrap((2..<f.times.count).lazy.compactMap { SegmentProblem(f, 0, $0) }.first)
            let y = rules.handleY
            let lo = SIMD4<Double>(0, y.lowerBound, 0, y.lowerBound), hi = SIMD4<Double>(1, y.upperBound, 1, y.upperBound)
            let values: [Double] = [0, -0.0, 1, -1, 0.5, 2, -9, 9, .nan, .infinity, -.infinity, 8, -8]
            for a in values {
                for b in values {
                    let p = SIMD4(a, b, b, a)
                    let got = problem.projected(p), want = p.clamped(lowerBound: lo, upperBound: hi)
                    for k in 0..<4 { XCTAssertEqual(got[k].bitPattern, want[k].bitPattern, "\(p) lane \(k)") }
                }
            }
        }
    }

    /// Least squares with the unit weights (refine's) is least squares with an array of ones (the
    /// yardstick's form): the same curves, bit for bit, on the present spring's spans.
    func testUnitWeightsAreWeightsOfOne() throws {
        var solved = 0
        for fitter in try fitters() {
            let n = fitter.times.count - 1
            for i in stride(from: 0, to: n - 12, by: 3) {
                for j in [i + 10, i + 12, i + 30] where j <= n {
                    guard let problem = SegmentProblem(fitter, i, j) else { continue }
                    let count = j - i - 1
                    let sample = SampleSubset(first: 0, step: 1, count: count)
                    for start in [CubicBezier.linear, CubicBezier(0.2, 0.8, 0.3, 1), CubicBezier(0.42, 0, 0.58, 1)] {
                        let unit = problem.levenbergMarquardt(start, sample, UnitWeights(), iterations: 8, giveUp: false)
                        let ones = problem.levenbergMarquardt(start, sample, SampleWeights(Array(repeating: 1, count: count)), iterations: 8, giveUp: false)
                        for (a, b) in [
                            (unit.curve.x1, ones.curve.x1), (unit.curve.y1, ones.curve.y1), (unit.curve.x2, ones.curve.x2), (unit.curve.y2, ones.curve.y2),
                        ] {
                            XCTAssertEqual(a.bitPattern, b.bitPattern, "\(i) \(j) \(start)")
                        }
                        if unit.curve != start { solved += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(solved, 10)
    }

    /// The normal equations from the upper triangle mirrored are the 16 sums of products.
    func testTheMirroredNormalEquationsAreEverySum() throws {
        var compared = 0
        for fitter in try fitters() {
            let n = fitter.times.count - 1
            for i in stride(from: 0, to: n - 20, by: 7) {
                guard let problem = SegmentProblem(fitter, i, i + 20) else { continue }
                let sample = SampleSubset(first: 1, step: 2, count: 9)
                for c in [CubicBezier(0.2, 0.8, 0.3, 1), CubicBezier(0.42, -0.3, 0.58, 1.4)] {
                    var parameters = [Double](repeating: 0, count: sample.count)
                    _ = problem.cost(c, sample, UnitWeights(), parameters: &parameters)
                    let (jtj, _) = parameters.withUnsafeMutableBufferPointer { problem.normalEquations(c, sample, UnitWeights(), $0.baseAddress!) }
                    // Every entry as jtj[r][c] += g[r]·g[c] summed in sample order, g as the Jacobian makes it.
                    var full = [[Double]](repeating: [0, 0, 0, 0], count: 4)
                    for m in 0..<sample.count {
                        let s = parameters[m]
                        let dx = SegmentProblem.poly(s, c.x1, c.x2).1, dy = SegmentProblem.poly(s, c.y1, c.y2).1
                        let slope = dy / max(dx, 1e-9)
                        let b1 = 3 * (1 - s) * (1 - s) * s, b2 = 3 * (1 - s) * s * s
                        let budget = problem.samples[sample.first + m * sample.step].budget
                        let w = 1 / budget
                        let g = [-slope * b1 * w, b1 * w, -slope * b2 * w, b2 * w]
                        for r in 0..<4 { for k in 0..<4 { full[r][k] += g[k] * g[r] } }
                    }
                    let rows = [jtj.0, jtj.1, jtj.2, jtj.3]
                    for r in 0..<4 {
                        for k in 0..<4 { XCTAssertEqual(rows[r][k].bitPattern, full[r][k].bitPattern, "\(i) row \(r) col \(k)") }
                    }
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 4)
    }

    /// A table read computes a value only for a key it does not hold, and keeps every key apart
    /// through its growths (the free slot's key, UInt64.max, included).
    func testATableComputesEachKeyOnce() {
        var table = TimeTable<Int>()
        var computed = 0
        var keys: [UInt64] = [0, (-0.0).bitPattern, UInt64.max]
        for k in 0..<2000 { keys.append((0.5 + Double(k) * 1e-12).bitPattern) }
        for k in 0..<2000 { keys.append((Double(k) / 240).bitPattern) }
        keys = Array(Set(keys))
        for pass in 0..<2 {
            for (n, key) in keys.enumerated() {
                let v = table.value(key) {
                    computed += 1
                    return n
                }
                XCTAssertEqual(v, n, "pass \(pass)")
            }
        }
        XCTAssertEqual(computed, keys.count)
        for (n, key) in keys.enumerated() { XCTAssertEqual(table[key], n) }
        XCTAssertNil(table[(0.25).bitPattern + 1])
        table.release()
    }

    /// A memo's read computes once per time and gives what was computed.
    func testAMemoComputesEachTimeOnce() {
        let memo = ExactValueMemo<Double>()
        var computed = 0
        for _ in 0..<3 {
            for k in 0..<500 {
                let t = Double(k) / 240
                XCTAssertEqual(
                    memo.value(t) {
                        computed += 1; return $0 * 2
                    }, t * 2)
            }
        }
        XCTAssertEqual(computed, 500)
    }
}
