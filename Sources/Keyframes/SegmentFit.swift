import Motion
import Simulation
// One segment's easing: the unit cubic bezier p(u) closest to the target progress q(u) of the
// exact value, within a per-sample budget. Pure arithmetic on doubles (no values of the track).
import TransitionModel

struct SegmentProblem {
    let rules: PlayerRules
    /// An interior sample: normalised time, target progress, allowed |p − q|.
    struct Sample {
        var u: Double
        var q: Double
        var budget: Double
    }
    /// One array, not one per number: three allocations per problem were most of its set-up.
    private var samples: [Sample] = []
    /// Exact slopes dq/du at both ends.
    private var m0 = 0.0, m1 = 0.0
    /// The segment has (next to) no net motion and a straight easing already fits.
    private var flatFits = false

    /// Nil when no easing can fit: a sample lies off the line A → B by more than the target, or
    /// (SMIL) beyond A or B.
    init?<V>(_ f: CurveFitter<V>, _ i: Int, _ j: Int) {
        rules = f.rules
        let a = f.values[i], d = f.values[j] - a
        let length = f.measure.norm(d)
        let t0 = f.times[i], span = f.times[j] - t0
        guard length > f.target * 1e-3 else {
            // Nothing to ease: linear between the two values, if everything stays near them.
            for k in i...j where f.measure.norm(a + d.scaled(by: (f.times[k] - t0) / span) - f.values[k]) > f.target {
                return nil
            }
            flatFits = true
            return
        }
        let inv = 1 / (length * length)
        let slack = f.target / length
        // The grid's interior points, or 8 fresh exact samples when the grid has fewer (a segment
        // of one or two grid steps, next to a peak, still gets a curve that is checked).
        let fresh = j - i - 1 < 8
        let count = fresh ? 8 : j - i - 1
        samples.reserveCapacity(count)
        for m in 1...count {
            let t = fresh ? t0 + span * Double(m) / Double(count + 1) : f.times[i + m]
            let e = (fresh ? f.exact(t) : f.values[i + m]) - a
            let qk = f.dot(e, d) * inv
            let off = f.measure.norm(e - d.scaled(by: qk))
            guard off <= f.target else { return nil }
            if rules.handlesInUnitSquare, qk < -slack || qk > 1 + slack { return nil }
            samples.append(Sample(u: (t - t0) / span, q: qk, budget: (f.target * f.target - off * off).squareRoot() / length))
        }
        m0 = f.dot(f.derivative(at: i), d) * inv * span
        m1 = f.dot(f.derivative(at: j), d) * inv * span
        if rules.handlesInUnitSquare { m0 = max(0, m0); m1 = max(0, m1) }
    }

    func solve() -> CubicBezier? {
        if flatFits || samples.isEmpty { return .linear }
        // Hermite: handles a third of the way along the exact tangents (SMIL: shortened to stay in [0, 1]).
        let a = rules.handlesInUnitSquare ? min(1 / 3, 1 / max(m0, 1e-12)) : 1 / 3
        let b = rules.handlesInUnitSquare ? min(1 / 3, 1 / max(m1, 1e-12)) : 1 / 3
        let hermite = CubicBezier(a, m0 * a, 1 - b, 1 - m1 * b)
        if fits(hermite) { return hermite.rounded6 }
        return refine(hermite)
    }

    /// Whether the curve, as written (6 decimals), keeps every sample within its budget.
    func fits(_ c: CubicBezier) -> Bool {
        let r = c.rounded6
        for k in samples.indices where abs(Self.progress(r, samples[k].u) - samples[k].q) > samples[k].budget { return false }
        return true
    }

    // MARK: Levenberg–Marquardt on the handles

    /// Keeps x in [0, 1] (a function of time) and y in the player's handle range.
    func projected(_ p: SIMD4<Double>) -> SIMD4<Double> {
        let y = rules.handleY
        let lo = SIMD4<Double>(0, y.lowerBound, 0, y.lowerBound)
        let hi = SIMD4<Double>(1, y.upperBound, 1, y.upperBound)
        return p.clamped(lowerBound: lo, upperBound: hi)
    }

