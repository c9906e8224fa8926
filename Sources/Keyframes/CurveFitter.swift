// Fits one smooth stretch of an exact track with the fewest cubic-bezier-eased segments whose
// error, measured in output units, stays within the tolerance. A segment from keyframe A to B
// plays A + (B − A)·p(u), p a unit cubic bezier: one easing for every dimension of the value.
//
// - The stretch is sampled on a grid (`gridRate`, plus the exact time of every extremum, where a
//   SMIL segment must end); breakpoints are chosen among grid times, greedily: from each start,
//   the farthest end that still fits (galloping, then bisection). An exhaustive dynamic
//   programme over the same grid (FitYardstick) finds no fewer segments on the catalog.
// - A segment's target progress q(t) is the exact value projected on B − A; what lies off that
//   line is error no easing can remove, so each sample gets its own budget for |p − q|.
// - The easing starts as the Hermite curve with the exact end slopes, then Levenberg–Marquardt
//   refines all four handle values (least squares in units of each sample's budget).
// - The player's rules (PlayerRules) say where handles may go: SMIL keeps every handle in
//   [0, 1] (the segment is monotone); Lottie lets y leave it.
// - Every span the search takes is checked as the player evaluates it, against freshly computed
//   exact values between the grid points (`checkedFit`); only a one-step span may go unchecked.
import FoundationEssentials
import Glibc
import Motion
import Simulation
import TransitionModel

struct CurveFitter<V: AnimatableValue> {
    /// One fitted segment, between grid indices.
    struct Segment { var from: Int; var to: Int; var curve: CubicBezier }

    let rules: PlayerRules
    let measure: ErrorMeasure<V>
    let exact: @Sendable (Double) -> V
    /// Grid times and exact values; the last value is the stretch's end value (its left limit,
    /// or the value after a jump small enough to absorb).
    let times: [Double]
    let values: [V]
    /// What the grid fit aims for and what the final check accepts (fractions of the tolerance;
    /// the rest covers the files' rounding of times).
    let target: Double
    let verifyLimit: Double
    let verifySteps: Int

    static var fitFraction: Double { 0.97 }
    static var verifyFraction: Double { 0.985 }

    init(
        rules: PlayerRules, measure: ErrorMeasure<V>, exact: @escaping @Sendable (Double) -> V,
        from t0: Double, to t1: Double, endValue: V, gridRate: Double
    ) {
        let (times, values) = Self.grid(exact: exact, from: t0, to: t1, endValue: endValue, gridRate: gridRate, measure: measure)
        self.init(rules: rules, measure: measure, exact: exact, times: times, values: values)
    }

    /// A fitter on a grid made by `grid` (the same arguments' grid: FitGrids keeps them).
    init(rules: PlayerRules, measure: ErrorMeasure<V>, exact: @escaping @Sendable (Double) -> V, times: [Double], values: [V]) {
        self.rules = rules
        self.measure = measure
        self.exact = exact
        self.times = times
        self.values = values
        target = measure.tolerance * Self.fitFraction
        verifyLimit = measure.tolerance * Self.verifyFraction
        verifySteps = 4
    }

    /// The grid's times and exact values from t0 to t1, extrema added (`withExtrema`): they
    /// depend on the measure's norm alone, not its tolerance.
    static func grid(
        exact: (Double) -> V, from t0: Double, to t1: Double, endValue: V, gridRate: Double, measure: ErrorMeasure<V>
    ) -> (times: [Double], values: [V]) {
        let n = max(16, Int(((t1 - t0) * gridRate).rounded(.up)))
        let grid = (0...n).map { $0 == n ? t1 : t0 + (t1 - t0) * Double($0) / Double(n) }
        return withExtrema(grid, grid.indices.map { $0 == n ? endValue : exact(grid[$0]) }, exact, measure)
    }

