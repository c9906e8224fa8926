import Foundation
import JSONText
import Keyframes
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

    /// The page made card by card as the exports end (GalleryPageParts: cards added in any order,
    /// from two threads) is the page made at once (GalleryWriter.page); a card whose downloads
    /// changed after it was added is made again; a part missing makes the page in full.
    func testPageMadeCardByCardIsThePageMadeAtOnce() throws {
        var cards = try [ExportFixtures.showcase, ExportFixtures.template("douyin-present"), ExportFixtures.template("stories-open")]
            .map(GalleryWriterTests.card)
        cards[1].scrub = GalleryScrub(duration: 0.5, simulation: cards[2].simulation, svg: "<svg>\"scrub\"</svg>", lottie: "{\"v\":1}")
        let writer = GalleryWriter(template: try GalleryWriterTests.template, player: .inline(source: "/* </script> */", name: "<lottie>.js"))
        let parts = try GalleryPageParts(writer, count: cards.count, linkFiles: true)
        let order = [2, 0, 1]
        _ = ParallelMap.map(order.count, workers: 2) { parts.add(cards[order[$0]], at: order[$0]) }
        let atOnce = try writer.page(cards, linkFiles: true)
        XCTAssertEqual(try parts.page(cards), atOnce)
        var later = cards
        later[1].downloads = ["douyin-present.gif"]
        XCTAssertNotEqual(try writer.page(later, linkFiles: true), atOnce)
        XCTAssertEqual(try parts.page(later), try writer.page(later, linkFiles: true))
        let partial = try GalleryPageParts(writer, count: cards.count, linkFiles: true)
        partial.add(cards[1], at: 1)
        partial.add(cards[2], at: 2)
        XCTAssertEqual(try partial.page(cards), atOnce)
        XCTAssertEqual(try GalleryPageParts(writer, count: 0, linkFiles: true).page([]), try writer.page([], linkFiles: true))
    }
}
