import FoundationEssentials
import Glibc

/// A CASpringAnimation's physical parameters and its closed-form progress
/// (docs/uikit-motion.md#spring-closed-forms, #caspringanimation-defaults).
/// `p(t)` runs from 0 toward 1; t is local active time in **seconds** (the animation's duration only cuts it).
package struct SpringParameters: Hashable, Sendable {
    package var mass: Double
    package var stiffness: Double
    package var damping: Double
    /// Fractions of the from→to distance per second; positive means toward the target (docs/uikit-motion.md#velocity-units).
    package var initialVelocity: Double
    /// Off: ζ > 1 is evaluated as critical at ω0. On only for the iOS 17+ bounce APIs (docs/uikit-motion.md#spring-closed-forms).
    package var allowsOverdamping: Bool

    package init(
        mass: Double = 1, stiffness: Double, damping: Double,
        initialVelocity: Double = 0, allowsOverdamping: Bool = false
    ) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
    }

    /// CASpringAnimation's defaults (docs/uikit-motion.md#caspringanimation-defaults).
    package static let caDefault = SpringParameters(mass: 1, stiffness: 100, damping: 10)
    /// UIKit curve 7 / `UISpringTimingParameters()` / modal presentation
    /// (docs/uikit-motion.md#other-system-springs); its 0.5 s duration is the caller's.
    package static let systemDefault = SpringParameters(mass: 3, stiffness: 1000, damping: 500)

    // docs/uikit-motion.md#caspringanimation-defaults: CA's setters replace invalid values (mass ≤ 0 → 1,
    // stiffness ≤ 0 → 100, damping < 0 → 10).
    var effectiveMass: Double { mass <= 0 ? 1 : mass }
    var effectiveStiffness: Double { stiffness <= 0 ? 100 : stiffness }
    var effectiveDamping: Double { damping < 0 ? 10 : damping }

    /// ω0 = √(k/m).
    package var naturalFrequency: Double { (effectiveStiffness / effectiveMass).squareRoot() }

    /// ζ = c / (2√(km)).
    package var dampingRatio: Double {
        let s = (effectiveStiffness * effectiveMass).squareRoot()
        return effectiveDamping / (s + s)
    }

    var state: SpringState {
        SpringState(
            mass: effectiveMass, stiffness: effectiveStiffness, damping: effectiveDamping,
            velocity: initialVelocity, allowsOverdamping: allowsOverdamping)
    }

    /// p(t), with p(0) = 0 and p'(0) = v; 0 before the start.
    package func progress(at t: Double) -> Double {
        t <= 0 ? 0 : state.progress(t)
    }

    /// dp/dt (1/s), analytic; v at t = 0 and 0 before the start.
    package func velocity(at t: Double) -> Double {
        t < 0 ? 0 : state.velocity(t)
    }

    /// CA's `durationForEpsilon:` (`settlingDuration` is ε = 0.001; docs/uikit-motion.md#settling-duration), at speed 1.
    /// Mirrors the decompiled method: ζ = 0 (never settles) gives +∞, which CA's final clamp turns into FLT_MAX.
    package func settlingDuration(epsilon: Double = 0.001) -> Double {
        let st = state
        let floatMax = Double(Float.greatestFiniteMagnitude)
        if st.zeta == 0 { return floatMax }
        let eps = max(epsilon, 1e-6)
        let result: Double
        if st.zeta >= 1 {
            result = Self.gridSettling(st, eps)
        } else {
            // Envelope (|A| + |B|)·e^(−ζω0 t) reaches ε.
            result = max(-log(eps / (abs(st.a) + abs(st.b))) / (st.omega0 * st.zeta), 0)
        }
        return min(abs(result), floatMax)
    }

    /// docs/uikit-motion.md#settling-duration, ζ ≥ 1: the first 0.1-s grid time below ε that then stays below ε for more than 1 s
    /// (a literal port of CA's loop, including its accumulated `i += 0.1`).
    private static func gridSettling(_ st: SpringState, _ eps: Double) -> Double {
        var candidate = -1.0
        var best = Double.infinity
        var i = 0.0
        // CA's loop is unbounded; past 120 s (1,200 steps) the answer only matters as "too long",
        // which the timeline's 60 s ceiling refuses, so stop there rather than loop for hours.
        for _ in 0..<1_200 {
            let residual = abs(1 - st.progress(i))
            if !residual.isFinite { return 0 }
            if best >= eps {
                if residual < best { candidate = i; best = residual }
            } else if residual >= eps {
                best = .infinity
            } else if i - candidate > 1 {
                return candidate
            }
            i += 0.1
        }
        return .infinity
    }

    /// 2π·√(m/k); 0 when k is not finite (docs/uikit-motion.md#caspringanimation-defaults).
    package var perceptualDuration: Double {
        let k = effectiveStiffness
        return k.isFinite ? (effectiveMass / k).squareRoot() * (2 * Double.pi) : 0
    }

    /// 1 − P·c/(4πm) when ζ ≤ 1, else 4πm/(P·c) − 1; equals 1 − ζ or 1/ζ − 1
    /// (docs/uikit-motion.md#caspringanimation-defaults).
    package var bounce: Double {
        let m = effectiveMass, c = effectiveDamping
        let x = perceptualDuration * c / (m * (4 * Double.pi))
        return dampingRatio <= 1 ? 1 - x : 1 / x - 1
    }
}

