import TransExportTestSupport
import XCTest

@testable import JSONText

// The writer's one pass and the number fast path must give the bytes the slower forms gave
// (BENCHMARKS.md#the-2d-export-cpu-json-writer-and-subtree-retrace-2026-12-03).
final class NumberTextFastPathTests: XCTestCase {
    /// Every number the exporters write, by any of their decimal counts, as Swift's shortest text
    /// did: 600,000 cases in the catalog tier, 60,000 in the fast tier.
    func testFastDigitsEqualShortestRoundTripText() {
        var rng = MMIXNumbers(state: 13)
        var checked = 0
        let perDecimals = CatalogTier.cases(whole: 20_000, fast: 2_000)
        for decimals in 0...9 {
            for _ in 0..<perDecimals {
                let magnitude = [1e-7, 1e-3, 0.5, 1, 10, 390, 1e4, 1e6, 1e9, 1e14][Int(rng.next() % 10)]
                let x = (Double(rng.next() % 2_000_001) / 1_000_000 - 1) * magnitude
                let y = (Double(Int(rng.next() % 20_001)) - 10_000) / [1, 10, 100, 1000, 8, 3][Int(rng.next() % 6)]
                for v in [x, y, -y] {
                    let want = NumberFormat.slowString(v, maxDecimals: decimals)
                    XCTAssertEqual(NumberFormat.string(v, maxDecimals: decimals), want, "\(v) to \(decimals) decimals")
                    var bytes: [UInt8] = Array("x".utf8)
                    NumberFormat.append(v, maxDecimals: decimals, to: &bytes)
                    XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "x" + want)
                    XCTAssertEqual(NumberFormat.pair(v, -v, maxDecimals: decimals), want + " " + NumberFormat.slowString(-v, maxDecimals: decimals))
                    var text = "x"
                    NumberFormat.append(v, maxDecimals: decimals, to: &text)
                    XCTAssertEqual(text, "x" + want)
                    var short = "x"
                    NumberFormat.append(v, maxDecimals: decimals, to: &short, dropLeadingZero: true)
                    XCTAssertEqual(short, "x" + (want.hasPrefix("0.") ? String(want.dropFirst()) : want))
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 30 * perDecimals)
        XCTAssertEqual(NumberFormat.string(-0.05, maxDecimals: 1), "-0.1")
        // SVG's fractions: the leading zero dropped, "0" and negatives kept whole.
        for (v, want) in [(0.3870967, ".387097"), (0.0, "0"), (1.0, "1"), (-0.25, "-0.25"), (1e-9, "0")] {
            var s = ""
            NumberFormat.append(v, maxDecimals: 6, to: &s, dropLeadingZero: true)
            XCTAssertEqual(s, want)
        }
        XCTAssertEqual(NumberFormat.string(0.0000003, maxDecimals: 9), "0.0000003")
        XCTAssertEqual(NumberFormat.string(1e15 + 0.5, maxDecimals: 1), NumberFormat.slowString(1e15 + 0.5, maxDecimals: 1))
    }

    /// The tracks dump writes a length rounded to 4 decimals with 6 (TracksWriter.layerSample) as
    /// the length written with 4, in one rounding: the same text below 10^8, halves included
    /// (400,000 random values in the catalog tier, 40,000 in the fast tier).
    func testLengthRoundedTo4AndWrittenWith6IsWrittenWith4() {
        var rng = MMIXNumbers(state: 38)
        var values: [Double] = [0, -0.0, 0.00005, -0.00005, 0.00015, 1.23455, -2.00005, 99_999_999.99995, -99_999_999.99995, 1e-9, 390.5]
        for _ in 0..<CatalogTier.cases(whole: 200_000, fast: 20_000) {
            let magnitude = [1e-5, 1e-3, 1, 390, 1e4, 1e6, 9.9e7][Int(rng.next() % 7)]
            values.append((Double(rng.next() % 2_000_001) / 1_000_000 - 1) * magnitude)
            values.append((Double(Int(rng.next() % 2_000_001)) - 1_000_000 + 0.5) / 10_000)  // k + ½ at 10^-4
        }
        for v in values {
            let want = NumberFormat.string(NumberFormat.round(v, decimals: 4), maxDecimals: 6)
            XCTAssertEqual(NumberFormat.string(v, maxDecimals: 4), want, "\(v)")
            var buffer = JSONByteBuffer(capacity: 8)
            buffer.append(literal: "x")
            buffer.append(number: v, maxDecimals: 4)
            XCTAssertEqual(String(decoding: buffer.bytes, as: UTF8.self), "x" + want, "\(v)")
            buffer.free()
        }
        XCTAssertEqual(NumberFormat.string(1.23455, maxDecimals: 4), "1.2346")
        XCTAssertEqual(NumberFormat.string(-0.00004, maxDecimals: 4), "0")
    }

    /// An object stays on one line while its compact text is at most 160 Characters, counted as
    /// before (a non-ASCII letter is one), and nested flat objects and point lists stay inline in it.
    func testInlineObjectsAtTheLimit() {
        func object(_ name: String) -> JSONValue {
            .object([("k", .string(name)), ("p", .array([.array([.number(1.5), .number(-2)])])), ("o", .object([("a", .number(0.25))]))])
        }
        // Compact: {"k":"…","p":[[1.5,-2]],"o":{"a":0.25}} is 38 Characters plus the name.
        let fits = object(String(repeating: "é", count: 122))
        let over = object(String(repeating: "é", count: 123))
        let writer = JSONWriter(style: .readable)
        XCTAssertEqual(JSONWriter().string(fits).count, 160)
        XCTAssertEqual(writer.string(fits), #"{"k": ""# + String(repeating: "é", count: 122) + #"", "p": [[1.5, -2]], "o": {"a": 0.25}}"# + "\n")
        XCTAssertEqual(
            writer.string(over),
            "{\n  \"k\": \"" + String(repeating: "é", count: 123) + "\",\n  \"p\": [[1.5, -2]],\n  \"o\": {\"a\": 0.25}\n}\n")
        // The same at the limit in ASCII, inside an array, where an early stop is taken.
        let long = JSONValue.array([object(String(repeating: "x", count: 123)), .number(1)])
        XCTAssertEqual(
            writer.string(long),
            "[\n  {\n    \"k\": \"" + String(repeating: "x", count: 123)
                + "\",\n    \"p\": [[1.5, -2]],\n    \"o\": {\"a\": 0.25}\n  },\n  1\n]\n")
        XCTAssertEqual(
            writer.string(.array([object(String(repeating: "x", count: 122))])),
            "[\n  {\"k\": \"" + String(repeating: "x", count: 122) + "\", \"p\": [[1.5, -2]], \"o\": {\"a\": 0.25}}\n]\n")
    }
}

/// Knuth's MMIX linear congruential numbers, high 31 bits only: the same on every machine.
struct MMIXNumbers {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
}
