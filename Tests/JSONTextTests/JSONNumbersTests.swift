import JSONText
import XCTest

// `JSONValue.numbers` is the same JSON value as its `array` of `number`s: equal, hashed alike,
// written alike in both styles.
final class JSONNumbersTests: XCTestCase {
    let flat = JSONValue.numbers(JSONNumbers([1.25, -2, 0]))
    let flatArray = JSONValue.array([.number(1.25), .number(-2), .number(0)])
    let rows = JSONValue.numbers(JSONNumbers([1, 2, 3.5, -4], rowWidth: 2))
    let rowsArray = JSONValue.array([.array([.number(1), .number(2)]), .array([.number(3.5), .number(-4)])])

    func testEqualToTheArrayItStandsFor() {
        XCTAssertEqual(flat, flatArray)
        XCTAssertEqual(flatArray, flat)
        XCTAssertEqual(rows, rowsArray)
        XCTAssertEqual(rows, .numbers(JSONNumbers([1, 2, 3.5, -4], rowWidth: 2)))
        XCTAssertNotEqual(rows, .numbers(JSONNumbers([1, 2, 3.5, -4])), "rows are not the flat list")
        XCTAssertNotEqual(flat, .array([.number(1.25), .number(-2)]))
        XCTAssertEqual(JSONValue.numbers(JSONNumbers([], rowWidth: 2)), .numbers(JSONNumbers([])), "both are []")
        XCTAssertEqual(rows.arrayItems, rowsArray.arrayItems)
        XCTAssertEqual(flat.kindName, "an array")
    }

    func testHashedAsTheArray() {
        XCTAssertEqual(flat.hashValue, flatArray.hashValue)
        XCTAssertEqual(rows.hashValue, rowsArray.hashValue)
        XCTAssertEqual(Set([flat, flatArray, rows, rowsArray]).count, 2)
    }

    func testWrittenAsTheArrayInBothStyles() {
        let doc = JSONValue.object([(key: "k", value: flat), (key: "v", value: rows), (key: "e", value: .numbers(JSONNumbers([], rowWidth: 2)))])
        let docArray = JSONValue.object([(key: "k", value: flatArray), (key: "v", value: rowsArray), (key: "e", value: .array([]))])
        XCTAssertEqual(JSONWriter().string(doc), #"{"k":[1.25,-2,0],"v":[[1,2],[3.5,-4]],"e":[]}"#)
        XCTAssertEqual(JSONWriter(style: .readable).string(doc), JSONWriter(style: .readable).string(docArray))
        // Too long for one readable line: the object breaks, its array of rows stays on one line.
        let long = JSONValue.object([(key: "v", value: .numbers(JSONNumbers((0..<80).map(Double.init), rowWidth: 2)))])
        let pairs = stride(from: 0, to: 80, by: 2).map { JSONValue.array([.number(Double($0)), .number(Double($0 + 1))]) }
        let longArray = JSONValue.object([(key: "v", value: .array(pairs))])
        XCTAssertEqual(JSONWriter(style: .readable).string(long), JSONWriter(style: .readable).string(longArray))
        XCTAssertTrue(JSONWriter(style: .readable).string(long).hasPrefix("{\n  \"v\": [[0, 1], [2, 3], "))
    }
}
