import Foundation
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
}
