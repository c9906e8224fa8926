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

    /// A value written raw (`plainAttribute`) is the bytes libxml2's escaping writes: documents
    /// whose attributes go through `attribute` equal those escaped throughout, indentation after
    /// them included; values with any byte the escaping changes fall back to it.
    func testPlainValuesAreTheEscapedBytes() throws {
        let pieces = ["0", "12.5", " ", ";", "-", ".", "M", "url(#a-1)", "\"", "&", "<", ">", "\n", "\t", "\r", "é", "\u{7F}", "\u{01}", "'", "×"]
        var generator = SystemRandomNumberGenerator()
        var values: [String] = []
        for _ in 0..<400 {
            let count = Int.random(in: 0..<24, using: &generator)
            values.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        values += [String(repeating: "1 2;", count: 40), String(repeating: "a", count: 16) + "<", "translate(12.5 -3.25)"]
        func document(_ write: (XMLTextWriter, String, String) -> Void) throws -> String {
            let xml = XMLTextWriter()
            xml.start("svg")
            for (n, v) in values.enumerated() {
                xml.start("g")
                write(xml, "a", v)
                if n % 3 == 0 { xml.empty("path", []) }
                if n % 5 == 0 { xml.start("rect"); write(xml, "d", v); xml.end() }
                if n % 7 == 0 { xml.text("title", "t") }
                xml.end()
            }
            xml.end()
            return try xml.finish()
        }
        XCTAssertEqual(try document { $0.attribute($1, $2) }, try document { $0.attribute($1, escaping: $2) })
        XCTAssertEqual(
            try document { $0.attribute($1, cString: Array($2.utf8) + [0]) }, try document { $0.attribute($1, escaping: $2) })
    }

    /// `isPlain` is the byte test at every place of the eight-byte steps and the tail.
    func testIsPlainIsTheByteTest() {
        func plain(_ b: UInt8) -> Bool { b >= 0x20 && b <= 0x7E && b != 0x22 && b != 0x26 && b != 0x3C && b != 0x3E }
        for count in [1, 7, 8, 9, 16, 23] {
            for at in 0..<count {
                for b in UInt8.min...UInt8.max {
                    var bytes = Array(repeating: UInt8(ascii: "5"), count: count)
                    bytes[at] = b
                    XCTAssertEqual(bytes.withUnsafeBufferPointer { XMLTextWriter.isPlain($0) }, plain(b), "\(count) \(at) \(b)")
                }
            }
        }
    }
}
