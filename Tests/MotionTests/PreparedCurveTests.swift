import XCTest

@testable import Motion

// PreparedCurve computes a curve's constants once; its progress must be AnimationCurve's to the
// bit (exported files are compared byte for byte).
final class PreparedCurveTests: XCTestCase {
    private static let curves: [AnimationCurve] = [
        AnimationCurve(.bezier(.easeInEaseOut), duration: 0.35),
        AnimationCurve(.bezier(.caDefault), duration: 0.25),
        AnimationCurve(.bezier(.linear), duration: 1),
        AnimationCurve(.bezier(CubicBezier(0.2, 1.6, 0.3, -0.4)), duration: 0.5),  // overshooting
        AnimationCurve(.bezier(CubicBezier(0.9, 0, 0.1, 1)), duration: 0.7),  // steep: bisection
        AnimationCurve(.spring(UIKitSpring.parameters(duration: 0.5, dampingRatio: 0.6, initialVelocity: 0.8)), duration: 0.5),
        AnimationCurve(.spring(UIKitSpring.parameters(duration: 0.4, dampingRatio: 1, initialVelocity: 0)), duration: 0.4),
        AnimationCurve(.spring(SwiftUISpring.parameters(duration: 0.5, bounce: -0.4)), duration: 0.9),  // overdamped
        AnimationCurve(.spring(SpringParameters(mass: 0, stiffness: -1, damping: -1)), duration: 1.2),  // CA's replacements
    ]

    func testProgressIsTheCurvesToTheBit() {
        for curve in Self.curves {
            let prepared = PreparedCurve(curve, customIndex: 3)
            XCTAssertNil(prepared.customIndex)
            for k in -20...1_020 {
                let t = curve.duration * Double(k) / 1_000 + (k % 7 == 0 ? 1e-9 : 0)
                let a = curve.progress(at: t), b = prepared.progress(at: t)
                XCTAssertEqual(a.bitPattern, b.bitPattern, "\(curve.shape) at \(t): \(a) vs \(b)")
            }
        }
    }

    func testCustomIsLeftToItsOwner() {
        struct Half: ProgressFunction { func progress(at t: Double) -> Double { t / 2 } }
        XCTAssertEqual(PreparedCurve(AnimationCurve(.custom(CustomProgress(Half())), duration: 1), customIndex: 3).customIndex, 3)
    }
}
