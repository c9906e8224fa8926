import JSONText
import XCTest

@testable import Artwork
@testable import Exporters

// The art items cache gives what `LottieArtworkShapes.items` makes for its key's document, file,
// mode and bounds: each key part changed alone makes a new entry whose items are the fresh ones.
final class LottieArtItemsCacheTests: XCTestCase {
    func document(_ body: String) throws -> ArtDocument {
        try SVGArtReader.read(
            bytes: Array("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"10\">\n\(body)</svg>".utf8), file: "art.svg")
    }

    func testEachKeyPartMakesItsOwnItems() throws {
        let cache = LottieArtItemsCache()
        let red = try document(##"<rect x="2" y="1" width="6" height="4" fill="#ff0000"/>"##)
        let blue = try document(##"<rect x="2" y="1" width="6" height="4" fill="#0000ff"/>"##)
        let base = (doc: red, file: "a.svg", mode: ContentMode.scaleToFill, bounds: (width: 40.0, height: 20.0))
        let cases: [(doc: ArtDocument, file: String, mode: ContentMode, bounds: (width: Double, height: Double))] = [
            base,
            (blue, base.file, base.mode, base.bounds),  // the document
            (red, "b.svg", base.mode, base.bounds),  // the file
            (red, base.file, .center, base.bounds),  // the mode
            (red, base.file, base.mode, (80, 20)),  // the width
            (red, base.file, base.mode, (40, 60)),  // the height
        ]
        for (n, c) in cases.enumerated() {
            let fresh = try LottieArtworkShapes.items(c.doc, file: c.file, mode: c.mode, bounds: c.bounds)
            XCTAssertEqual(try cache.items(c.doc, file: c.file, mode: c.mode, bounds: c.bounds), fresh, "case \(n)")
            XCTAssertEqual(cache.count, n + 1, "case \(n) made its own entry")
            // Asked again: the kept items, no new entry.
            XCTAssertEqual(try cache.items(c.doc, file: c.file, mode: c.mode, bounds: c.bounds), fresh, "case \(n) again")
            XCTAssertEqual(cache.count, n + 1)
        }
        // Every part but the file changes the items themselves (so a key without it would be wrong).
        let made = try cases.map { try LottieArtworkShapes.items($0.doc, file: $0.file, mode: $0.mode, bounds: $0.bounds) }
        for n in [1, 3, 4, 5] { XCTAssertNotEqual(made[n], made[0], "case \(n)") }
    }

    func testAnErrorIsThrownEachTimeAndNotKept() throws {
        let cache = LottieArtItemsCache()
        let clipped = try document(
            ##"<clipPath id="c"><rect width="5" height="5"/></clipPath><rect width="6" height="4" fill="#ff0000" clip-path="url(#c)"/>"##)
        for _ in 0..<2 {
            XCTAssertThrowsError(try cache.items(clipped, file: "c.svg", mode: .scaleToFill, bounds: (20, 10)))
        }
        XCTAssertEqual(cache.count, 0)
    }
}
