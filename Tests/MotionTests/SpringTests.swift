import Foundation
import XCTest

@testable import Motion

final class UIKitSpringTests: XCTestCase {
    // docs/uikit-motion.md#worked-spring-example: dampingRatio 0.8, initialSpringVelocity 1, duration 0.3.
    func testWorkedExampleParameters() {
        let s = UIKitSpring.parameters(duration: 0.3, dampingRatio: 0.8, initialVelocity: 1)
        XCTAssertEqual(s.mass, 1)
        XCTAssertEqual(s.initialVelocity, 1)
        XCTAssertFalse(s.allowsOverdamping)
        XCTAssertEqual(s.naturalFrequency, 29.80246, accuracy: 0.5e-5)
        XCTAssertEqual(s.stiffness, 888.186, accuracy: 0.5e-3)
        XCTAssertEqual(s.damping, 47.684, accuracy: 0.5e-3)
        XCTAssertEqual(s.dampingRatio, 0.8, accuracy: 1e-12)
        // The solver's target: the sine-term amplitude |B|·e^(−ζω0 T) is ε at T
        // (docs/uikit-motion.md#uikit-spring-solver, #worked-spring-example).
        let w0 = s.naturalFrequency, z = s.dampingRatio
        let wd = w0 * (1 - z * z).squareRoot()
        XCTAssertEqual(wd, 17.88147, accuracy: 0.5e-5)
        let b = (z * w0 - 1) / wd
        XCTAssertEqual(b, 1.277410, accuracy: 0.5e-6)
        XCTAssertEqual(abs(b) * exp(-z * w0 * 0.3), 0.001, accuracy: 1e-7)
        XCTAssertEqual(s.settlingDuration(), 0.324, accuracy: 0.5e-3)
    }

    func testWorkedExampleTable() {
        let s = UIKitSpring.parameters(duration: 0.3, dampingRatio: 0.8, initialVelocity: 1)
        let table: [(t: Double, p: Double, v: Double)] = [
            (0.00, 0.000000, 1.000), (0.05, 0.507543, 11.631), (0.10, 0.904914, 4.330),
            (0.15, 1.009232, 0.575), (0.20, 1.012274, -0.181), (0.25, 1.003816, -0.122),
            (0.30, 1.000320, -0.030),
        ]
        for row in table {
            XCTAssertEqual(s.progress(at: row.t), row.p, accuracy: 1e-6, "p(\(row.t))")
            XCTAssertEqual(s.velocity(at: row.t), row.v, accuracy: 0.5e-3, "p'(\(row.t))")
        }
    }

    // docs/uikit-motion.md#uikit-spring-solver: Framer's published pair, reproduced to every digit.
    func testFramerPair() {
        let s = UIKitSpring.parameters(duration: 3, dampingRatio: 0.25, initialVelocity: 0)
        XCTAssertEqual(s.stiffness, 54.83363359078326, accuracy: 54.83363359078326 * 1e-9)
        XCTAssertEqual(s.damping, 3.702486785620688, accuracy: 3.702486785620688 * 1e-9)
    }

    // docs/uikit-motion.md#critical-damping-clamp: ratios ≥ 1 clamp to 1.
    func testRatiosAboveOneClampToCritical() {
        let one = UIKitSpring.parameters(duration: 0.5, dampingRatio: 1, initialVelocity: 0)
        for ratio in [1.5, 5.0] {
            let other = UIKitSpring.parameters(duration: 0.5, dampingRatio: ratio, initialVelocity: 0)
            XCTAssertEqual(other, one)
            for t in stride(from: 0.0, through: 0.6, by: 0.05) {
                XCTAssertEqual(other.progress(at: t), one.progress(at: t))
            }
        }
        XCTAssertEqual(one.naturalFrequency, 18.4668, accuracy: 0.5e-4)
        XCTAssertEqual(one.stiffness, 341.02, accuracy: 0.5e-2)
        XCTAssertEqual(one.damping, 36.93, accuracy: 0.5e-2)
        XCTAssertEqual(one.dampingRatio, 1)
        // Critical closed form: 1 − (1 + ω0 t)e^(−ω0 t).
        let w = one.naturalFrequency
        XCTAssertEqual(one.progress(at: 0.2), 1 - (1 + w * 0.2) * exp(-w * 0.2), accuracy: 1e-12)
    }

