import JSONText
import XCTest

// `JSONValue.written` is the same JSON value as its `value`: equal, hashed alike, read alike,
// written alike in both styles; the compact text is the one made with its own decimals.
final class JSONWrittenTests: XCTestCase {
    let tree = JSONValue.object([
        (key: "ty", value: .string("gr")), (key: "o", value: .number(12.3456789)),
        (key: "it", value: .array([.numbers(JSONNumbers([1, 2])), .bool(true), .null])),
    ])

    func testTheSameValueAsItsTree() {
        let written = JSONValue.written(JSONWritten(tree, maxDecimals: 6))
        XCTAssertEqual(written, tree)
        XCTAssertEqual(tree, written)
        XCTAssertEqual(JSONValue.array([written]), .array([tree]))
        XCTAssertNotEqual(written, .object([]))
        XCTAssertEqual(written.hashValue, tree.hashValue)
        XCTAssertEqual(written["ty"], .string("gr"))
        XCTAssertEqual(written["it"]?.arrayItems?.count, 3)
        XCTAssertEqual(written.kindName, "an object")
        XCTAssertEqual(written.unwritten, tree)
        XCTAssertNil(JSONValue.written(JSONWritten(.array([.number(1)]), maxDecimals: 6))["ty"])
        XCTAssertEqual(JSONValue.written(JSONWritten(.array([.number(1)]), maxDecimals: 6)).arrayItems, [.number(1)])
    }

    func testWrittenAsItsTreeInBothStyles() {
        let doc = JSONValue.array([.written(JSONWritten(tree, maxDecimals: 6)), .number(1)])
        let plain = JSONValue.array([tree, .number(1)])
        XCTAssertEqual(JSONWriter(maxDecimals: 6).string(doc), #"[{"ty":"gr","o":12.345679,"it":[[1,2],true,null]},1]"#)
        XCTAssertEqual(JSONWriter(style: .readable).string(doc), JSONWriter(style: .readable).string(plain))
        // A writer with other decimals writes the tree, not the text made with 6.
        XCTAssertEqual(JSONWriter(maxDecimals: 2).string(doc), JSONWriter(maxDecimals: 2).string(plain))
        XCTAssertTrue(JSONWriter(maxDecimals: 2).string(doc).contains(#""o":12.35"#))
    }
}
