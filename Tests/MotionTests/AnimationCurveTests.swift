import XCTest

@testable import Motion

final class AnimationCurveTests: XCTestCase {
    // docs/uikit-motion.md#spring-cut-at-duration: the animation is removed at its duration and the model value shows.
    func testSnapsToOneAtDuration() {
        let spring = UIKitSpring.parameters(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0)
        let curve = AnimationCurve(.spring(spring), duration: 0.5)
        XCTAssertEqual(curve.progress(at: 0), 0)
        XCTAssertEqual(curve.progress(at: -0.1), 0)
        XCTAssertNotEqual(spring.progress(at: 0.5), 1)
        XCTAssertEqual(curve.progress(at: 0.5), 1)
        XCTAssertEqual(curve.progress(at: 3), 1)
        // Spring time is seconds, not normalized.
        XCTAssertEqual(curve.progress(at: 0.2), spring.progress(at: 0.2))

        let ease = AnimationCurve(.bezier(.easeInEaseOut), duration: 2)
        XCTAssertEqual(ease.progress(at: 0.5), CubicBezier.easeInEaseOut.progress(at: 0.25))
        XCTAssertEqual(ease.progress(at: 2), 1)
    }

    func testOvershoots() {
        let bouncy = UIKitSpring.parameters(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0)
        XCTAssertTrue(AnimationCurve(.spring(bouncy), duration: 0.5).overshoots)
        XCTAssertFalse(AnimationCurve(.bezier(.easeInEaseOut), duration: 0.3).overshoots)
        XCTAssertFalse(AnimationCurve(.bezier(.caDefault), duration: 0.3).overshoots)
        // Critical with v = 0 never overshoots; with v > ω0 it does (docs/uikit-motion.md#critical-damping-clamp).
        let critical = UIKitSpring.parameters(duration: 0.5, dampingRatio: 1, initialVelocity: 0)
        XCTAssertFalse(AnimationCurve(.spring(critical), duration: 0.5).overshoots)
        let fast = UIKitSpring.parameters(duration: 0.5, dampingRatio: 1, initialVelocity: 40)
        XCTAssertTrue(AnimationCurve(.spring(fast), duration: 0.5).overshoots)
        // Moving away first (v < 0) dips below 0.
        let away = SpringParameters(stiffness: 300, damping: 40, initialVelocity: -5)
        XCTAssertTrue(AnimationCurve(.spring(away), duration: 1).overshoots)
        // Cut before the first peak: no overshoot seen.
        XCTAssertFalse(AnimationCurve(.spring(.caDefault), duration: 0.2).overshoots)
        XCTAssertTrue(AnimationCurve(.spring(.caDefault), duration: 1).overshoots)
        // Bézier with y outside [0, 1] (back-out style).
        XCTAssertTrue(AnimationCurve(.bezier(CubicBezier(0.3, 0, 0.4, 1.5)), duration: 1).overshoots)
        XCTAssertTrue(AnimationCurve(.bezier(CubicBezier(0.5, -0.4, 0.6, 1)), duration: 1).overshoots)
    }
}
