import TransExportTestSupport
import XCTest

@testable import JSONText

// A number rounded to d decimals and written with maxDecimals is written with one rounding
// (NumberFormat.roundedDigits): the bytes the two roundings gave, at every d and maxDecimals.
// 180,000 random values in the catalog tier (an optimized build), 6,000 in the fast tier.
final class NumberRoundedOnceTests: XCTestCase {
    private func twice(_ x: Double, _ d: Int, _ maxDecimals: Int) -> String {
        var buffer = JSONByteBuffer(capacity: 8)
        defer { buffer.free() }
        buffer.append(number: NumberFormat.round(x, decimals: d), maxDecimals: maxDecimals)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    private func once(_ x: Double, _ d: Int, _ maxDecimals: Int) -> String {
        var buffer = JSONByteBuffer(capacity: 8)
        defer { buffer.free() }
        buffer.append(number: x, roundedTo: d, maxDecimals: maxDecimals)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    func testRoundedOnceIsRoundedTwice() {
        var rng = MMIXNumbers(state: 45)
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 0.05, -0.05, 0.049999999999999996, 0.15, 1.005, 123.455, -0.0004, 1e-9,
            999_999_999_999_999, 1e15, 1e15 - 1, 99_999_999_999.995, 4_503_599_627_370_495.5, 9.9e14, 1e16, 1e300, -1e300,
            .leastNonzeroMagnitude, .ulpOfOne,
        ]
        for _ in 0..<CatalogTier.cases(whole: 60_000, fast: 2_000) {
            let magnitude = [1e-7, 1e-3, 0.5, 1, 10, 390, 1e4, 1e6, 1e9, 1e12, 1e14, 1e15][Int(rng.next() % 12)]
            values.append((Double(rng.next() % 2_000_001) / 1_000_000 - 1) * magnitude)
            // Halves at 10^-k (k = 0...6) and whole tenths: ties and values already rounded.
            let k = Int(rng.next() % 7)
            values.append((Double(Int(rng.next() % 2_000_001)) - 1_000_000 + 0.5) / NumberFormat.pow10(k))
            values.append(Double(Int(rng.next() % 20_001) - 10_000) / 10)
        }
        var checked = 0
        for x in values {
            for d in 0...7 {
                for maxDecimals in [d, d + 1, d + 2, 6, 9, 15, max(0, d - 1)] {
                    XCTAssertEqual(once(x, d, maxDecimals), twice(x, d, maxDecimals), "\(x) to \(d), written with \(maxDecimals)")
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, values.count * 56)
        // The texts themselves, with a JSON builder's rows.
        XCTAssertEqual(once(-0.04, 1, 6), "0")
        XCTAssertEqual(once(12.25, 1, 6), "12.3")
        XCTAssertEqual(once(-12.25, 0, 6), "-12")
        XCTAssertEqual(once(1234.5, 0, 6), "1235")
        let built = JSONValue.built(maxDecimals: 6) { b in
            b.beginArray()
            b.number(2.0000004, roundedTo: 6)
            b.number(-7.25, roundedTo: 1)
            b.endArray()
        }
        XCTAssertEqual(JSONWriter(maxDecimals: 6).string(built), "[2,-7.3]")
    }
}
