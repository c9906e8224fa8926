import JSONText
import XCTest

@testable import Artwork
@testable import Exporters

/// A circular radial gradient's focal point as Lottie's highlight (`h` % of the radius, `a`
/// degrees from the start → end axis), measured against rsvg in rlottie, ThorVG and lottie-web
/// (docs/artwork.md#svg-art-in-the-flat-lottie-export).
final class LottieRadialHighlightTests: XCTestCase {
    func gradient(focus: ArtPoint) throws -> JSONValue {
        let paint = ArtPaint.radial(center: ArtPoint(10, 10), radius: 8, focus: focus, transform: .identity, stops: [])
        // Turned 90 degrees and doubled: the axis points down the screen, the radius is 16.
        let turned = ArtTransform(a: 0, b: 2, c: -2, d: 0, e: 0, f: 0)
        return try LottieArtworkShapes.paint(paint, matrix: turned, file: "art.svg", line: 3, extra: [])
    }

    func testTheFocalPointIsTheHighlightRelativeToTheAxis() throws {
        let g = try gradient(focus: ArtPoint(10, 14))
        XCTAssertEqual(JSONWriter().string(g["s"]!), #"{"a":0,"k":[-20,20]}"#)
        XCTAssertEqual(JSONWriter().string(g["e"]!), #"{"a":0,"k":[-20,36]}"#)
        // Half the radius away, a quarter turn clockwise of the axis (as below the centre in the
        // art's own space, where the axis points right).
        XCTAssertEqual(JSONWriter().string(g["h"]!), #"{"a":0,"k":50}"#)
        XCTAssertEqual(JSONWriter().string(g["a"]!), #"{"a":0,"k":90}"#)
        XCTAssertNil(try gradient(focus: ArtPoint(10, 10))["h"], "no focal point, no highlight")
    }

    /// Up to 99 % of the radius (measured at 95-98.9 %); lottie-web clamps `h` at 99 %.
    func testAFocalPointNearTheCircleIsCarriedUpTo99Percent() throws {
        XCTAssertEqual(JSONWriter().string(try gradient(focus: ArtPoint(10, 17.5))["h"]!), #"{"a":0,"k":93.75}"#)
        XCTAssertThrowsError(try gradient(focus: ArtPoint(10, 17.96))) {
            XCTAssertTrue("\($0)".contains("art.svg:3: a radial gradient whose focal point lies more than 99 % of its radius"), "\($0)")
        }
    }
}
