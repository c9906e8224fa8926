import Motion
import Simulation
import TransitionModel
import XCTest

@testable import Keyframes

/// Shortcuts of the 3D fits that must give the very answers of the code they replace (every
/// exported byte the same): the rounding without libm's call, a candidate's check starting where
/// the one before failed, the gradient fit's numbers made once per time, and the easing fit's
/// trials refused before their cost is summed whole.
final class ProjectionSameAnswerTrimsTests: XCTestCase {
    /// ProjectionFitter.rounded is `rounded()` bit for bit: signed zeros, halves either side,
    /// the neighbours of halves, the 2^52 edge, infinities, NaN and a spread of magnitudes.
    func testRoundedEqualsRoundedBitForBit() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994, 1e-300, -1e-300]
        values += [0x1p52, -0x1p52, 0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p53 + 2, 1e300, .infinity, -.infinity, .nan, .greatestFiniteMagnitude]
        for h in stride(from: -20.5, through: 20.5, by: 1.0) { values += [h, h.nextUp, h.nextDown] }
        var seed: UInt64 = 42
        for _ in 0..<20_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let unit = Double(seed >> 11) / Double(1 << 53) - 0.5
            values.append(unit * Double(1 << Int(seed % 40)))
        }
        for x in values {
            let fast = ProjectionFitter.rounded(x), slow = x.rounded()
            if slow.isNaN { XCTAssertTrue(fast.isNaN, "\(x)"); continue }
            XCTAssertEqual(fast.bitPattern, slow.bitPattern, "\(x)")
        }
    }

    /// ProjectionFitter.fits answers the same whichever time of the order it checks first, and
    /// where it fails, `failed` is a time the blend fails at.
    func testFitsAnswersTheSameWhicheverTimeComesFirst() {
        let fitter = ProjectionFitter(visible: 0.5, outline: 0.5)
        let square = BezierPath.rect(Rect(0, 0, 100, 100))
        let layout = ProjectionFitter.Layout([square], outlines: [true])
        let n = 24
        let times = (0...n).map { Double($0) / 120 }
        // Eased: a linear blend strays mid-way, the ease in-out one does not.
        let samples = (0...n).map { k in
            let u = Double(k) / Double(n), f = CubicBezier.easeInEaseOut.progress(at: u)
            return layout.flat([square.map { Point($0.x + 30 * f, $0.y) }])
        }
        let boxes = [Rect](repeating: Rect(-2, -2, 400, 400), count: n + 1)
        let a = samples[0].map(ProjectionFitter.onGrid), b = samples[n].map(ProjectionFitter.onGrid)
        var answers: [Bool] = []
        for easing in [KeyframeEasing.linear, .bezier(.easeInEaseOut), .bezier(CubicBezier(0.4, 0, 0.6, 1))] {
            for j in [10, 16, n] {
                let order = ProjectionFitter.checkOrder(0, j)
                let answer = fitter.fits(layout, times, samples, a, b, boxes, 0, j, easing, order)
                answers.append(answer)
                for first in [-1] + order {
                    var failed = -1
                    let got = fitter.fits(layout, times, samples, a, b, boxes, 0, j, easing, order, first: first, failed: &failed)
                    XCTAssertEqual(got, answer, "\(easing) 0…\(j) first \(first)")
                    if !got {
                        XCTAssertTrue(order.contains(failed))
                        let f = easing.progress(at: (times[failed] - times[0]) / (times[j] - times[0]))
                        XCTAssertFalse(fitter.within(layout, samples[failed], a, b, f, boxes[failed]))
                    }
                }
            }
        }
        // Both answers occur (the shortcut is exercised on failures).
        XCTAssertTrue(answers.contains(true) && answers.contains(false))
    }

    /// FactoredSpanCheck.passes answers the same whichever time of the order it checks first.
    func testFactoredCheckAnswersTheSameWhicheverTimeComesFirst() {
        let square = BezierPath.rect(Rect(0, 0, 100, 100))
        let layout = ProjectionFitter.Layout([square], outlines: [false])
        let n = 16
        let times = (0...n).map { Double($0) / 120 }
        // R moves 20 pt eased; A scales x by 1 − k/40 and shifts by k.
        var host: [Point] = [], drawnA: [PlaneProjection] = []
        var r: [[Point]] = []
        for k in 0...n {
            let f = CubicBezier.easeInEaseOut.progress(at: Double(k) / Double(n)), sx = 1 - Double(k) / 40
            let points = layout.flat([square.map { Point($0.x + 20 * f, $0.y) }])
            r.append(points)
            host += points.map { FactoredSpanCheck.apply(sx, Point(Double(k), 0), $0) }
            drawnA.append(PlaneProjection([sx, 0, 0, 0, 1, 0, Double(k), 0, 1]))
        }
        var check = FactoredSpanCheck(
            layout: layout, fitter: ProjectionFitter(visible: 0.5, outline: 0.5), host: host,
            boxes: [Rect](repeating: Rect(-2, -2, 400, 400), count: n + 1), drawnA: [drawnA],
            slot: [Int](repeating: 0, count: layout.pointCount))
        let a = r[0].map(ProjectionFitter.onGrid), b = r[n].map(ProjectionFitter.onGrid)
        var answers: [Bool] = []
        for easing in [KeyframeEasing.linear, .bezier(.easeInEaseOut)] {
            let order = ProjectionFitter.checkOrder(0, n)
            var failed = -1
            let answer = check.passes(easing, a, b, 0, n, times: times, order: order, failed: &failed)
            answers.append(answer)
            for first in order {
                var at = -1
                XCTAssertEqual(check.passes(easing, a, b, 0, n, times: times, order: order, first: first, failed: &at), answer)
                if !answer { XCTAssertTrue(order.contains(at)) }
            }
        }
        XCTAssertEqual(answers, [false, true])
    }

    /// GradientAxisFitter.visibleArea (one pass) gives the box of `allPoints`' min() and max():
    /// signed zeros (the first of equals kept), an empty path, a box it misses.
    func testVisibleAreaEqualsTheArraysMinAndMax() {
        func plain(_ paths: MultiPath, _ box: Rect) -> Rect? {
            let points = paths.subpaths.flatMap(\.allPoints)
            guard let minX = points.map(\.x).min(), let maxX = points.map(\.x).max(), let minY = points.map(\.y).min(),
                let maxY = points.map(\.y).max()
            else { return nil }
            let x0 = max(minX, box.minX), x1 = min(maxX, box.maxX), y0 = max(minY, box.minY), y1 = min(maxY, box.maxY)
            guard x0 <= x1, y0 <= y1 else { return nil }
            return Rect(x0, y0, x1 - x0, y1 - y0)
        }
        let zeros = BezierPath(
            vertices: [Point(0, -0.0), Point(-0.0, 0), Point(5, 5)], outControls: [Point(-0.0, 0), Point(0, 0), Point(5, -0.0)],
            inControls: [Point(0, 0), Point(-0.0, -0.0), Point(0, 5)], isLine: [true, true, true])
        let cases = [
            MultiPath([zeros]), MultiPath([.rect(Rect(10, 20, 30, 40)), zeros]), MultiPath([]),
            MultiPath([.rect(Rect(-50, -60, 20, 10))]),
        ]
        for box in [Rect(-2, -2, 100, 100), Rect(0, 0, 5, 5), Rect(200, 200, 10, 10)] {
            for paths in cases {
                let fast = GradientAxisFitter.visibleArea(paths, box), slow = plain(paths, box)
                XCTAssertEqual(fast == nil, slow == nil)
                if let fast, let slow {
                    func bits(_ r: Rect) -> [UInt64] { [r.origin.x, r.origin.y, r.size.width, r.size.height].map(\.bitPattern) }
                    XCTAssertEqual(bits(fast), bits(slow))
                }
            }
        }
    }

    /// GradientAxisFitter.fit (its numbers made once per time) gives the spans the plain
    /// per-span code gives: its `easing` and `fits` with every candidate.
    func testPreparedGradientFitEqualsThePlainOne() {
        let colors = [Color.black, Color(red: 0.5, green: 0.5, blue: 0.5), Color.white]
        let fitter = GradientAxisFitter(distance: 0.5, levels: 0.25, colors: colors)
        let n = 90
        let times = (0...n).map { Double($0) / 300 }
        // An axis turning and stretching on a spring-like path; the paint hidden for a while.
        let samples = (0...n).map { k -> GradientAxis in
            let t = Double(k) / Double(n), turn = 1.2 * t + 0.15 * sin(9 * t), length = 300 + 80 * sin(5 * t)
            let start = Point(50 + 40 * t, 400 - 20 * t)
            return GradientAxis(start: start, end: Point(start.x + length * cos(turn), start.y + length * sin(turn)), offsets: [0, 0.3 + 0.1 * t, 1])
        }
        let areas: [Rect?] = (0...n).map { k in (40..<50).contains(k) ? nil : Rect(0, 0, 390, 844) }
        let keys = samples.map(GradientAxisFitter.written)
        let plain = EasingFit.spans(count: n) { i, j in
            let exact = fitter.easing(times, samples, keys, i, j)
            return EasingFit.writtenCandidates(exact).first { fitter.fits(times, samples, keys, areas, i, j, $0) }
        }
        let prepared = fitter.fit(times: times, samples: samples, areas: areas)
        XCTAssertGreaterThan(plain.count, 3)
        XCTAssertEqual(prepared.map(\.start), plain.map(\.start))
        XCTAssertEqual(prepared.map(\.easing), plain.map(\.easing))
    }

    /// EasingFit.curve, whose trials stop summing their cost once it reaches the current one,
    /// gives the curve of the whole-sum trials bit for bit (EasingFitReference below).
    func testCurveEqualsTheWholeSumFit() {
        var seed: UInt64 = 7
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        for trial in 0..<400 {
            let count = 3 + trial % 22
            let target = CubicBezier(next(), next() * 1.4 - 0.2, next(), next() * 1.4 - 0.2)
            let u = (1...count).map { Double($0) / Double(count + 1) }
            let q = u.map { target.progress(at: $0) + (next() - 0.5) * 0.02 }
            let fast = EasingFit.curve(u: u, q: q), whole = EasingFitReference.curve(u: u, q: q)
            XCTAssertEqual(
                [fast.x1, fast.y1, fast.x2, fast.y2].map(\.bitPattern), [whole.x1, whole.y1, whole.x2, whole.y2].map(\.bitPattern), "trial \(trial)")
        }
    }
}