    // docs/uikit-motion.md#spring-cut-at-duration: residual |1 − p(T)| at the cut, T = 0.5, v = 0.
    func testResidualAtCut() {
        for (zeta, residual) in [(0.1, 0.0022), (0.5, 0.0010), (0.8, 0.0003), (1.0, 0.0010)] {
            let s = UIKitSpring.parameters(duration: 0.5, dampingRatio: zeta, initialVelocity: 0)
            XCTAssertEqual(abs(1 - s.progress(at: 0.5)), residual, accuracy: 0.5e-4, "ζ \(zeta)")
        }
    }

    func testClampsDuration() {
        XCTAssertEqual(
            UIKitSpring.parameters(duration: 20, dampingRatio: 0.5, initialVelocity: 0),
            UIKitSpring.parameters(duration: 10, dampingRatio: 0.5, initialVelocity: 0))
        XCTAssertEqual(
            UIKitSpring.parameters(duration: 0, dampingRatio: 0.5, initialVelocity: 0),
            UIKitSpring.parameters(duration: 0.01, dampingRatio: 0.5, initialVelocity: 0))
    }
}

final class SpringParametersTests: XCTestCase {
    // docs/uikit-motion.md#settling-duration: Apple's documented settlingDuration examples for m 1, k 100.
    func testSettlingDurationAppleExamples() {
        XCTAssertEqual(SpringParameters(stiffness: 100, damping: 5).settlingDuration(), 2.855, accuracy: 0.5e-3)
        XCTAssertEqual(SpringParameters(stiffness: 100, damping: 15).settlingDuration(), 1.022, accuracy: 0.5e-3)
    }

    // docs/uikit-motion.md#settling-duration, ζ ≥ 1: grid search. Critical at ω0 = 10:
    // |1 − p| < 0.001 first at the 1.0 s sample (0.9 s misses it).
    func testSettlingDurationGridBranch() {
        let s = SpringParameters(stiffness: 100, damping: 20)
        XCTAssertEqual(s.settlingDuration(), 1.0, accuracy: 1e-9)
        XCTAssertLessThan(abs(1 - s.progress(at: 1.0)), 0.001)
        XCTAssertGreaterThan(abs(1 - s.progress(at: 0.9)), 0.001)
        // Without allowsOverdamping the extra damping is ignored: same answer as critical.
        XCTAssertEqual(SpringParameters(stiffness: 100, damping: 200).settlingDuration(), s.settlingDuration())
        XCTAssertEqual(
            SpringParameters(stiffness: 100, damping: 0).settlingDuration(),
            Double(Float.greatestFiniteMagnitude))
    }

    // docs/uikit-motion.md#other-system-springs: system default spring, critical at √(1000/3).
    func testSystemDefault() {
        let s = SpringParameters.systemDefault
        XCTAssertEqual(s.dampingRatio, 4.564, accuracy: 0.5e-3)
        XCTAssertEqual(s.naturalFrequency, 18.257, accuracy: 0.5e-3)
        for (t, p) in [(0.1, 0.5448), (0.2, 0.8793), (0.3, 0.9729), (0.4, 0.9944), (0.5, 0.9989)] {
            XCTAssertEqual(s.progress(at: t), p, accuracy: 0.5e-4, "p(\(t))")
        }
    }

