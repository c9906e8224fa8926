import XCTest

@testable import Motion

final class CubicBezierTests: XCTestCase {
    // docs/uikit-motion.md#timing-curves test vectors (rounded to 1e-6).
    func testReferenceTable() {
        let us = [0.1, 0.25, 0.5, 0.75, 0.9]
        let table: [(CubicBezier, [Double])] = [
            (.easeInEaseOut, [0.019722, 0.129162, 0.5, 0.870838, 0.980278]),
            (.easeIn, [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
            (.easeOut, [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
            (.caDefault, [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
        ]
        for (curve, expected) in table {
            for (u, p) in zip(us, expected) {
                XCTAssertEqual(curve.progress(at: u), p, accuracy: 1e-6, "\(curve) at \(u)")
            }
        }
    }

    func testConstants() {
        XCTAssertEqual(CubicBezier.caDefault, CubicBezier(0.25, 0.1, 0.25, 1))
        XCTAssertEqual(CubicBezier.easeInEaseOut, CubicBezier(0.42, 0, 0.58, 1))
        XCTAssertTrue(CubicBezier.linear.isLinear)
        XCTAssertFalse(CubicBezier.easeIn.isLinear)
        XCTAssertTrue(CubicBezier(0.3, 0.3, 0.6, 0.6).isLinear)
        XCTAssertTrue(CubicBezier.caDefault.staysInUnitInterval)
        XCTAssertFalse(CubicBezier(0.3, -0.2, 0.6, 1.3).staysInUnitInterval)
    }

    func testEndpointsAndClamping() {
        for curve in [CubicBezier.easeIn, .easeOut, .easeInEaseOut, .caDefault, .linear] {
            XCTAssertEqual(curve.progress(at: 0), 0)
            XCTAssertEqual(curve.progress(at: 1), 1)
            XCTAssertEqual(curve.progress(at: -0.5), 0)
            XCTAssertEqual(curve.progress(at: 1.5), 1)
        }
        XCTAssertEqual(CubicBezier.linear.progress(at: 0.3), 0.3, accuracy: 1e-12)
    }

    func testSolverPrecision() {
        let curve = CubicBezier(0.9, 0.1, 0.05, 0.95)  // steep middle, flat ends
        for u in stride(from: 0.0, through: 1.0, by: 0.01) {
            let s = curve.solveParameter(forX: u)
            XCTAssertEqual(curve.x(atParameter: s), u, accuracy: 1e-12)
            XCTAssertTrue((0...1).contains(s))
        }
    }

    /// The warm-started solver (the easing fit's) lands on the parameter bisection finds, from any start.
    func testWarmStartedSolverMatchesBisection() {
        func bisect(_ c: CubicBezier, _ u: Double) -> Double {
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 where hi - lo > 1e-15 {
                let mid = (lo + hi) / 2
                if c.x(atParameter: mid) < u { lo = mid } else { hi = mid }
            }
            return (lo + hi) / 2
        }
        let curves = [CubicBezier.easeInEaseOut, .caDefault, CubicBezier(0.9, 0.1, 0.05, 0.95), CubicBezier(0, 0.2, 1, 0.8), CubicBezier(0.6, 0, 0.4, 1)]
        for curve in curves {
            for u in stride(from: 0.005, to: 1.0, by: 0.015) {
                let exact = bisect(curve, u)
                for start in [u, 0, 1, exact + 1e-6, exact - 0.2, 0.5] {
                    let s = curve.solveParameter(forX: u, near: start)
                    XCTAssertEqual(curve.x(atParameter: s), u, accuracy: 1e-12, "\(curve) u \(u) from \(start)")
                    XCTAssertEqual(s, exact, accuracy: 1e-9, "\(curve) u \(u) from \(start)")
                }
            }
        }
        // A flat point (x'(1/2) = 0): still within 1e-12 in x, and never outside [0, 1].
        let flat = CubicBezier(1, 0, 0, 1)
        for u in stride(from: 0.01, to: 1.0, by: 0.01) {
            let s = flat.solveParameter(forX: u, near: 0.5)
            XCTAssertEqual(flat.x(atParameter: s), u, accuracy: 1e-12)
            XCTAssertTrue((0...1).contains(s))
        }
    }
}
