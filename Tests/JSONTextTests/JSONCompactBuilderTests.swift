import JSONText
import XCTest

// `JSONValue.built` writes the compact writer's own text for the values it is given, and its
// value (the parse of that text) is the tree those values make.
final class JSONCompactBuilderTests: XCTestCase {
    let tree = JSONValue.object([
        (key: "a", value: .number(1)), (key: "s", value: .string("q\"uote\n")), (key: "b", value: .bool(false)),
        (key: "k", value: .array([.numbers(JSONNumbers([1.25, -0.0000004, 3], rowWidth: 0)), .numbers(JSONNumbers([1, 2, 3, 4], rowWidth: 2))])),
        (key: "e", value: .array([])), (key: "o", value: .object([(key: "x", value: .number(0.1234567))])),
    ])

    func built() -> JSONValue {
        .built(maxDecimals: 6) { b in
            b.beginObject()
            b.key("a")
            b.int(1)
            b.key("s")
            b.string("q\"uote\n")
            b.key("b")
            b.bool(false)
            b.key("k")
            b.beginArray()
            b.numbers([1.25, -0.0000004, 3])
            b.numbers([1, 2, 3, 4], rowWidth: 2)
            b.endArray()
            b.key("e")
            b.beginArray()
            b.endArray()
            b.key("o")
            b.value(.object([(key: "x", value: .number(0.1234567))]))
            b.endObject()
        }
    }

    func testTheWritersText() {
        let text = JSONWriter(maxDecimals: 6).string(tree)
        XCTAssertEqual(JSONWriter(maxDecimals: 6).string(built()), text)
        XCTAssertEqual(text, #"{"a":1,"s":"q\"uote\n","b":false,"k":[[1.25,0,3],[[1,2],[3,4]]],"e":[],"o":{"x":0.123457}}"#)
        // Inside a tree, and copied into another built value.
        XCTAssertEqual(JSONWriter(maxDecimals: 6).string(.array([built(), .null])), "[" + text + ",null]")
        XCTAssertEqual(JSONWriter(maxDecimals: 6).string(.built(maxDecimals: 6) { $0.value(built()) }), text)
    }

    func testItsValueIsTheParseOfItsText() throws {
        let parsed = try JSONParser.parse(JSONWriter(maxDecimals: 6).string(tree)).value
        XCTAssertEqual(built(), parsed)
        XCTAssertEqual(built().unwritten, parsed)
        XCTAssertEqual(built()["s"], .string("q\"uote\n"))
        XCTAssertEqual(built()["o"]?["x"], .number(0.123457))
        XCTAssertEqual(built().hashValue, parsed.hashValue)
        // Two built values compare by their texts: equal values, equal texts.
        XCTAssertEqual(built(), built())
        XCTAssertNotEqual(built(), .built(maxDecimals: 6) { $0.number(1) })
        XCTAssertEqual(JSONValue.built(maxDecimals: 6) { $0.number(0.1 + 0.2) }, .built(maxDecimals: 6) { $0.number(0.3) })
        XCTAssertEqual(JSONValue.built(maxDecimals: 6) { $0.number(2) }, .number(2))
        XCTAssertNotEqual(JSONValue.built(maxDecimals: 6) { $0.number(2) }, .number(2.5))
    }

    func testContains() throws {
        guard case .written(let w) = built() else { return XCTFail("not written") }
        XCTAssertTrue(w.contains(#""a":1"#))
        XCTAssertTrue(w.contains("}"))
        XCTAssertFalse(w.contains(#""a":2"#))
        XCTAssertFalse(w.contains(#"{"a":1,"s":"q\"uote\n","b":false,"k":[[1.25,0,3],[[1,2],[3,4]]],"e":[],"o":{"x":0.123457}} "#))
        let copy = JSONWritten(copying: Array(w.bytes), maxDecimals: 6)
        XCTAssertEqual(JSONValue.written(copy), built())
        XCTAssertEqual(JSONWriter(maxDecimals: 6).string(.written(copy)), JSONWriter(maxDecimals: 6).string(tree))
    }

    func testNumbersRoundedAsWrittenAreTheRoundedArraysText() {
        let values = [1.25, -0.04, 0.05, -0.05, 2.345678, -1e-9, 1e12 + 0.46, 7, -3.5, 0.0]
        for decimals in [0, 1, 4] {
            for width in [0, 2] {
                let rounded = values.map { NumberFormat.round($0, decimals: decimals) }
                let built = JSONValue.built(maxDecimals: 6) { b in
                    b.beginArray()
                    values.withUnsafeBufferPointer { b.numbers($0, roundedTo: decimals, rowWidth: width) }
                    b.endArray()
                }
                let expected = JSONValue.built(maxDecimals: 6) { b in
                    b.beginArray()
                    b.numbers(rounded, rowWidth: width)
                    b.endArray()
                }
                let writer = JSONWriter(maxDecimals: 6)
                XCTAssertEqual(writer.string(built), writer.string(expected), "decimals \(decimals), width \(width)")
            }
        }
        // Rows of two: `[[x, y], ...]`; no values: `[]`.
        let writer = JSONWriter(maxDecimals: 6)
        let rows = JSONValue.built(maxDecimals: 6) { b in [1.04, 2, 3, 4.96].withUnsafeBufferPointer { b.numbers($0, roundedTo: 1, rowWidth: 2) } }
        XCTAssertEqual(writer.string(rows), "[[1,2],[3,5]]")
        let none = JSONValue.built(maxDecimals: 6) { b in [Double]().withUnsafeBufferPointer { b.numbers($0, roundedTo: 1) } }
        XCTAssertEqual(writer.string(none), "[]")
    }
}
