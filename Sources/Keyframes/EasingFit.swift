import Motion
// One interval's easing for a whole group of projected paths: the unit cubic bezier p(u) whose
// blend A + (B − A)·p(u) follows the exact motion best, and the greedy search for the longest
// intervals such a blend keeps within tolerance (ProjectionFitter.swift). Pure arithmetic.
import TransitionModel

enum EasingFit {
    /// The unit cubic bezier (every control value in [0, 1], so SMIL can play it) closest in the
    /// least-squares sense to the target progress `q` at normalised times `u` (0 < u < 1). Starts from the Hermite curve of the end slopes, then
    /// Levenberg–Marquardt on the four control values, clamped to the unit square (a value at a
    /// bound that the descent pushes out is held there), until a step gains under 1e-4 of the
    /// cost or changes the fitted progress negligibly (BENCHMARKS.md#the-easing-fits-cost-2026-12-04).
    static func curve(u: [Double], q: [Double]) -> CubicBezier {
        u.withUnsafeBufferPointer { u in q.withUnsafeBufferPointer { q in curve(u: u, q: q) } }
    }

    /// The same on the numbers in place (the callers' own buffers: no arrays per fit).
    static func curve(u: UnsafeBufferPointer<Double>, q: UnsafeBufferPointer<Double>) -> CubicBezier {
        guard !u.isEmpty else { return .linear }
        // End slopes from the first and last samples (one-sided differences).
        let m0 = max(0, q[0] / max(u[0], 1e-9))
        let m1 = max(0, (1 - q[q.count - 1]) / max(1 - u[u.count - 1], 1e-9))
        let a = min(1.0 / 3, 1 / max(m0, 1e-9)), b = min(1.0 / 3, 1 / max(m1, 1e-9))
        let initial = SIMD4<Double>(a, min(1, m0 * a), 1 - b, max(0, 1 - m1 * b))
        // One workspace of flat buffers, written in place (no array, bounds or uniqueness check
        // per evaluation). The curve parameter s at each u depends on x1 and x2 alone
        // (CubicBezier.solveParameter, most of a trial's time); a trial starts Newton from the
        // current curve's parameters (1-3 steps instead of 4-5 from s = u).
        // u and q are read in place; the rest is on the stack for the usual few samples
        // (withUnsafeTemporaryAllocation: a heap block was made and freed per fit).
        let n = u.count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * n + 44) { work in
            var p = initial
            let base = work.baseAddress!
            let uu = u.baseAddress!, qq = q.baseAddress!
            var s = base, scratch = base + n, r = base + 2 * n, rc = base + 3 * n
            // Whether every u is inside (0, 1), as the callers' times between a span's ends are.
            let inside = (0..<n).allSatisfy { uu[$0] > 0 && uu[$0] < 1 }
            func parameters(_ v: SIMD4<Double>, near start: UnsafeMutablePointer<Double>?, into out: UnsafeMutablePointer<Double>) {
                let x = UnitCubic(v[0], v[2])
                for k in 0..<n {
                    guard uu[k] > 0 && uu[k] < 1 else { out[k] = 0; continue }
                    if let start {
                        out[k] = x.parameter(forX: uu[k], near: start[k], v[0], v[2])
                    } else {
                        // solveParameter(forX:)'s coefficients are x's (the same products): not
                        // made again per point, and the solver inlined, not called.
                        out[k] = CubicBezier.solveParameter(a: x.a, b: x.b, c: x.c, forX: uu[k])
                    }
                }
            }
            // CubicBezier.progress(at:) minus the target, from the parameters: 0 and 1 at the ends
            // exactly; y(s) as CubicBezier.y(atParameter:) computes it (the same products).
            func residuals(_ v: SIMD4<Double>, _ params: UnsafeMutablePointer<Double>, into out: UnsafeMutablePointer<Double>) {
                let y = UnitCubic(v[1], v[3])
                for k in 0..<n { out[k] = (!(uu[k] > 0) ? 0 : uu[k] >= 1 ? 1 : y.value(params[k])) - qq[k] }
            }
            func cost(_ r: UnsafeMutablePointer<Double>) -> Double {
                var sum = 0.0
                for k in 0..<n { sum = sum + r[k] * r[k] }
                return sum
            }
            // The normal equations, row-major, and their solution: in the workspace too.
            let jtj = base + 4 * n, m = jtj + 16, jtr = m + 16, rhs = jtr + 4, step = rhs + 4
            parameters(p, near: nil, into: s)
            residuals(p, s, into: r)
            var current = cost(r), lambda = 1e-3
            // A step that changes the fitted progress by under 1e-5 (root mean square) ends the fit: it
            // is far below what 3 decimals write, and a near-linear target otherwise drifts along a
            // flat valley of equally good curves for all 30 steps.
            let negligible = 1e-10 * Double(n)
            for _ in 0..<30 {
                // The Jacobian in closed form (y at the parameter s with x(s) = u): ∂y/∂y1 = B1(s),
                // ∂y/∂y2 = B2(s), and ∂y/∂x1 = −y′(s) B1(s) / x′(s), the same with B2 for x2; no
                // solve for a moved x1 or x2. JᵀJ and Jᵀr summed in the same pass.
                // The fourteen sums in pairs (SIMD2 lanes: each lane's products and sums are the
                // scalar ones, in the same order, so the same bits; half the instructions).
                let xc = UnitCubic(p[0], p[2]), yc = UnitCubic(p[1], p[3])
                var h00h01 = SIMD2<Double>.zero, h02h03 = SIMD2<Double>.zero, h11h12 = SIMD2<Double>.zero
                var h13h22 = SIMD2<Double>.zero, h23h33 = SIMD2<Double>.zero, g0g1 = SIMD2<Double>.zero, g2g3 = SIMD2<Double>.zero
                for k in 0..<n where inside || (uu[k] > 0 && uu[k] < 1) {
                    let t = s[k], w = 1 - t
                    let b1 = 3 * t * w * w, b2 = 3 * t * t * w
                    let dx = xc.slope(t)
                    let ratio = dx > 1e-9 ? -yc.slope(t) / dx : 0
                    let j0 = ratio * b1, j1 = b1, j2 = ratio * b2, j3 = b2, e = r[k]
                    let j0j1 = SIMD2(j0, j1), j2j3 = SIMD2(j2, j3)
                    h00h01 += SIMD2(repeating: j0) * j0j1; h02h03 += SIMD2(repeating: j0) * j2j3
                    h11h12 += SIMD2(repeating: j1) * SIMD2(j1, j2); h13h22 += SIMD2(j1, j2) * SIMD2(j3, j2)
                    h23h33 += j2j3 * SIMD2(repeating: j3)
                    g0g1 += j0j1 * SIMD2(repeating: e); g2g3 += j2j3 * SIMD2(repeating: e)
                }
                let h00 = h00h01[0], h01 = h00h01[1], h02 = h02h03[0], h03 = h02h03[1], h11 = h11h12[0], h12 = h11h12[1]
                let h13 = h13h22[0], h22 = h13h22[1], h23 = h23h33[0], h33 = h23h33[1]
                jtj[0] = h00; jtj[1] = h01; jtj[2] = h02; jtj[3] = h03
                jtj[4] = h01; jtj[5] = h11; jtj[6] = h12; jtj[7] = h13
                jtj[8] = h02; jtj[9] = h12; jtj[10] = h22; jtj[11] = h23
                jtj[12] = h03; jtj[13] = h13; jtj[14] = h23; jtj[15] = h33
                jtr[0] = g0g1[0]; jtr[1] = g0g1[1]; jtr[2] = g2g3[0]; jtr[3] = g2g3[1]
                // A value held at 0 or 1 whose descent leads out of the square is left out of the
                // step (a clamped full step zigzags against the bound for many steps).
                var held = SIMD4<Double>.zero
                for d in 0..<4 where (p[d] <= 0 && jtr[d] > 0) || (p[d] >= 1 && jtr[d] < 0) { held[d] = 1 }
                if held == SIMD4(repeating: 1) { break }
                var improved = false
                for _ in 0..<6 {
                    for x in 0..<16 { m[x] = jtj[x] }
                    for i in 0..<4 { m[i * 4 + i] *= 1 + lambda; m[i * 4 + i] += 1e-12 }
                    for i in 0..<4 { rhs[i] = -jtr[i] }
                    for d in 0..<4 where held[d] != 0 {
                        for e in 0..<4 { m[d * 4 + e] = 0; m[e * 4 + d] = 0 }
                        m[d * 4 + d] = 1; rhs[d] = 0
                    }
                    guard solve4(m, rhs, into: step) else { break }
                    let candidate = unitClamped(p + SIMD4(step[0], step[1], step[2], step[3]))
                    if candidate == p { lambda *= 8; continue }
                    // parameters, residuals and cost point by point, stopping once the sum reaches
                    // `current`: the terms are never negative, so a rounded sum never falls again and
                    // the trial is refused anyway (about half the trials are; the same c otherwise).
                    let xq = UnitCubic(candidate[0], candidate[2]), yq = UnitCubic(candidate[1], candidate[3])
                    var c = 0.0, k = 0
                    if inside {
                        // Every u inside (0, 1): the branches below for the ends drop out.
                        while k < n {
                            let sk = xq.parameterInside(forX: uu[k], near: s[k], candidate[0], candidate[2])
                            scratch[k] = sk
                            let rk = yq.value(sk) - qq[k]
                            rc[k] = rk
                            c = c + rk * rk
                            if c >= current { break }
                            k += 1
                        }
                    } else {
                        while k < n {
                            let uk = uu[k]
                            let sk = uk > 0 && uk < 1 ? xq.parameter(forX: uk, near: s[k], candidate[0], candidate[2]) : 0
                            scratch[k] = sk
                            let rk = (!(uk > 0) ? 0 : uk >= 1 ? 1 : yq.value(sk)) - qq[k]
                            rc[k] = rk
                            c = c + rk * rk
                            if c >= current { break }
                            k += 1
                        }
                    }
                    if k < n { lambda *= 8; continue }
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

    /// `v.clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 1))` lane by lane, as SIMD
    /// computes it, pointwiseMin(1, pointwiseMax(0, v)) through Double.maximum and .minimum (the
    /// same bits, −0 kept): the generic pointwiseMax/Min were two calls per trial of `curve`.
    @inline(__always) static func unitClamped(_ v: SIMD4<Double>) -> SIMD4<Double> {
        @inline(__always) func lane(_ x: Double) -> Double {
            let low = 0 > x || x.isNaN ? 0.0 : x
            return 1 <= low || low.isNaN ? 1.0 : low
        }
        return SIMD4(lane(v[0]), lane(v[1]), lane(v[2]), lane(v[3]))
    }

    /// One coordinate of a unit cubic, its coefficients computed once per curve (CubicBezier
    /// recomputes them per call): v(s) = ((a s + b) s + c) s with c = 3 p1, b = 3 (p2 − p1) − c,
    /// a = 1 − c − b, the same products in the same order, so the same bits.
    struct UnitCubic {
        let a: Double, b: Double, c: Double
        @inline(__always) init(_ p1: Double, _ p2: Double) {
            let c = 3 * p1, b = 3 * (p2 - p1) - c
            self.a = 1 - c - b; self.b = b; self.c = c
        }
        @inline(__always) func value(_ s: Double) -> Double { ((a * s + b) * s + c) * s }
        /// dv/ds.
        @inline(__always) func slope(_ s: Double) -> Double { (3 * a * s + 2 * b) * s + c }

        /// CubicBezier.solveParameter(forX:near:) for x = this coordinate (x1 = p1, x2 = p2):
        /// Newton from `start` (CubicBezier.newtonParameter), else the full solver.
        @inline(__always) func parameter(forX u: Double, near start: Double, _ p1: Double, _ p2: Double) -> Double {
            CubicBezier.newtonParameter(a: a, b: b, c: c, forX: u, near: start) ?? CubicBezier(p1, 0, p2, 1).solveParameter(forX: u)
        }

        /// `parameter` for u inside (0, 1) and a start that `curve` holds: a parameter in [0, 1]
        /// that is never −0 (both solvers start at a clamped positive x or start, their Newton
        /// steps s − e/d give −0 only from −0 and their halvings stay ≥ +0) or NaN. newtonParameter's
        /// clamps of u and of the start then return them unchanged, bit for bit (a NaN too), so
        /// its steps are taken here without them: the same operations in the same order.
        @inline(__always) func parameterInside(forX u: Double, near start: Double, _ p1: Double, _ p2: Double) -> Double {
            CubicBezier.newtonSteps(a: a, b: b, c: c, x: u, from: start) ?? CubicBezier(p1, 0, p2, 1).solveParameter(forX: u)
        }
    }

    /// The easings to try for an exact one, in order: written with 2 decimals, else with 3
    /// (a curve that rounds to linear is linear; repeats dropped).
    static func writtenCandidates(_ exact: KeyframeEasing) -> [KeyframeEasing] {
        guard case .bezier(let c) = exact else { return [exact] }
        var out: [KeyframeEasing] = []
        for decimals in [2, 3] {
            let r = rounded(c, decimals: decimals)
            let easing: KeyframeEasing = r.isLinear ? .linear : .bezier(r)
            if !out.contains(easing) { out.append(easing) }
        }
        return out
    }

    /// The curve as written with `decimals` (SMIL keySplines, Lottie o/i).
    static func rounded(_ c: CubicBezier, decimals: Int) -> CubicBezier {
        let scale = decimals == 1 ? 10.0 : decimals == 2 ? 100.0 : decimals == 3 ? 1000.0 : (0..<decimals).reduce(1.0) { p, _ in p * 10 }
        func r(_ x: Double) -> Double { ProjectionFitter.rounded(x * scale) / scale }
        return CubicBezier(r(c.x1), r(c.y1), r(c.x2), r(c.y2))
    }

    /// Gaussian elimination with partial pivoting on the row-major 4 × 4 `a` and `b` (both
    /// overwritten); false when singular or not finite, else the solution in `x`.
    static func solve4(_ a: inout [Double], _ b: inout [Double], into x: inout [Double]) -> Bool {
        precondition(a.count == 16 && b.count == 4 && x.count == 4)
        return a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeMutableBufferPointer { b in x.withUnsafeMutableBufferPointer { x in solve4(a.baseAddress!, b.baseAddress!, into: x.baseAddress!) } }
        }
    }

    /// The same on 16, 4 and 4 numbers in place (`curve`'s workspace: no array per step).
    /// Each column's and row's step is a function called with a constant, so the compiler
    /// unrolls its loops (the loops over a varying start were ~670 instructions a solve); the
    /// same operations in the same order.
    static func solve4(_ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, into x: UnsafeMutablePointer<Double>) -> Bool {
        let n = 4
        @inline(__always) func eliminate(_ col: Int) -> Bool {
            var pivot = col
            for row in (col + 1)..<n where abs(a[row * n + col]) > abs(a[pivot * n + col]) { pivot = row }
            guard abs(a[pivot * n + col]) > 1e-300 else { return false }
            if pivot != col {
                for k in 0..<n { swap(&a[col * n + k], &a[pivot * n + k]) }
                swap(&b[col], &b[pivot])
            }
            for row in (col + 1)..<n {
                let f = a[row * n + col] / a[col * n + col]
                for k in col..<n { a[row * n + k] -= f * a[col * n + k] }
                b[row] -= f * b[col]
            }
            return true
        }
        guard eliminate(0), eliminate(1), eliminate(2), eliminate(3) else { return false }
        @inline(__always) func substitute(_ row: Int) {
            var s = b[row]
            for k in (row + 1)..<n { s -= a[row * n + k] * x[k] }
            x[row] = s / a[row * n + row]
        }
        substitute(3); substitute(2); substitute(1); substitute(0)
        return x[0].isFinite && x[1].isFinite && x[2].isFinite && x[3].isFinite
    }

    /// The fewest spans over grid points 0…n, greedily from the start: each span is the longest
    /// (i, j) for which `fit(i, j)` gives an easing (found by doubling, then bisection, which
    /// assumes a span that fits has shorter ones that fit too). A one-step span is always taken.
    /// Returns each span's start and easing; the last span ends at n.
    static func spans(count n: Int, fit: (Int, Int) -> KeyframeEasing?) -> [(start: Int, easing: KeyframeEasing)] {
        spans(count: n, coarse: false) { i, j, _ in fit(i, j) }
    }

    /// The same, with `coarse` searched by a cheap check, `fit(i, j, false)` (a subset of the
    /// dense check's times), and each span it finds taken only once the dense check,
    /// `fit(i, j, true)`, gives it an easing too; where that fails, the longest shorter span the
    /// dense check passes is searched for by bisection. So every span longer than one step passed
    /// the dense check, whatever the cheap one let through. One closure, not two: a closure
    /// literal's captures are checked for exclusive access statically, a local function's are not.
    static func spans(
        count n: Int, coarse: Bool, fit: (_ i: Int, _ j: Int, _ dense: Bool) -> KeyframeEasing?
    ) -> [(start: Int, easing: KeyframeEasing)] {
        var out: [(start: Int, easing: KeyframeEasing)] = []
        var i = 0, guess = 8
        while i < n {
            var (good, goodEasing) = longest(from: i, count: n, guess: guess) { fit($0, $1, !coarse) }
            if coarse, good > i + 1 {
                if let e = fit(i, good, true) {
                    goodEasing = e
                } else {
                    // The cheap check let through a span the dense one refuses, usually by a hair
                    // near its end: first a span a little shorter, then bisection.
                    var bad = good
                    good = i + 1
                    goodEasing = fit(i, i + 1, true) ?? .linear
                    let near = bad - max(1, (bad - i) / 8)
                    if near > good {
                        if let e = fit(i, near, true) { good = near; goodEasing = e } else { bad = near }
                    }
                    while bad - good > 1 {
                        let mid = (good + bad) / 2
                        if let e = fit(i, mid, true) { good = mid; goodEasing = e } else { bad = mid }
                    }
                }
            }
            out.append((i, goodEasing))
            guess = max(2, good - i)
            i = good
        }
        return out
    }

    /// The longest span from i that `fit` passes (doubling from `guess`, then bisection) and its easing.
    static func longest(from i: Int, count n: Int, guess: Int, fit: (Int, Int) -> KeyframeEasing?) -> (Int, KeyframeEasing) {
        var good = i + 1, goodEasing = fit(i, i + 1) ?? .linear
        var bad = n + 1
        var j = min(n, i + guess)
        // Doubling until a span fails or the end is reached.
        while j > good {
            if let e = fit(i, j) {
                good = j; goodEasing = e
                if j == n { break }
                j = min(n, i + 2 * (j - i))
            } else {
                bad = j
                break
            }
        }
        // Bisection between the longest fitting and the shortest failing span.
        while bad - good > 1, good < n {
            let mid = (good + bad) / 2
            if let e = fit(i, mid) { good = mid; goodEasing = e } else { bad = mid }
        }
        return (good, goodEasing)
    }
}
