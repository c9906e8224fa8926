import XCTest

@testable import Exporters

/// `GalleryWriter.fill` scans the template's bytes; it must give what the Character scan
/// (`fillByCharacters`) gives, text or error, whatever surrounds the braces.
final class GalleryFillTests: XCTestCase {
    static let values = ["GALLERY_DATA": "{\"d\":1}", "GALLERY_MEDIA": "[é]", "LOTTIE_PLAYER": "<p>{{x}}</p>"]

    static func outcome(_ f: () throws -> String) -> String {
        do { return "ok " + (try f()) } catch { return "error \(error)" }
    }

    func testBytesFillAsCharactersDo() {
        let three = "{{GALLERY_DATA}}{{GALLERY_MEDIA}}{{LOTTIE_PLAYER}}"
        let templates = [
            "<html>\(three)</html>",
            "a{{GALLERY_DATA}}b\n{{GALLERY_MEDIA}}c{{{LOTTIE_PLAYER}}}d",
            "é{{GALLERY_DATA}}ü {{GALLERY_MEDIA}}\u{1F600}{{LOTTIE_PLAYER}}",
            "{{GALLERY_DATA}}\u{301}}}{{GALLERY_MEDIA}}{{LOTTIE_PLAYER}}",  // a combining mark after "}}"
            "{{\u{301}GALLERY_DATA}}{{GALLERY_DATA}}{{GALLERY_MEDIA}}{{LOTTIE_PLAYER}}",  // and inside "{{"
            "\u{600}{{GALLERY_DATA}}{{GALLERY_MEDIA}}{{LOTTIE_PLAYER}}",  // a prepended mark before "{{"
            "\(three){{OTHER}}", "\(three){{GALLERY_DATA", "{{GALLERY_DATA}}", "", "no braces", "{{}}",
        ]
        for t in templates {
            let w = GalleryWriter(template: t)
            XCTAssertEqual(Self.outcome { try w.fill(Self.values) }, Self.outcome { try w.fillByCharacters(Self.values) }, t)
        }
        XCTAssertEqual(
            try GalleryWriter(template: "a{{GALLERY_DATA}}b{{GALLERY_MEDIA}}c{{LOTTIE_PLAYER}}d").fill(Self.values),
            "a{\"d\":1}b[é]c<p>{{x}}</p>d")
    }

    func testBracePairsNameByteOffsets() {
        var t = "ab{{X}}c{{Y"
        let pairs = t.withUTF8 { GalleryWriter.bracePairs($0) }
        XCTAssertEqual(pairs?.map(\.open), [2, 8])
        XCTAssertEqual(pairs?.map(\.close), [5, nil])
        var marked = "{{X}}\u{301}"
        XCTAssertNil(marked.withUTF8 { GalleryWriter.bracePairs($0) })
    }
}
