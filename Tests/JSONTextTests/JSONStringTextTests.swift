import JSONText
import XCTest

// Strings as the writer writes them: a string with no byte to escape goes in one piece, any
// other escaped in chunks (BENCHMARKS.md#tracks-the-dump-and-its-fit-report-2026-12-04); both
// give these bytes.
final class JSONStringTextTests: XCTestCase {
    private func text(_ s: String) -> String { JSONWriter().string(.string(s)) }

    func testPlainStringsAreCopied() {
        XCTAssertEqual(text(""), #""""#)
        XCTAssertEqual(text("ty"), #""ty""#)
        // Longer than a small string (15 bytes), and not ASCII: UTF-8 passes through.
        XCTAssertEqual(text("layer-with-a-long-name-12345"), #""layer-with-a-long-name-12345""#)
        XCTAssertEqual(text("café ✓ 🎬"), "\"café ✓ 🎬\"")
    }

    func testEscapesAnywhereInTheString() {
        XCTAssertEqual(text("a\"b"), #""a\"b""#)
        XCTAssertEqual(text("back\\slash"), #""back\\slash""#)
        XCTAssertEqual(text("line\nnext\r\ttab"), #""line\nnext\r\ttab""#)
        XCTAssertEqual(text("\u{01}x\u{1F}"), #""\u0001x\u001f""#)
        XCTAssertEqual(text("é\"" + String(repeating: "z", count: 20)), "\"é\\\"" + String(repeating: "z", count: 20) + "\"")
    }

    func testKeysAreWrittenLikeStrings() {
        let value = JSONValue.object([(key: "n\"m", value: .string("x")), (key: "ok", value: .number(1))])
        XCTAssertEqual(JSONWriter().string(value), #"{"n\"m":"x","ok":1}"#)
    }

    func testLongStringsEscapeAcrossChunks() {
        // Past the writer's 4,096-byte chunks: escapes on both sides of a boundary, a 2-byte
        // character split by the next boundary.
        let s = String(repeating: "a", count: 4095) + "\"\n" + String(repeating: "é", count: 3000) + "\u{02}\\"
        let expected = "\"" + String(repeating: "a", count: 4095) + "\\\"\\n" + String(repeating: "é", count: 3000) + "\\u0002\\\\\""
        XCTAssertEqual(text(s), expected)
    }
}
