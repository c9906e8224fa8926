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

    /// The document's String is `String(decoding:as:)` of its bytes wherever the non-ASCII bytes
    /// are (none, at the top, inside a word, at the very end), ill-formed ones included.
    func testTheDocumentTextIsItsBytesDecoded() {
        let ascii = Array(repeating: UInt8(ascii: "a"), count: 37)
        let cases: [[UInt8]] = [
            [], ascii, Array("×".utf8) + ascii, ascii + Array("−".utf8), Array("a−".utf8) + ascii + Array("é".utf8) + ascii,
            ascii + [0xE2, 0x88] + ascii, [0x80, 0x41], ascii + [0xFF], Array("日本".utf8) + Array(repeating: UInt8(ascii: "b"), count: 3),
        ]
        for bytes in cases {
            let text = bytes.withUnsafeBufferPointer { XMLTextWriter.string($0) }
            XCTAssertEqual(Array(text.utf8), Array(String(decoding: bytes, as: UTF8.self).utf8), "\(bytes)")
            let tail = bytes.withUnsafeBufferPointer { XMLTextWriter.asciiTail($0) }
            XCTAssertEqual(tail, (bytes.lastIndex { $0 >= 0x80 }).map { $0 + 1 } ?? 0, "\(bytes)")
        }
    }
}
