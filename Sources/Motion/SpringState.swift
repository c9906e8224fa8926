import FoundationEssentials
import Glibc

/// CA's `SpringAnimation::State` (docs/uikit-motion.md#spring-closed-forms): x(t) = 1 − p(t) in one of three closed forms.
@usableFromInline struct SpringState: Hashable, Sendable {
    enum Mode: Hashable, Sendable { case underdamped, critical, overdamped }
    let omega0: Double
    let zeta: Double
    let mode: Mode
    /// Underdamped: ωd. Overdamped: ω0·√(ζ² − 1).
    let omegaD: Double
    /// Underdamped x = e^(−ζω0 t)(A cos ωd t + B sin ωd t); critical x = (A + B t) e^(−ω0 t);
    /// overdamped x = A e^(−(ζω0 + ωd) t) + B e^((ωd − ζω0) t).
    let a: Double
    let b: Double
    let v: Double

    init(mass m: Double, stiffness k: Double, damping c: Double, velocity v: Double, allowsOverdamping: Bool) {
        omega0 = (k / m).squareRoot()
        let s = (k * m).squareRoot()
        zeta = c / (s + s)
        self.v = v
        if zeta < 1 {
            mode = .underdamped
            omegaD = (1 - zeta * zeta).squareRoot() * omega0
            a = 1
            b = (zeta * omega0 - v) / omegaD
        } else if zeta <= 1 || !allowsOverdamping {
            // docs/uikit-motion.md#spring-closed-forms: ζ > 1 without allowsOverdamping is critical at ω0; the extra damping is ignored.
            mode = .critical
            omegaD = 0
            a = 1
            b = omega0 - v
        } else {
            // Textbook coefficients (A + B = 1, p'(0) = v) per docs/uikit-motion.md#spring-closed-forms; CA's
            // decompiled signs give p'(0) = v + 2ζω0.
            mode = .overdamped
            let w = (zeta * zeta - 1).squareRoot() * omega0
            let q = v - zeta * omega0
            omegaD = w
            a = (q + w) / (w + w)
            b = (w - q) / (w + w)
        }
    }

    func progress(_ t: Double) -> Double {
        switch mode {
        case .underdamped:
            // Same operation order as CA's eval.
            let envelope = exp(-(t * zeta) * omega0)
            return 1 - (sin(omegaD * t) * b + cos(omegaD * t) * a) * envelope
        case .critical:
            return 1 - (a + b * t) * exp(-(t * omega0))
        case .overdamped:
            let decay = omega0 * zeta
            return 1 - (exp((omegaD - decay) * t) * b + exp(-(t * (decay + omegaD))) * a)
        }
    }

    /// dp/dt = −dx/dt.
    func velocity(_ t: Double) -> Double {
        switch mode {
        case .underdamped:
            // p' = e^(−αt)[v cos ωd t + (αB + ωd) sin ωd t], α = ζω0.
            let alpha = zeta * omega0
            return exp(-alpha * t) * (v * cos(omegaD * t) + (alpha * b + omegaD) * sin(omegaD * t))
        case .critical:
            // p' = e^(−ω0 t)[v + ω0(ω0 − v)t].
            return exp(-omega0 * t) * (v + omega0 * b * t)
        case .overdamped:
            let decay = omega0 * zeta
            let rFast = -(decay + omegaD), rSlow = omegaD - decay
            return -(a * rFast * exp(rFast * t) + b * rSlow * exp(rSlow * t))
        }
    }

    /// Times in (0, limit) where p'(t) = 0: the only places p can peak outside [0, 1].
    func criticalTimes(before limit: Double) -> [Double] {
        switch mode {
        case .underdamped:
            guard omegaD > 0 else { return [] }
            // p' ∝ sin(ωd t + φ) with φ = atan2(v, αB + ωd): zeros at ωd t = nπ − φ.
            let phi = atan2(v, zeta * omega0 * b + omegaD)
            var times: [Double] = []
            var n = 0.0
            while times.count < 64 {
                let t = (n * Double.pi - phi) / omegaD
                if !(t < limit) { break }
                if t > 0 { times.append(t) }
                n += 1
            }
            return times
        case .critical:
            let t = -v / (omega0 * b)
            return t.isFinite && t > 0 && t < limit ? [t] : []
        case .overdamped:
            let rFast = -(omega0 * zeta + omegaD), rSlow = omegaD - omega0 * zeta
            let ratio = -(a * rFast) / (b * rSlow)
            guard ratio > 0, ratio.isFinite else { return [] }
            let t = log(ratio) / (rSlow - rFast)
            return t.isFinite && t > 0 && t < limit ? [t] : []
        }
    }
}
