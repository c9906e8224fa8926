// The one error type (Diagnostics): its fields and its one line, an artwork refusal's line.
import Diagnostics
import XCTest

final class TransExportErrorTests: XCTestCase {
    func testOneLine() {
        let e = TransExportError(
            file: "Templates/a.json", location: SourceLocation(line: 3, column: 7), path: "phases.present[0].timing.damping",
            expected: "expected a number in 0 < damping ≤ 1, found 0")
        XCTAssertEqual(e.kind, .input)
        XCTAssertEqual(e.expected, "expected a number in 0 < damping ≤ 1, found 0")
        XCTAssertEqual(e.description, "Templates/a.json:3:7: phases.present[0].timing.damping: expected a number in 0 < damping ≤ 1, found 0")
        let noWhere = TransExportError(kind: .export, file: "a.json", location: nil, path: "", expected: "expected\nno newline")
        XCTAssertEqual(noWhere.kind, .export)
        XCTAssertEqual(noWhere.description, "a.json: expected\\nno newline")
    }

    /// An artwork refusal keeps the artwork reader's line: `file:line: <element>: message`, the
    /// line alone (libxml2 gives no column), control characters as spaces, nothing cut.
    func testArtworkRefusalLine() {
        let e = TransExportError.artwork(file: "art/feed.svg", line: 12, element: "path", "bad d\u{7}value")
        XCTAssertTrue(e.isArtworkRefusal)
        XCTAssertEqual(e.kind, .input)
        XCTAssertEqual(e.location, SourceLocation(line: 12, column: 0))
        XCTAssertEqual(e.description, "art/feed.svg:12: <path>: bad d value")
        XCTAssertEqual(TransExportError.artwork(file: "shot.png", "not a PNG").description, "shot.png: not a PNG")
        XCTAssertEqual(TransExportError.artwork(file: "a.svg", element: "svg", "no size").description, "a.svg: <svg>: no size")
        let long = String(repeating: "x", count: 700)
        XCTAssertEqual(TransExportError.artwork(file: "a.svg", long).description, "a.svg: " + long)
        XCTAssertFalse(TransExportError(file: "a.json", location: nil, path: "", message: long).description.hasSuffix(long))
    }

    func testLocationWithoutColumn() {
        XCTAssertEqual(SourceLocation(line: 3, column: 7).description, "3:7")
        XCTAssertEqual(SourceLocation(line: 3, column: 0).description, "3")
    }
}