    /// The grid with the exact time of every extremum of the motion added (along its largest
    /// excursion): a segment can end on a peak, as SMIL's monotone segments must.
    static func withExtrema(
        _ times: [Double], _ values: [V], _ exact: (Double) -> V,
        _ measure: ErrorMeasure<V>
    ) -> ([Double], [V]) {
        let n = times.count - 1
        // Each value's distance from the first, once: the comparisons computed both sides of
        // each (the same numbers, so the same farthest index).
        let distance = values.map { measure.norm($0 - values[0]) }
        let far = values.indices.max { distance[$0] < distance[$1] }!
        let axis = values[far] - values[0]
        guard n > 2, measure.norm(axis) > 0 else { return (times, values) }
        func along(_ v: V) -> Double {
            let p = measure.norm(v - values[0] + axis), m = measure.norm(v - values[0] - axis)
            return (p * p - m * m) / 4
        }
        let s = values.map(along)
        var outTimes: [Double] = [times[0]], outValues: [V] = [values[0]]
        // The grid and a few extrema: appended one by one, the arrays grew about ten times each.
        outTimes.reserveCapacity(n + 9)
        outValues.reserveCapacity(n + 9)
        for k in 1..<n {
            outTimes.append(times[k]); outValues.append(values[k])
            let peak = (s[k] - s[k - 1]) * (s[k + 1] - s[k]) < 0 || (s[k] == s[k + 1] && s[k] != s[k - 1])
            guard peak, outTimes.count < n + 64 else { continue }
            // Golden-section search for the extremum in (t[k−1], t[k+1]); sign +1 for a maximum.
            let sign: Double = s[k] >= s[k - 1] ? 1 : -1
            var a = times[k - 1], b = times[k + 1]
            let g = (5.0.squareRoot() - 1) / 2
            var c = b - g * (b - a), d = a + g * (b - a)
            var fc = sign * along(exact(c)), fd = sign * along(exact(d))
            for _ in 0..<40 where b - a > 1e-9 {
                if fc > fd {
                    b = d; d = c; fd = fc; c = b - g * (b - a); fc = sign * along(exact(c))
                } else {
                    a = c; c = d; fc = fd; d = a + g * (b - a); fd = sign * along(exact(d))
                }
            }
            let t = (a + b) / 2
            guard t > times[k - 1] + 1e-7, t < times[k + 1] - 1e-7, abs(t - times[k]) > 1e-7 else { continue }
            if t < times[k] {
                guard t > outTimes[outTimes.count - 2] + 1e-7 else { continue }
                outTimes.insert(t, at: outTimes.count - 1); outValues.insert(exact(t), at: outValues.count - 1)
            } else {
                outTimes.append(t); outValues.append(exact(t))
            }
        }
        outTimes.append(times[n]); outValues.append(values[n])
        return (outTimes, outValues)
    }

    // MARK: Breakpoints

    /// The fewest segments the greedy search finds, each checked between grid points.
    func segments() -> [Segment] {
        let n = times.count - 1
        if values.allSatisfy({ $0 == values[0] }) { return [Segment(from: 0, to: n, curve: .linear)] }
        var out: [Segment] = []
        var i = 0
        var guess = max(1, n / 3)
        while i < n {
            // farthestEnd's segment is checked (checkedFit) or one grid step: measuring it again
            // to split it could not change it (a tenth of the fit's cost, removed).
            let (j, curve) = farthestEnd(from: i, guess: guess)
            out.append(Segment(from: i, to: j, curve: curve))
            guess = j - i
            i = j
        }
        return out
    }

