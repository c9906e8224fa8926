import JSONText
import XCTest

// JSONValue holds its payloads inline (not an indirect enum): a number in an exported Lottie's
// tree is one array element, not a heap object of its own (BENCHMARKS.md#the-default-run-under-60-mb).
final class JSONValueLayoutTests: XCTestCase {
    func testPayloadsAreInline() {
        // A String payload (16 bytes) plus the case; an indirect enum is one 8-byte box pointer.
        XCTAssertGreaterThanOrEqual(MemoryLayout<JSONValue>.size, 16)
        XCTAssertLessThanOrEqual(MemoryLayout<JSONValue>.stride, 24)
    }

    func testNestedValuesWriteAsBefore() {
        let value = JSONValue.object([
            (key: "v", value: .array([.array([.number(1.25), .number(-2)]), .array([])])),
            (key: "s", value: .string("a\"b")), (key: "n", value: .null), (key: "t", value: .bool(true)),
        ])
        XCTAssertEqual(JSONWriter().string(value), #"{"v":[[1.25,-2],[]],"s":"a\"b","n":null,"t":true}"#)
    }
}
