import XCTest

@testable import Exporters

/// The writer's bytes are those libxml2's xmlTextWriter wrote (indent 1, one space a level),
/// escapes included; a misuse makes the document an error, never half a file.
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

    /// libxml2 2.9.14's output for the same calls (written through its C API): an attribute
    /// escapes tab, line feed and CR as references, text only CR; UTF-8 and other control bytes
    /// pass; an empty text element keeps its end tag; elements left open are closed.
    func testTheBytesLibxml2Wrote() throws {
        let xml = XMLTextWriter()
        xml.start("svg")
        xml.attribute("a", "é日😀 <>&\"' \n\r\t\u{01}x")
        xml.text("title", "é日 <>&\"' \n\r\t\u{01}x]]>")
        xml.start("g")
        xml.empty("rect", [])
        xml.start("g")
        xml.text("desc", "")
        xml.end()
        xml.end()
        xml.text("t2", "x")
        XCTAssertEqual(
            try xml.finish(),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg a=\"é日😀 &lt;&gt;&amp;&quot;' &#10;&#13;&#9;\u{01}x\">\n"
                + " <title>é日 &lt;&gt;&amp;&quot;' \n&#13;\t\u{01}x]]&gt;</title>\n <g>\n  <rect/>\n  <g>\n   <desc></desc>\n  </g>\n </g>\n"
                + " <t2>x</t2>\n</svg>\n")
    }

    func testAMisuseIsThrownNotIgnored() {
        let xml = XMLTextWriter()
        xml.end()  // no element is open
        xml.start("svg")
        XCTAssertThrowsError(try xml.finish()) {
            XCTAssertEqual("\($0)", "could not write the SVG: end() with no open element")
        }
        let late = XMLTextWriter()
        late.start("svg")
        late.empty("g", [])
        late.attribute("x", "1")  // after a child: no start tag takes it
        XCTAssertThrowsError(try late.finish()) {
            XCTAssertEqual("\($0)", "could not write the SVG: attribute x outside a start tag")
        }
    }
}
