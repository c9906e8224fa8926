import XCTest

@testable import Exporters

/// libxml2's return codes are checked: a failed call makes the document an error, never half a file.
final class XMLTextWriterTests: XCTestCase {
    func testAWellFormedDocumentIsReturnedEscaped() throws {
        let xml = XMLTextWriter()
        xml.start("svg", [("data-a", "1 < 2 & \"3\"")])
        xml.text("title", "a <b>")
        xml.end()
        XCTAssertEqual(
            try xml.finish(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg data-a=\"1 &lt; 2 &amp; &quot;3&quot;\">\n <title>a &lt;b&gt;</title>\n</svg>\n")
    }

    func testAFailedCallIsThrownNotIgnored() {
        let xml = XMLTextWriter()
        xml.end()  // no element is open: libxml2 returns -1
        xml.start("svg")
        XCTAssertThrowsError(try xml.finish()) {
            XCTAssertEqual("\($0)", "libxml2 could not write the SVG: xmlTextWriterEndElement returned -1")
        }
    }
}
