import JSONText
import TransitionModel
// The one error type: its fields and its one line.
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

    /// The decoder's errors are this type (DefinitionDiagnostic is its name there), located.
    func testTheDecoderThrowsIt() {
        XCTAssertThrowsError(try DefinitionDecoder.decode("{\"version\": 1,\n  \"name\": 5}", file: "x.json")) { error in
            guard let e = error as? TransExportError else { return XCTFail("\(type(of: error))") }
            XCTAssertEqual(e.kind, .input)
            XCTAssertEqual(e.file, "x.json")
            XCTAssertNotNil(e.location)
            XCTAssertTrue(e.description.hasPrefix("x.json:"), e.description)
        }
    }
}
