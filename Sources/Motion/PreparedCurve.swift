// An animation curve as a track reads it thousands of times: what `AnimationCurve.progress(at:)`
// recomputed at every read (a spring's closed-form state, a Bézier's polynomial coefficients) is
// computed once, and the value holds no reference (no retain, release or enum copy per read).

/// `AnimationCurve.progress(at:)` with its per-curve constants computed once: the same bits (the
/// same operations in the same order on the same values). A custom curve's function is not held
/// (every copy would retain it): its owner keeps it, at the index given, and evaluates it.
@usableFromInline package struct PreparedCurve: Hashable, Sendable {
    @usableFromInline enum Shape: Hashable, Sendable {
        case bezier(BezierCoefficients)
        case spring(SpringState)
        case custom(Int)
    }

    @usableFromInline let shape: Shape
    @usableFromInline let duration: Double

    /// `curve` prepared; a custom curve's function is kept by the caller at `customIndex`.
    package init(_ curve: AnimationCurve, customIndex: Int) {
        duration = curve.duration
        switch curve.shape {
        case .bezier(let b): shape = .bezier(BezierCoefficients(b))
        case .spring(let s): shape = .spring(s.state)
        case .custom: shape = .custom(customIndex)
        }
    }

    /// The index given for a custom curve (its owner evaluates it); nil for a Bézier or a spring.
    @inlinable package var customIndex: Int? {
        if case .custom(let k) = shape { return k }
        return nil
    }

    /// `AnimationCurve.progress(at:)` of a Bézier or spring curve.
    /// 0 before the start, 1 from `duration` on (docs/uikit-motion.md#spring-cut-at-duration); a
    /// Bézier runs on u = t/duration, a spring in seconds (docs/uikit-motion.md#time-pipeline).
    package func progress(at t: Double) -> Double {
        if case .custom = shape { preconditionFailure("a custom curve is evaluated by its owner") }
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        switch shape {
        case .bezier(let curve): return curve.progress(at: t / duration)
        // SpringParameters.progress(at:)'s own t <= 0 test is already passed.
        case .spring(let state): return state.progress(t)
        case .custom: preconditionFailure("a custom curve is evaluated by its owner")
        }
    }
}

/// A `CubicBezier`'s polynomials x(s) = ((ax s + bx) s + cx) s and y(s), their coefficients as
/// `CubicBezier.sample` computes them at each call; `progress(at:)` is `CubicBezier.progress(at:)`.
@usableFromInline struct BezierCoefficients: Hashable, Sendable {
    let ax: Double, bx: Double, cx: Double
    let ay: Double, by: Double, cy: Double

    init(_ curve: CubicBezier) {
        (ax, bx, cx) = Self.coefficients(curve.x1, curve.x2)
        (ay, by, cy) = Self.coefficients(curve.y1, curve.y2)
    }

    /// `CubicBezier.sample`'s c, b, a.
    private static func coefficients(_ p1: Double, _ p2: Double) -> (Double, Double, Double) {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return (a, b, c)
    }

    func progress(at u: Double) -> Double {
        if !(u > 0) { return 0 }
        if u >= 1 { return 1 }
        let s = CubicBezier.solveParameter(a: ax, b: bx, c: cx, forX: u)
        return ((ay * s + by) * s + cy) * s
    }
}
