import JSONText
import XCTest

@testable import Exporters

/// Path data is written as bytes (SVGPath.append): each number is the text of `SVGPath.number`,
/// a space before it only after a digit and when it has no minus sign.
final class SVGPathNumberTests: XCTestCase {
    static let values: [Double] = [
        0, -0.0, 0.04, -0.04, 0.05, -0.05, 0.06, -0.06, 1.25, -1.25, 12.349, -12.351, 99.99, 100.04, -380.15, 1e6 + 0.07, -2.5e9,
        4.2e14, -4.2e14, 1e16, -3e17,
    ]

    func testNumbersAreTheirTextInTenthsAndInPoints() {
        for tenths in [true, false] {
            for x in Self.values {
                var bytes: [UInt8] = []
                SVGPath.append(x, to: &bytes, tenths: tenths)
                XCTAssertEqual(String(decoding: bytes, as: UTF8.self), SVGPath.number(x, tenths: tenths), "\(x), tenths \(tenths)")
            }
        }
    }

    func testASpaceSeparatesOnlyDigitsFromAnUnsignedNumber() {
        for tenths in [true, false] {
            for before in ["m", "m1", "m1.5", "m-2"] {
                for x in Self.values {
                    var bytes = Array(before.utf8)
                    SVGPath.append(x, to: &bytes, tenths: tenths)
                    let text = SVGPath.number(x, tenths: tenths)
                    let space = before.last!.isNumber && !text.hasPrefix("-") ? " " : ""
                    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), before + space + text, "\(before) \(x), tenths \(tenths)")
                }
            }
        }
    }

    func testWholeNumbersAreNumberFormatsText() {
        for x in Self.values + [123_456_789_012_345, -999_999_999_999_999, 1e15, -1e15] {
            let v = x.rounded()
            var bytes: [UInt8] = []
            SVGPath.appendInteger(v, to: &bytes)
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), NumberFormat.string(v, maxDecimals: 0), "\(v)")
        }
    }
}
