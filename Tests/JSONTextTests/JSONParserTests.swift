import JSONText
import XCTest

final class JSONParserTests: XCTestCase {
    func testLocationsOfNestedValues() throws {
        let root = try JSONParser.parse("{\n  \"a\": [1,\n    {\"b\": true}]\n}")
        XCTAssertEqual(root.location, SourceLocation(line: 1, column: 1))
        let a = try XCTUnwrap(root.member("a"))
        XCTAssertEqual(a.location, SourceLocation(line: 2, column: 8))
        XCTAssertEqual(a.elements[1].member("b")?.location, SourceLocation(line: 3, column: 11))
    }

    func testColumnsCountCharactersNotBytes() throws {
        do {
            _ = try JSONParser.parse("{\"名前\": x}")
            XCTFail("expected an error")
        } catch let e as TransExportError {
            XCTAssertEqual(e.location, SourceLocation(line: 1, column: 8))
        }
    }

    func testRejectsWhatAStrictParserMust() {
        let cases: [(String, String)] = [
            ("{\"a\": NaN}", "NaN and Infinity are not JSON numbers"),
            ("[1e999]", "out of range"),
            ("[1,]", "expected a value"),
            ("{\"a\": 1, \"a\": 2}", "duplicate member \"a\""),
            ("[01]", "leading zeros"),
            ("{\"a\" 1}", "expected ':'"),
            ("[\"x]", "unterminated string"),
            ("[1] 2", "expected end of document"),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try JSONParser.parse(text), text) { error in
                XCTAssertTrue("\(error)".contains(message), "\(text): \(error)")
            }
        }
    }

    func testStringsAndNumbers() throws {
        let root = try JSONParser.parse(#"["a\"b\u00e9\ud83d\ude00", -0.5e2, 0, true, null]"#)
        XCTAssertEqual(root.value, .array([.string("a\"bé😀"), .number(-50), .number(0), .bool(true), .null]))
    }
}

final class NumberFormatTests: XCTestCase {
    func testShortestRoundedText() {
        XCTAssertEqual(NumberFormat.string(1.0), "1")
        XCTAssertEqual(NumberFormat.string(-0.0), "0")
        XCTAssertEqual(NumberFormat.string(-0.00001), "0")
        XCTAssertEqual(NumberFormat.string(0.123456789), "0.1235")
        XCTAssertEqual(NumberFormat.string(0.00012, maxDecimals: 6), "0.00012")
        XCTAssertEqual(NumberFormat.string(0.000001, maxDecimals: 6), "0.000001")
        XCTAssertEqual(NumberFormat.string(-12.5), "-12.5")
        XCTAssertEqual(NumberFormat.string(123456789012, maxDecimals: 0), "123456789012")
        XCTAssertEqual(NumberFormat.string(2.5e-7, maxDecimals: 7), "0.0000003")
    }

    func testWriterKeepsKeyOrder() {
        let v = JSONValue.object([("z", .number(1)), ("a", .array([.number(0.5), .string("x")]))])
        XCTAssertEqual(JSONWriter().string(v), #"{"z":1,"a":[0.5,"x"]}"#)
        XCTAssertEqual(JSONWriter(style: .readable).string(v), "{\"z\": 1, \"a\": [0.5, \"x\"]}\n")
        let nested = JSONValue.object([("list", .array([.object([("k", .string(String(repeating: "x", count: 200)))])]))])
        XCTAssertEqual(
            JSONWriter(style: .readable).string(nested), "{\n  \"list\": [\n    {\n      \"k\": \"\(String(repeating: "x", count: 200))\"\n    }\n  ]\n}\n")
    }
}