    /// The largest j such that (i, j) fits and passes the player-side check, searched from
    /// `guess`; a single grid step always ends a segment (linear if nothing better fits).
    /// Checking here, not only after the search, shortens a span that fits on the grid but not
    /// between its points instead of halving it (fewer segments on short springs, BENCHMARKS.md#2-greedy-fitter-vs-the-optimum).
    func farthestEnd(from i: Int, guess: Int) -> (Int, CubicBezier) {
        let n = times.count - 1
        // Checked fits called as methods: `let fit = checkedFit` boxed a copy of the fitter.
        if let c = checkedFit(i, n) { return (n, c) }
        // The one-step easing (unchecked) only when no longer span fits: most starts gallop past it.
        var good: (Int, CubicBezier?) = (i + 1, nil)
        var bad = n
        var probe = min(i + max(guess, 1), n - 1)
        // Gallop: grow while it fits, so the bracket is found near the last segment's length.
        while probe > good.0 {
            if let c = checkedFit(i, probe) {
                good = (probe, c)
                probe = min(i + 2 * (probe - i), bad - 1)
            } else {
                bad = probe
                break
            }
        }
        while bad - good.0 > 1 {
            let mid = (good.0 + bad) / 2
            if let c = checkedFit(i, mid) { good = (mid, c) } else { bad = mid }
        }
        return (good.0, good.1 ?? self.fit(i, i + 1) ?? .linear)
    }

    /// The easing for grid points i...j when it also stays within the target between them.
    func checkedFit(_ i: Int, _ j: Int) -> CubicBezier? {
        guard let c = fit(i, j), maxError(Segment(from: i, to: j, curve: c), stoppingOver: verifyLimit) <= verifyLimit else { return nil }
        return c
    }

    /// The largest error of segment s between its grid points, in output units; once it passes
    /// `limit`, the first error over it (every caller only compares it with `limit`, and an error
    /// over it stays over it: `max` keeps the larger and passes over NaN).
    func maxError(_ s: Segment, stoppingOver limit: Double = .infinity) -> Double {
        let a = values[s.from], d = values[s.to] - a
        let t0 = times[s.from], span = times[s.to] - t0
        let steps = (s.to - s.from) * verifySteps
        // x(s)'s coefficients as `solveParameter(forX:)` computes them at each call, once: that
        // call was not inlined here (a call and the same three numbers at every check point).
        let cx = 3 * s.curve.x1, bx = 3 * (s.curve.x2 - s.curve.x1) - cx, ax = 1 - cx - bx
        var worst = 0.0
        for k in 0..<steps {
            let u = (Double(k) + 0.5) / Double(steps)
            // `s.curve.progress(at: u)` for u in (0, 1), its two inlinable steps: the call across
            // modules was not always inlined (~60 instructions a check point).
            let p = CubicBezier.solveParameter(a: ax, b: bx, c: cx, forX: u)
            let v = a + d.scaled(by: s.curve.y(atParameter: p))
            worst = max(worst, measure.norm(v - exact(t0 + span * u)))
            if worst > limit { return worst }
        }
        return worst
    }

    // MARK: One segment

    /// The easing for grid points i...j, or nil when none stays within the target.
    func fit(_ i: Int, _ j: Int) -> CubicBezier? {
        guard let problem = SegmentProblem(self, i, j) else { return nil }
        return problem.solve()
    }

    func dot(_ a: V, _ b: V) -> Double {
        let p = measure.norm(a + b), m = measure.norm(a - b)
        return (p * p - m * m) / 4
    }

    /// The exact derivative at grid point k (one-sided at the stretch's ends), per second.
    func derivative(at k: Int) -> V {
        let n = times.count - 1
        let h = min(1e-5, (times[n] - times[0]) * 1e-3)
        let t = times[k]
        if k == 0 {
            return (exact(t + h).scaled(by: 4) - exact(t).scaled(by: 3) - exact(t + 2 * h)).scaled(by: 1 / (2 * h))
        }
        if k == n {
            let tl = t.nextDown
            return (exact(tl).scaled(by: 3) - exact(tl - h).scaled(by: 4) + exact(tl - 2 * h)).scaled(by: 1 / (2 * h))
        }
        return (exact(t + h) - exact(t - h)).scaled(by: 1 / (2 * h))
    }
}

extension CubicBezier {
    /// Control values rounded to the 6 decimals SMIL keySplines and Lottie handles are written with.
    var rounded6: CubicBezier {
        func r(_ x: Double) -> Double { (x * 1e6).rounded() / 1e6 }
        return CubicBezier(r(x1), r(y1), r(x2), r(y2))
    }
}