    // docs/uikit-motion.md#spring-closed-forms: ChouTiUI's measured _solveForInput values (ζ 1, response 1 s, duration 1.2 s, t = 1.2u).
    func testChouTiUIValues() {
        let s = SpringParameters(stiffness: pow(2 * Double.pi, 2), damping: 4 * Double.pi)
        XCTAssertEqual(s, SwiftUISpring.parameters(duration: 1, bounce: 0).with(allowsOverdamping: false))
        for (u, p) in [(0.25, 0.561960), (0.5, 0.890034), (0.75, 0.976705), (1.0, 0.995461)] {
            XCTAssertEqual(s.progress(at: 1.2 * u), p, accuracy: 1e-6, "u \(u)")
        }
    }

    func testCADefaultAndDerivedProperties() {
        let s = SpringParameters.caDefault
        XCTAssertEqual(s.naturalFrequency, 10)
        XCTAssertEqual(s.dampingRatio, 0.5)
        XCTAssertEqual(s.perceptualDuration, 2 * Double.pi / 10, accuracy: 1e-12)
        XCTAssertEqual(s.bounce, 0.5, accuracy: 1e-12)
        XCTAssertEqual(SpringParameters(stiffness: 100, damping: 40).bounce, -0.5, accuracy: 1e-12)
        XCTAssertEqual(s.progress(at: 0), 0)
        XCTAssertEqual(s.progress(at: -1), 0)
        XCTAssertEqual(s.velocity(at: -1), 0)
    }

    // docs/uikit-motion.md#caspringanimation-defaults: invalid values are replaced the way CA's setters do.
    func testInvalidValuesReplaced() {
        let bad = SpringParameters(mass: 0, stiffness: -3, damping: -1)
        XCTAssertEqual(bad.progress(at: 0.3), SpringParameters.caDefault.progress(at: 0.3))
    }

    // Analytic dp/dt against a central difference, all three branches.
    func testVelocityMatchesDerivative() {
        let springs = [
            SpringParameters(stiffness: 300, damping: 12, initialVelocity: -2),
            SpringParameters(stiffness: 300, damping: 80, initialVelocity: 3),
            SpringParameters(stiffness: 300, damping: 80, initialVelocity: 3, allowsOverdamping: true),
        ]
        for s in springs {
            XCTAssertEqual(s.velocity(at: 0), s.initialVelocity, accuracy: 1e-12)
            for t in [0.01, 0.1, 0.37] {
                let h = 1e-6
                let numeric = (s.progress(at: t + h) - s.progress(at: t - h)) / (2 * h)
                XCTAssertEqual(s.velocity(at: t), numeric, accuracy: 1e-5)
            }
        }
    }

    // docs/uikit-motion.md#spring-closed-forms, over-damped (textbook): p(0) = 0, p'(0) = v, no oscillation.
    func testOverdampedTextbook() {
        let s = SwiftUISpring.parameters(duration: 0.5, bounce: -0.5)
        XCTAssertTrue(s.allowsOverdamping)
        XCTAssertEqual(s.dampingRatio, 2, accuracy: 1e-12)
        XCTAssertEqual(s.stiffness, pow(4 * Double.pi, 2), accuracy: 1e-9)
        XCTAssertEqual(s.progress(at: 1e-9), 0, accuracy: 1e-6)
        XCTAssertEqual(s.velocity(at: 0), 0, accuracy: 1e-12)
        let critical = s.with(allowsOverdamping: false)
        XCTAssertLessThan(s.progress(at: 0.3), critical.progress(at: 0.3))
        XCTAssertEqual(s.bounce, -0.5, accuracy: 1e-12)
    }

    func testSwiftUIBounce() {
        let s = SwiftUISpring.parameters(duration: 0.4, bounce: 0.3)
        XCTAssertEqual(s.dampingRatio, 0.7, accuracy: 1e-12)
        XCTAssertEqual(s.perceptualDuration, 0.4, accuracy: 1e-12)
        XCTAssertEqual(s.bounce, 0.3, accuracy: 1e-12)
    }
}

extension SpringParameters {
    func with(allowsOverdamping: Bool) -> SpringParameters {
        var copy = self
        copy.allowsOverdamping = allowsOverdamping
        return copy
    }
}