/// The legacy `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)` mapping.
package enum UIKitSpring {
    /// docs/uikit-motion.md#uikit-spring-solver:
    /// UIView.animate(withDuration:usingSpringWithDamping:initialSpringVelocity:) → CASpringAnimation parameters
    /// (m = 1, exactly 12 Newton steps from ω = 5/T, ε = 0.001, ζ clamped to [1.1920929e-7, 1], T clamped to [0.01, 10]).
    /// ω is chosen so that the sine-term amplitude (critical: the displacement) is ε at t = T.
    package static func parameters(
        duration: Double, dampingRatio: Double, initialVelocity: Double,
        epsilon: Double = 0.001
    ) -> SpringParameters {
        let z = min(max(dampingRatio, 1.1920929e-7), 1.0)
        let T = min(max(duration, 0.01), 10.0)
        let v = initialVelocity
        var w = 5.0 / T
        // No tolerance test: UIKit always runs 12 steps (docs/uikit-motion.md#uikit-spring-solver).
        // Double-precision exp, as in Framer's pair.
        for _ in 0..<12 {
            let f: Double, df: Double
            if z >= 1 {
                let a = w - v
                let e = exp(-T * w)
                f = (a < 0 ? epsilon : -epsilon) + (a * T + 1) * e
                df = T * T * (v - w) * e
            } else {
                let s = (1 - z * z).squareRoot()
                let g = (z * w - v) / (s * w)
                f = epsilon - abs(g * exp(-z * T * w))
                let num = v + z * T * v * w - z * z * T * w * w
                df = (g > 0 ? -num : num) / (w * w * s * exp(z * T * w))
            }
            w -= f / df
        }
        let m = 1.0
        let root = (w * (m * m * w)).squareRoot()
        return SpringParameters(
            mass: m, stiffness: w * (w * m), damping: z * (root + root),
            initialVelocity: v, allowsOverdamping: false)
    }
}

/// iOS 17+ `UIView.animate(springDuration:bounce:…)`, `CASpringAnimation(perceptualDuration:bounce:)`,
/// SwiftUI `Spring(duration:bounce:)` (docs/uikit-motion.md#other-system-springs).
package enum SwiftUISpring {
    /// docs/uikit-motion.md#other-system-springs: m = 1, k = (2π/P)², c = 4πζ/P, ζ = 1 − bounce (bounce ≥ 0) or
    /// 1/(1 + bounce); allowsOverdamping = true.
    /// P ≤ 0 gives k = +∞, as CA's initializer does. The CA initializer's duration (= settlingDuration) is the caller's.
    package static func parameters(duration: Double, bounce: Double) -> SpringParameters {
        let P = duration
        let k = P <= 0 ? Double.infinity : (2 * Double.pi / P) * (2 * Double.pi / P)
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (bounce + 1)
        return SpringParameters(
            mass: 1, stiffness: k, damping: zeta * (4 * Double.pi) / P,
            initialVelocity: 0, allowsOverdamping: true)
    }
}