/// EasingFit.curve as it was before its trials stopped early (649ff31): every trial's
/// parameters, residuals and cost made whole. The reference for testCurveEqualsTheWholeSumFit.
private enum EasingFitReference {
    static func curve(u: [Double], q: [Double]) -> CubicBezier {
        guard !u.isEmpty else { return .linear }
        let m0 = max(0, q[0] / max(u[0], 1e-9))
        let m1 = max(0, (1 - q[q.count - 1]) / max(1 - u[u.count - 1], 1e-9))
        let a = min(1.0 / 3, 1 / max(m0, 1e-9)), b = min(1.0 / 3, 1 / max(m1, 1e-9))
        var p = SIMD4<Double>(a, min(1, m0 * a), 1 - b, max(0, 1 - m1 * b))
        let n = u.count
        var s = [Double](repeating: 0, count: n), scratch = s, r = s, rc = s
        func parameters(_ v: SIMD4<Double>, near start: [Double]?, into out: inout [Double]) {
            let x = EasingFit.UnitCubic(v[0], v[2])
            for k in 0..<n {
                guard u[k] > 0 && u[k] < 1 else { out[k] = 0; continue }
                if let start {
                    out[k] = CubicBezier(v[0], 0, v[2], 1).solveParameter(forX: u[k], near: start[k])
                } else {
                    out[k] = CubicBezier(v[0], v[1], v[2], v[3]).solveParameter(forX: u[k])
                }
            }
        }
        func residuals(_ v: SIMD4<Double>, _ params: [Double], into out: inout [Double]) {
            let y = EasingFit.UnitCubic(v[1], v[3])
            for k in 0..<n { out[k] = (!(u[k] > 0) ? 0 : u[k] >= 1 ? 1 : y.value(params[k])) - q[k] }
        }
        func cost(_ r: [Double]) -> Double {
            var sum = 0.0
            for k in 0..<n { sum = sum + r[k] * r[k] }
            return sum
        }
        var jtj = [Double](repeating: 0, count: 16), m = jtj, jtr = [Double](repeating: 0, count: 4), rhs = jtr, step = jtr
        parameters(p, near: nil, into: &s)
        residuals(p, s, into: &r)
        var current = cost(r), lambda = 1e-3
        let negligible = 1e-10 * Double(n)
        for _ in 0..<30 {
            let xc = EasingFit.UnitCubic(p[0], p[2]), yc = EasingFit.UnitCubic(p[1], p[3])
            var h00 = 0.0, h01 = 0.0, h02 = 0.0, h03 = 0.0, h11 = 0.0, h12 = 0.0, h13 = 0.0, h22 = 0.0, h23 = 0.0, h33 = 0.0
            var g0 = 0.0, g1 = 0.0, g2 = 0.0, g3 = 0.0
            for k in 0..<n where u[k] > 0 && u[k] < 1 {
                let t = s[k], w = 1 - t
                let b1 = 3 * t * w * w, b2 = 3 * t * t * w
                let dx = xc.slope(t)
                let ratio = dx > 1e-9 ? -yc.slope(t) / dx : 0
                let j0 = ratio * b1, j1 = b1, j2 = ratio * b2, j3 = b2, e = r[k]
                h00 += j0 * j0; h01 += j0 * j1; h02 += j0 * j2; h03 += j0 * j3
                h11 += j1 * j1; h12 += j1 * j2; h13 += j1 * j3
                h22 += j2 * j2; h23 += j2 * j3; h33 += j3 * j3
                g0 += j0 * e; g1 += j1 * e; g2 += j2 * e; g3 += j3 * e
            }
            jtj = [h00, h01, h02, h03, h01, h11, h12, h13, h02, h12, h22, h23, h03, h13, h23, h33]
            jtr = [g0, g1, g2, g3]
            var held = SIMD4<Double>.zero
            for d in 0..<4 where (p[d] <= 0 && jtr[d] > 0) || (p[d] >= 1 && jtr[d] < 0) { held[d] = 1 }
            if held == SIMD4(repeating: 1) { break }
            var improved = false
            for _ in 0..<6 {
                m = jtj
                for i in 0..<4 { m[i * 4 + i] *= 1 + lambda; m[i * 4 + i] += 1e-12 }
                for i in 0..<4 { rhs[i] = -jtr[i] }
                for d in 0..<4 where held[d] != 0 {
                    for e in 0..<4 { m[d * 4 + e] = 0; m[e * 4 + d] = 0 }
                    m[d * 4 + d] = 1; rhs[d] = 0
                }
                guard EasingFit.solve4(&m, &rhs, into: &step) else { break }
                let candidate = EasingFit.unitClamped(p + SIMD4(step[0], step[1], step[2], step[3]))
                if candidate == p { lambda *= 8; continue }
                parameters(candidate, near: s, into: &scratch)
                residuals(candidate, scratch, into: &rc)
                let c = cost(rc)
                if c < current {
                    p = candidate; swap(&s, &scratch); swap(&r, &rc); improved = current - c > max(current * 1e-4, negligible)
                    current = c; lambda = max(lambda / 4, 1e-9)
                    break
                }
                lambda *= 8
            }
            if !improved { break }
        }
        return CubicBezier(p[0], p[1], p[2], p[3])
    }
}
