import Foundation
import JSONText
import TransExportTestSupport
import XCTest

@testable import Exporters

/// The gallery's media block is deflated as its pieces come (GalleryMedia.packed): the page's
/// bytes are the same as deflating the joined text at once, however the text is cut.
final class GalleryMediaTests: XCTestCase {
    func testPiecesDeflateToTheBytesOfTheWholeText() throws {
        // 300 KB of repetitive text (like SVG and Lottie files) with a little noise in it.
        var seed: UInt64 = 7
        let words = ["<path d=\"M", "12.5", " L", "{\"t\":", "0.25", "]}", "\n", "keySplines=\"0 0 0.58 1\"", "é"]
        var pieces: [String] = []
        for _ in 0..<3000 {
            var piece = ""
            for _ in 0..<20 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                piece += words[Int(seed >> 33) % words.count]
            }
            pieces.append(piece)
        }
        let whole = try GalleryMedia.packed(pieces.joined())
        XCTAssertEqual(try GalleryMedia.packed { emit in pieces.forEach(emit) }, whole)
        let framed = try GalleryMedia.packed { emit in
            emit("")
            emit(pieces.joined())
            emit("")
        }
        XCTAssertEqual(framed, whole)
        XCTAssertEqual(GalleryMedia.unpacked(whole), pieces.joined())
        XCTAssertEqual(GalleryMedia.unpacked(try GalleryMedia.packed { _ in }), "")
    }

    /// The page makes its data and its deflated media side by side (GalleryWriter.page): the same
    /// text as filling the template with each made in turn.
    func testPageMadeSideBySideIsThePageMadeInTurn() throws {
        let cards = try [ExportFixtures.showcase, ExportFixtures.template("douyin-present")].map(GalleryWriterTests.card)
        let writer = GalleryWriter(template: try GalleryWriterTests.template, player: .url("lottie.min.js"))
        let inTurn = try writer.fill([
            "GALLERY_DATA": GalleryWriter.scriptSafe(JSONWriter(style: .readable, maxDecimals: 6).string(writer.data(cards, linkFiles: true))),
            "GALLERY_MEDIA": try GalleryMedia.packed(writer.media(cards)),
            "LOTTIE_PLAYER": writer.playerScript(),
        ])
        XCTAssertEqual(try writer.page(cards, linkFiles: true), inTurn)
        XCTAssertNotEqual(try writer.page(Array(cards.reversed()), linkFiles: true), inTurn)
    }
}
