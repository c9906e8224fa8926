// Cubic-Bézier timing functions: CAMediaTimingFunction and the UIView curves (docs/uikit-motion.md#timing-curves).

/// A unit cubic Bézier from (0,0) to (1,1) with control points (x1,y1), (x2,y2).
/// Evaluation follows WebKit's Apple-authored `UnitBezier` (docs/uikit-motion.md#timing-curves), the de-facto reference for CA's solver.
@usableFromInline package struct CubicBezier: Hashable, Sendable {
    @usableFromInline package var x1: Double
    @usableFromInline package var y1: Double
    @usableFromInline package var x2: Double
    @usableFromInline package var y2: Double

    package init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    // Apple's documented control points (docs/uikit-motion.md#timing-curves).
    package static let linear = CubicBezier(0, 0, 1, 1)
    package static let easeIn = CubicBezier(0.42, 0, 1, 1)
    package static let easeOut = CubicBezier(0, 0, 0.58, 1)
    package static let easeInEaseOut = CubicBezier(0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`, used by implicit CALayer actions (docs/uikit-motion.md#timing-curves).
    package static let caDefault = CubicBezier(0.25, 0.1, 0.25, 1)

    /// The eased progress at normalized time `u` (clamped to [0, 1]).
    package func progress(at u: Double) -> Double {
        // Endpoints exactly, so a finished animation lands on its value without rounding noise.
        if !(u > 0) { return 0 }
        if u >= 1 { return 1 }
        return Self.sample(solveParameter(forX: u), y1, y2)
    }

    /// y ≡ x on the whole curve exactly when both control points lie on the diagonal.
    package var isLinear: Bool { x1 == y1 && x2 == y2 }

    /// SMIL `keySplines` requires every control value in [0, 1].
    package var staysInUnitInterval: Bool {
        [x1, y1, x2, y2].allSatisfy { $0 >= 0 && $0 <= 1 }
    }

    /// The curve parameter s in [0, 1] with x(s) = u: Newton from s = u (8 steps), then bisection (WebKit
    /// UnitBezier, docs/uikit-motion.md#timing-curves).
    @inlinable package func solveParameter(forX u: Double) -> Double {
        let c = 3 * x1, b = 3 * (x2 - x1) - c, a = 1 - c - b
        return Self.solveParameter(a: a, b: b, c: c, forX: u)
    }

    /// `solveParameter(forX:)` for x(s) = ((a s + b) s + c) s, the coefficients `sample` makes:
    /// the one implementation, also read with coefficients computed once (PreparedCurve.swift).
    @inlinable @inline(__always) package static func solveParameter(a: Double, b: Double, c: Double, forX u: Double) -> Double {
        let x = min(max(u, 0), 1)
        let epsilon = 1e-12
        var s = x
        for _ in 0..<8 {
            let err = ((a * s + b) * s + c) * s - x
            if abs(err) < epsilon { return s }
            let d = (3 * a * s + 2 * b) * s + c
            if abs(d) < 1e-6 { break }
            s -= err / d
            // A Newton step that leaves the unit interval cannot be trusted; bisection is.
            if !(s >= 0 && s <= 1) { break }
        }
        var lo = 0.0, hi = 1.0
        s = x
        // 200 halvings exhaust double precision; the cap guards the (lo < hi) loop against rounding stalls.
        var steps = 0
        while lo < hi && steps < 200 {
            steps += 1
            let xs = ((a * s + b) * s + c) * s
            if abs(xs - x) < epsilon { return s }
            if x > xs { lo = s } else { hi = s }
            s = (hi - lo) * 0.5 + lo
        }
        return s
    }

    /// The same parameter by Newton from `start`, a solution for a nearby curve or time (the easing
    /// fit's steps move the control points by little, so 1-2 steps usually settle it); falls back to
    /// `solveParameter(forX:)` when Newton stalls or leaves the unit interval. Within 1e-12 in x.
    @inlinable package func solveParameter(forX u: Double, near start: Double) -> Double {
        let c = 3 * x1, b = 3 * (x2 - x1) - c, a = 1 - c - b
        return Self.newtonParameter(a: a, b: b, c: c, forX: u, near: start) ?? solveParameter(forX: u)
    }

    /// Newton's steps (at most 6) for ((a s + b) s + c) s = x, x = u clamped to [0, 1], from
    /// `start`: s within 1e-12 in x, or nil when they stall or leave the unit interval.
    @inlinable @inline(__always) package static func newtonParameter(
        a: Double, b: Double, c: Double, forX u: Double, near start: Double
    ) -> Double? {
        newtonSteps(a: a, b: b, c: c, x: min(max(u, 0), 1), from: min(max(start, 0), 1))
    }

    /// `newtonParameter`'s steps from `start` for x as given (no clamps: for callers whose x is
    /// inside (0, 1) and whose start is in [0, 1], not −0, where the clamps change no bit).
    @inlinable @inline(__always) package static func newtonSteps(a: Double, b: Double, c: Double, x: Double, from start: Double) -> Double? {
        var s = start
        for _ in 0..<6 {
            let err = ((a * s + b) * s + c) * s - x
            if abs(err) < 1e-12 { return s }
            let d = (3 * a * s + 2 * b) * s + c
            if abs(d) < 1e-6 { break }
            s -= err / d
            if !(s >= 0 && s <= 1) { break }
        }
        return nil
    }

    /// The y value at curve parameter s (for exporters that already hold s).
    @inlinable package func y(atParameter s: Double) -> Double { Self.sample(s, y1, y2) }

    /// The x value at curve parameter s.
    package func x(atParameter s: Double) -> Double { Self.sample(s, x1, x2) }

    /// Extreme y values over s in [0, 1] (y leaves [0, 1] only for y1/y2 outside it).
    package var yRange: ClosedRange<Double> {
        var lo = 0.0, hi = 1.0
        // y'(s) = 3a s² + 2b s + c; its roots in (0,1) are the interior extrema.
        let c = 3 * y1, b = 3 * (y2 - y1) - c, a = 1 - c - b
        for s in Self.quadraticRoots(3 * a, 2 * b, c) where s > 0 && s < 1 {
            let y = Self.sample(s, y1, y2)
            lo = min(lo, y); hi = max(hi, y)
        }
        return lo...hi
    }

    // x(s) = ((a s + b) s + c) s with c = 3 p1, b = 3 (p2 − p1) − c, a = 1 − c − b (docs/uikit-motion.md#timing-curves).
    @inlinable static func sample(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    @inlinable package static func derivative(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        let c = 3 * p1, b = 3 * (p2 - p1) - c, a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    /// Real roots of a s² + b s + c (degenerates to linear when a ≈ 0).
    static func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        if abs(a) < 1e-15 {
            return abs(b) < 1e-15 ? [] : [-c / b]
        }
        let disc = b * b - 4 * a * c
        if disc < 0 { return [] }
        // Citardauq form avoids cancellation.
        let q = -0.5 * (b + (b >= 0 ? 1 : -1) * disc.squareRoot())
        return q == 0 ? [0] : [q / a, c / q]
    }
}
