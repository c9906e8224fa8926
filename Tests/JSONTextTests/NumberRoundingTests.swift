import XCTest

@testable import JSONText

// NumberFormat.rounded stands in for libm's `round` (Double.rounded()) in every number written:
// it must give the same bits, or the files change.
final class NumberRoundingTests: XCTestCase {
    func testRoundedIsLibmRoundBitForBit() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
            0.3, -0.3, 1e-300, -1e-300, 0x1p52 - 0.5, -(0x1p52 - 0.5), 0x1p52, -0x1p52, 0x1p52 + 1,
            0x1p53, 1e300, -1e300, .infinity, -.infinity, .greatestFiniteMagnitude, 4_503_599_627_370_495.5,
        ]
        var rng = MMIXNumbers(state: 44)
        for _ in 0..<200_000 {
            let magnitude = [1e-3, 0.5, 1, 10, 390, 1e4, 1e9, 1e14, 1e15, 1e17][Int(rng.next() % 10)]
            values.append((Double(rng.next() % 2_000_001) / 1_000_000 - 1) * magnitude)
            values.append((Double(Int(rng.next() % 2_000_001)) - 1_000_000) + 0.5)  // halves
            values.append(Double(bitPattern: rng.next()))  // any bits, NaNs included
        }
        for v in values {
            let want = v.rounded()
            let got = NumberFormat.rounded(v)
            if want.isNaN {
                XCTAssertTrue(got.isNaN, "\(v)")
            } else {
                XCTAssertEqual(got.bitPattern, want.bitPattern, "\(v)")
            }
        }
        // The sign of a zero result is kept (the writers turn -0 into "0" themselves).
        XCTAssertEqual(NumberFormat.rounded(-0.3).sign, .minus)
        XCTAssertEqual(NumberFormat.rounded(0.3).sign, .plus)
    }
}
