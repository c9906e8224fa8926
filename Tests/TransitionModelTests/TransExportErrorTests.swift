import JSONText
import TransitionModel
// The one error type as the decoder throws it (its line: DiagnosticsTests).
import XCTest

final class TransExportErrorTests: XCTestCase {
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
