import TransitionModel
import XCTest

@testable import Simulation

/// FollowedValue tests each number with AdmittedRange: it must answer as NumberRule.admits.
final class AdmittedRangeTests: XCTestCase {
    func testAnswersAsTheRule() {
        let rules: [NumberRule] = [.any, .atLeastZero("m"), .within(-2...3.5, "m"), .within(0...0, "m"), .positive("m")]
        let values: [Double] = [
            0, -0.0, 1e-320, -1e-320, 1, -1, -2, 3.5, 3.5000000000000004, -2.0000000000000004, 1e9, -1e9, 1e9 + 1, -1e9 - 1,
            .infinity, -.infinity, .nan, 0.5,
        ]
        var agreed = 0
        for r in rules {
            for v in values {
                XCTAssertEqual(AdmittedRange(r).admits(v), r.admits(v), "\(r) \(v)")
                agreed += 1
            }
        }
        XCTAssertEqual(agreed, rules.count * values.count)
        XCTAssertFalse(AdmittedRange(.positive("m")).admits(0))
        XCTAssertTrue(AdmittedRange(.atLeastZero("m")).admits(-0.0))
    }
}