    func curve(_ p: SIMD4<Double>) -> CubicBezier { CubicBezier(p[0], p[1], p[2], p[3]) }

    /// Weighted sum of squared residuals (in budgets) over the sample, and the largest residual.
    /// `parameters[n]` is set to the curve parameter of sample n (the Jacobian at c reads them).
    /// With `bound`, once the sum reaches it, it stops there (sum ≥ bound; worst and parameters partial): a
    /// sum of terms ≥ 0 never decreases, so the whole sum would not be below `bound` either.
    func cost(
        _ c: CubicBezier, _ sample: [Int], _ weight: [Double]?, parameters: inout [Double], stoppingAt bound: Double? = nil
    ) -> (sum: Double, worst: Double) {
        var s = 0.0, worst = 0.0
        for (n, k) in sample.enumerated() {
            let sk = Self.parameter(c, samples[k].u)
            parameters[n] = sk
            let r = abs(Self.poly(sk, c.y1, c.y2).0 - samples[k].q) / samples[k].budget
            s += r * r * (weight?[n] ?? 1)
            worst = max(worst, r)
            if let bound, s >= bound { break }
        }
        return (s, worst)
    }

    /// Least squares on an evenly spread subset of the samples (in budgets), stopping as soon as
    /// every sample fits, or when the residuals stay far above their budgets.
    func refine(_ start: CubicBezier) -> CubicBezier? {
        let stride = max(1, samples.count / 24)
        let sample = Array(Swift.stride(from: stride / 2, to: samples.count, by: stride))
        let (c, fitted) = levenbergMarquardt(start, sample, nil, iterations: 8, giveUp: true)
        // A curve levenbergMarquardt stopped at because it fits is not checked a second time.
        return fitted || fits(c) ? c.rounded6 : nil
    }

    /// The yardstick's search (slow): the fast fit, then minimax fits (Lawson's reweighting of
    /// least squares on every sample) from a 5 × 5 grid of starting handles.
    func thoroughSolve() -> CubicBezier? {
        if let c = solve() { return c }
        let sample = Array(samples.indices)
        let xs = [0.05, 0.25, 0.5, 0.75, 0.95]
        for x1 in xs {
            for x2 in xs {
                let starts = [CubicBezier(x1, m0 * x1, x2, 1 - m1 * (1 - x2)), CubicBezier(x1, 0, x2, 1)]
                for start in starts {
                    var weight = [Double](repeating: 1, count: sample.count)
                    var c = projectedCurve(start)
                    for _ in 0..<6 {
                        c = levenbergMarquardt(c, sample, weight, iterations: 20, giveUp: false).curve
                        if fits(c) { return c.rounded6 }
                        var total = 0.0
                        for (n, k) in sample.enumerated() {
                            weight[n] *= max(abs(Self.progress(c, samples[k].u) - samples[k].q) / samples[k].budget, 1e-3)
                            total += weight[n]
                        }
                        for n in weight.indices { weight[n] *= Double(weight.count) / total }
                    }
                }
            }
        }
        return nil
    }

    func projectedCurve(_ c: CubicBezier) -> CubicBezier { curve(projected(SIMD4(c.x1, c.y1, c.x2, c.y2))) }

