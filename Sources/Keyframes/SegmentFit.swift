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
    private(set) var samples: [Sample] = []
    /// Exact slopes dq/du at both ends.
    private var m0 = 0.0, m1 = 0.0
    /// The segment has (next to) no net motion and a straight easing already fits.
    private var flatFits = false

    /// Nil when no easing can fit: a sample lies off the line A → B by more than the target, or
    /// (SMIL) beyond A or B. The fitter is borrowed: an initializer's parameter is owned, so each
    /// problem copied the fitter (its arrays and closures retained, then released).
    init?<V>(_ f: borrowing CurveFitter<V>, _ i: Int, _ j: Int) {
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
        return samples.withUnsafeBufferPointer { samples in
            for k in samples.indices where abs(Self.progress(r, samples[k].u) - samples[k].q) > samples[k].budget { return false }
            return true
        }
    }

    // MARK: Levenberg–Marquardt on the handles

    /// Keeps x in [0, 1] (a function of time) and y in the player's handle range.
    /// `p.clamped(lowerBound:upperBound:)` lane by lane, as the standard library defines it
    /// (`minimum(upper, maximum(lower, p))`): its generic pointwise min and max were two calls.
    func projected(_ p: SIMD4<Double>) -> SIMD4<Double> {
        let y = rules.handleY
        func clamp(_ v: Double, _ lower: Double, _ upper: Double) -> Double { .minimum(upper, .maximum(lower, v)) }
        return SIMD4(clamp(p[0], 0, 1), clamp(p[1], y.lowerBound, y.upperBound), clamp(p[2], 0, 1), clamp(p[3], y.lowerBound, y.upperBound))
    }

    func curve(_ p: SIMD4<Double>) -> CubicBezier { CubicBezier(p[0], p[1], p[2], p[3]) }

    /// Weighted sum of squared residuals (in budgets) over the sample, and the largest residual.
    /// `parameters[n]` is set to the curve parameter of sample n (the Jacobian at c reads them).
    /// With `bound`, once the sum reaches it, it stops there (sum ≥ bound; worst and parameters partial): a
    /// sum of terms ≥ 0 never decreases, so the whole sum would not be below `bound` either.
    func cost<W: LeastSquaresWeights>(
        _ c: CubicBezier, _ sample: SampleSubset, _ weight: W, parameters: UnsafeMutablePointer<Double>,
        stoppingAt bound: Double? = nil
    ) -> (sum: Double, worst: Double) {
        samples.withUnsafeBufferPointer { samples in
            var s = 0.0, worst = 0.0
            var k = sample.first
            for n in 0..<sample.count {
                defer { k &+= sample.step }
                let sk = Self.parameter(c, samples[k].u)
                parameters[n] = sk
                let r = abs(Self.poly(sk, c.y1, c.y2).0 - samples[k].q) / samples[k].budget
                s += r * r * weight[n]
                worst = max(worst, r)
                if let bound, s >= bound { break }
            }
            return (s, worst)
        }
    }

    /// `cost` into an array (the tests' form).
    func cost<W: LeastSquaresWeights>(
        _ c: CubicBezier, _ sample: SampleSubset, _ weight: W, parameters: inout [Double], stoppingAt bound: Double? = nil
    ) -> (sum: Double, worst: Double) {
        precondition(parameters.count >= sample.count, "a parameter per sample")
        return parameters.withUnsafeMutableBufferPointer { cost(c, sample, weight, parameters: $0.baseAddress!, stoppingAt: bound) }
    }

    /// Least squares on an evenly spread subset of the samples (in budgets), stopping as soon as
    /// every sample fits, or when the residuals stay far above their budgets.
    func refine(_ start: CubicBezier) -> CubicBezier? {
        let stride = max(1, samples.count / 24)
        let sample = SampleSubset(first: stride / 2, step: stride, count: (samples.count - stride / 2 + stride - 1) / stride)
        let (c, fitted) = levenbergMarquardt(start, sample, UnitWeights(), iterations: 8, giveUp: true)
        // A curve levenbergMarquardt stopped at because it fits is not checked a second time.
        return fitted || fits(c) ? c.rounded6 : nil
    }

    /// The yardstick's search (slow): the fast fit, then minimax fits (Lawson's reweighting of
    /// least squares on every sample) from a 5 × 5 grid of starting handles.
    func thoroughSolve() -> CubicBezier? {
        if let c = solve() { return c }
        let sample = SampleSubset(first: 0, step: 1, count: samples.count)
        let xs = [0.05, 0.25, 0.5, 0.75, 0.95]
        for x1 in xs {
            for x2 in xs {
                let starts = [CubicBezier(x1, m0 * x1, x2, 1 - m1 * (1 - x2)), CubicBezier(x1, 0, x2, 1)]
                for start in starts {
                    var weight = [Double](repeating: 1, count: sample.count)
                    var c = projectedCurve(start)
                    for _ in 0..<6 {
                        c = levenbergMarquardt(c, sample, SampleWeights(weight), iterations: 20, giveUp: false).curve
                        if fits(c) { return c.rounded6 }
                        var total = 0.0
                        for (n, k) in samples.indices.enumerated() {
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
    /// Generic over the weights: refine's are all 1 (`UnitWeights`, no array, no square roots).
    func levenbergMarquardt<W: LeastSquaresWeights>(
        _ start: CubicBezier, _ sample: SampleSubset, _ weight: W, iterations: Int, giveUp: Bool
    ) -> (curve: CubicBezier, fits: Bool) {
        // The parameters of c at the samples, from its cost (the Jacobian does not solve for them
        // again), and a trial's, in one workspace on the stack (two arrays a call before).
        withUnsafeTemporaryAllocation(of: Double.self, capacity: max(1, 2 * sample.count)) { workspace in
            var parameters = workspace.baseAddress!, trialParameters = parameters + sample.count
            var p = projected(SIMD4(start.x1, start.y1, start.x2, start.y2))
            var c = curve(p)
            var current = cost(c, sample, weight, parameters: parameters)
            var lambda = 1e-3
            for iteration in 0..<iterations {
                if giveUp {
                    if current.worst <= 0.9, fits(c) { return (c, true) }
                    if iteration >= 3, current.sum > 4 * Double(sample.count) { return (c, false) }
                }
                let (jtj, jtr) = normalEquations(c, sample, weight, parameters)
                var improved = false
                for _ in 0..<4 {
                    guard let step = Self.step(jtj, jtr, lambda: lambda) else { lambda *= 4; continue }
                    let trial = projected(p + step)
                    let tc = curve(trial)
                    // A trial is kept only below the current sum: its cost stops once it reaches it.
                    let tcost = cost(tc, sample, weight, parameters: trialParameters, stoppingAt: current.sum)
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
    }

    /// JᵀJ (by rows) and Jᵀr of the residuals at c, whose parameters at the samples are given.
    /// JᵀJ is symmetric: row r's entry c is the sum of g[r]·g[c] over the samples, and row c's
    /// entry r the sum of g[c]·g[r], the same products (a product does not depend on its order)
    /// in the same order: the upper triangle is summed and mirrored, the same bits as all 16.
    func normalEquations<W: LeastSquaresWeights>(
        _ c: CubicBezier, _ sample: SampleSubset, _ weight: W, _ parameters: UnsafeMutablePointer<Double>
    ) -> (jtj: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>), jtr: SIMD4<Double>) {
        samples.withUnsafeBufferPointer { samples in
            var row0 = SIMD4<Double>(repeating: 0), row1 = row0
            var row23 = SIMD4<Double>(repeating: 0)  // (2,2), (2,3), (3,3), unused
            var jtr = SIMD4<Double>(repeating: 0)
            for n in 0..<sample.count {
                let k = sample.first + n * sample.step
                let s = parameters[n]
                let dx = Self.poly(s, c.x1, c.x2).1, (y, dy) = Self.poly(s, c.y1, c.y2)
                let slope = dy / max(dx, 1e-9)
                let b1 = 3 * (1 - s) * (1 - s) * s, b2 = 3 * (1 - s) * s * s
                let w = 1 / samples[k].budget, sw = weight.root(n)
                // ∂p/∂x1 = −slope·b1, ∂p/∂y1 = b1, ∂p/∂x2 = −slope·b2, ∂p/∂y2 = b2 (x(s) = u held).
                let g = SIMD4<Double>(-slope * b1, b1, -slope * b2, b2) * (w * sw)
                jtr += g * ((y - samples[k].q) * w * sw)
                row0 += g * g[0]; row1 += g * g[1]
                row23 += SIMD4(g[2], g[3], g[3], 0) * SIMD4(g[2], g[2], g[3], 0)
            }
            let row2 = SIMD4(row0[2], row1[2], row23[0], row23[1])
            let row3 = SIMD4(row0[3], row1[3], row23[1], row23[2])
            return ((row0, SIMD4(row0[1], row1[1], row1[2], row1[3]), row2, row3), jtr)
        }
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
        // `poly(s, c.x1, c.x2)`'s coefficients, once. The bracket side that moves decides which
        // bound a Newton step must clear (the other is s itself): the same steps and midpoints as
        // "bracket, then step, then the midpoint if the step leaves (lo, hi)", in a quarter fewer
        // instructions (the compiler blended both bounds at every step).
        let c1 = 3 * c.x1, b = 3 * (c.x2 - c.x1) - c1, a = 1 - c1 - b
        let a3 = 3 * a, b2 = 2 * b
        var lo = 0.0, hi = 1.0, s = u
        var k = 0
        while k < 40 {
            k += 1
            let f = ((a * s + b) * s + c1) * s - u
            if abs(f) < 1e-12 { return s }
            let dx = (a3 * s + b2) * s + c1
            if f > 0 {
                hi = s
                if dx > 1e-9 {
                    let next = s - f / dx
                    if next > lo, next < s {
                        s = next
                        continue
                    }
                }
            } else {
                lo = s
                if dx > 1e-9 {
                    let next = s - f / dx
                    if next > s, next < hi {
                        s = next
                        continue
                    }
                }
            }
            s = (lo + hi) / 2
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

/// The samples a least-squares fit reads: `count` of them, every `step`-th from `first`.
struct SampleSubset {
    var first: Int
    var step: Int
    var count: Int
}

/// Each sample's weight in the least squares, and its square root (the Jacobian's factor).
protocol LeastSquaresWeights {
    subscript(n: Int) -> Double { get }
    func root(_ n: Int) -> Double
}

/// Every weight 1: x·1 and x·√1 are x, so the sums are those of the unweighted residuals.
struct UnitWeights: LeastSquaresWeights {
    @inline(__always) subscript(n: Int) -> Double { 1 }
    @inline(__always) func root(_ n: Int) -> Double { 1 }
}

/// Lawson's weights (the yardstick's minimax fits).
struct SampleWeights: LeastSquaresWeights {
    let weights: [Double]
    init(_ weights: [Double]) { self.weights = weights }
    @inline(__always) subscript(n: Int) -> Double { weights[n] }
    @inline(__always) func root(_ n: Int) -> Double { weights[n].squareRoot() }
}