    /// The refined curve, and whether it stopped because every sample fits (only with `giveUp`).
    func levenbergMarquardt(
        _ start: CubicBezier, _ sample: [Int], _ weight: [Double]?, iterations: Int, giveUp: Bool
    ) -> (curve: CubicBezier, fits: Bool) {
        var p = projected(SIMD4(start.x1, start.y1, start.x2, start.y2))
        var c = curve(p)
        // The parameters of c at the samples, from its cost: the Jacobian does not solve for them again.
        var parameters = [Double](repeating: 0, count: sample.count), trialParameters = parameters
        var current = cost(c, sample, weight, parameters: &parameters)
        var lambda = 1e-3
        for iteration in 0..<iterations {
            if giveUp {
                if current.worst <= 0.9, fits(c) { return (c, true) }
                if iteration >= 3, current.sum > 4 * Double(sample.count) { return (c, false) }
            }
            // JᵀJ by rows: row r gains g·g[r], the same products and sums as jtj[r·4 + c] += g[r]·g[c].
            var row0 = SIMD4<Double>(repeating: 0), row1 = row0, row2 = row0, row3 = row0
            var jtr = SIMD4<Double>(repeating: 0)
            for (n, k) in sample.enumerated() {
                let s = parameters[n]
                let dx = Self.poly(s, c.x1, c.x2).1, (y, dy) = Self.poly(s, c.y1, c.y2)
                let slope = dy / max(dx, 1e-9)
                let b1 = 3 * (1 - s) * (1 - s) * s, b2 = 3 * (1 - s) * s * s
                let w = 1 / samples[k].budget, sw = (weight?[n] ?? 1).squareRoot()
                // ∂p/∂x1 = −slope·b1, ∂p/∂y1 = b1, ∂p/∂x2 = −slope·b2, ∂p/∂y2 = b2 (x(s) = u held).
                let g = SIMD4<Double>(-slope * b1, b1, -slope * b2, b2) * (w * sw)
                jtr += g * ((y - samples[k].q) * w * sw)
                row0 += g * g[0]; row1 += g * g[1]; row2 += g * g[2]; row3 += g * g[3]
            }
            let jtj = (row0, row1, row2, row3)
            var improved = false
            for _ in 0..<4 {
                guard let step = Self.step(jtj, jtr, lambda: lambda) else { lambda *= 4; continue }
                let trial = projected(p + step)
                let tc = curve(trial)
                // A trial is kept only below the current sum: its cost stops once it reaches it.
                let tcost = cost(tc, sample, weight, parameters: &trialParameters, stoppingAt: current.sum)
                if tcost.sum < current.sum {
                    p = trial; c = tc; current = tcost
                    swap(&parameters, &trialParameters)
                    lambda = max(lambda / 3, 1e-9)
                    improved = true
                    break
                }
                lambda *= 4
            }
            if !improved { break }
        }
        return (c, false)
    }

    /// The eased progress at u: x(s) = u solved by Newton's method inside a shrinking bracket
    /// (x is nondecreasing for x1, x2 in [0, 1]), to 1e-12 like the players' solvers.
    static func progress(_ c: CubicBezier, _ u: Double) -> Double {
        let s = parameter(c, u)
        return poly(s, c.y1, c.y2).0
    }

    static func parameter(_ c: CubicBezier, _ u: Double) -> Double {
        if !(u > 0) { return 0 }
        if u >= 1 { return 1 }
        var lo = 0.0, hi = 1.0, s = u
        for _ in 0..<40 {
            let (x, dx) = poly(s, c.x1, c.x2)
            let f = x - u
            if abs(f) < 1e-12 { return s }
            if f > 0 { hi = s } else { lo = s }
            var next = dx > 1e-9 ? s - f / dx : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            s = next
        }
        return s
    }

    /// The cubic ((a s + b) s + c) s with c = 3 p1, b = 3 (p2 − p1) − c, a = 1 − c − b, and its derivative.
    static func poly(_ s: Double, _ p1: Double, _ p2: Double) -> (Double, Double) {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return (((a * s + b) * s + c) * s, (3 * a * s + 2 * b) * s + c)
    }

    /// The damped step: (JᵀJ + λ·diag(max(JᵀJ, 1e-12))) x = −Jᵀr by the easing fit's solver,
    /// in a workspace on the stack (three arrays a step were allocated before); nil when singular.
    static func step(
        _ jtj: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>), _ jtr: SIMD4<Double>, lambda: Double
    ) -> SIMD4<Double>? {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 24) { w in
            let a = w.baseAddress!, b = a + 16, x = a + 20
            func put(_ r: Int, _ row: SIMD4<Double>) {
                for c in 0..<4 { a[r * 4 + c] = row[c] }
                a[r * 4 + r] += lambda * max(row[r], 1e-12)
                b[r] = -jtr[r]
            }
            put(0, jtj.0); put(1, jtj.1); put(2, jtj.2); put(3, jtj.3)
            return EasingFit.solve4(a, b, into: x) ? SIMD4(x[0], x[1], x[2], x[3]) : nil
        }
    }
}
